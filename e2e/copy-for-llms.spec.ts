import { expect, test, type Page } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { runSdkScript, uniqueToken } from "../tests/support/sdk-helpers";
import { openLanternDatabase } from "./support/lantern-database";
import { createProjectDsn } from "./support/lantern-process";
import { openWithKeyboard } from "./support/open-with-keyboard";
import { e2eBaseUrl, e2eServerEnvironment } from "./support/server";

/**
 * Issue 32's "Copy for LLMs", as a person uses it in Chromium: the real @sentry/node sends a large error full
 * of secrets (tests/fixtures/sdk-scripts/secrets-deep-stack.mjs: a password, a card number, `?token=` URLs,
 * a bearer token) to the running `lantern start`; the issue page's menu, driven by the keyboard, copies the
 * full brief and the identifiers-only brief, read back from the real clipboard; without a clipboard the
 * brief shows in a dialog; the menu fits a 375 px phone.
 */

const byteCap = 16 * 1024;

interface Seed {
  slug: string;
  issueId: number;
  eventId: string;
  forbidden: string[];
}

let seed: Seed;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  const name = `copy for llms ${uniqueToken()}`;
  const dsn = await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, name);
  const secrets = { password: `pw-${uniqueToken()}`, token: uniqueToken("tok"), bearer: `eyJhbGciOiJIUzI1NiJ9.${uniqueToken("payload")}.sig`, card: "4111 1111 1111 1111" };
  const run = await runSdkScript("secrets-deep-stack.mjs", { LANTERN_TEST_DSN: dsn, LANTERN_TEST_RELEASE: "shop@2.0.0", LANTERN_TEST_ENVIRONMENT: "e2e", LANTERN_TEST_SECRETS: JSON.stringify(secrets) });
  expect(run.code, run.stderr).toBe(0);
  const eventId = String(run.facts.eventId);
  const database = openLanternDatabase();
  try {
    const stored = () => database.db.selectFrom("events").select("issue_id").where("event_id", "=", eventId).executeTakeFirst();
    await expect.poll(async () => (await stored())?.issue_id ?? null, { message: "the event is digested", timeout: 30_000 }).not.toBeNull();
    seed = { slug: slugify(name), issueId: Number((await stored())!.issue_id), eventId, forbidden: [secrets.password, secrets.token, secrets.bearer, secrets.card, secrets.card.replaceAll(" ", "")] };
  } finally {
    await database.close();
  }
});

const issuePath = () => `/projects/${seed.slug}/issues/${seed.issueId}`;

async function copyWithKeyboard(page: Page, item: "Full brief" | "Identifiers only"): Promise<string> {
  const trigger = page.getByRole("button", { name: "Copy for LLMs" });
  const menu = page.getByRole("menu");
  await openWithKeyboard(page, trigger, page.getByRole("menuitem").first(), { opened: menu });
  const target = page.getByRole("menuitem", { name: new RegExp(`^${item}`) });
  while (!(await target.evaluate((element) => element === document.activeElement))) await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: `${item} copied` })).toBeVisible({ timeout: 15_000 });
  return page.evaluate(() => navigator.clipboard.readText());
}

function expectNoSecret(text: string) {
  for (const secret of seed.forbidden) expect(text, `the brief holds ${secret}`).not.toContain(secret);
}

test.describe("with the clipboard", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("the full brief holds no secret, stays under 16 KiB and carries the in-app frames", async ({ page }) => {
    await page.goto(issuePath());
    const brief = await copyWithKeyboard(page, "Full brief");
    expectNoSecret(brief);
    expect(Buffer.byteLength(brief, "utf8")).toBeLessThanOrEqual(byteCap);
    expect(brief).toContain(`# Lantern issue ${seed.slug.toUpperCase()}-${seed.issueId}`);
    expect(brief).toContain("Title: `Error: payment with card [Filtered] failed`");
    expect(brief).toMatch(/at chargeCardStep \([^)]*secrets-deep-stack\.mjs:\d+:\d+\)/);
    expect(brief).toMatch(/at handleCheckoutRequest \([^)]*secrets-deep-stack\.mjs:\d+:\d+\)/);
    expect(brief).toContain("### Caused by (1)");
    expect(brief).toContain(`${e2eBaseUrl}/projects/${seed.slug}/issues/${seed.issueId}/events/${seed.eventId}`);
    expect(brief).toContain("_…truncated");
    await expect(page.getByRole("status").filter({ hasText: "Full brief copied (shortened to stay under 16 KiB)." })).toBeVisible();
  });

  test("identifiers only: ids, links and the MCP call, and no event text", async ({ page }) => {
    await page.goto(`${issuePath()}/events/${seed.eventId}`);
    const brief = await copyWithKeyboard(page, "Identifiers only");
    expectNoSecret(brief);
    expect(brief).toContain(`get_issue_details(organizationSlug="lantern", issueId="${seed.slug.toUpperCase()}-${seed.issueId}", eventId="${seed.eventId}")`);
    expect(brief).toContain(`${e2eBaseUrl}/mcp`);
    for (const text of ["payment with card", "chargeCardStep", "[Filtered]", "customer_ref"]) expect(brief).not.toContain(text);
  });

  test("at 375 px the menu fits the screen and copies", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto(issuePath());
    const trigger = page.getByRole("button", { name: "Copy for LLMs" });
    await openWithKeyboard(page, trigger, page.getByRole("menuitem").first(), { opened: page.getByRole("menu") });
    for (const item of await page.getByRole("menuitem").all()) {
      const box = (await item.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole("menuitem", { name: /^Identifiers only/ }).click();
    await expect(page.getByRole("status").filter({ hasText: "Identifiers only copied" })).toBeVisible({ timeout: 15_000 });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("get_issue_details(");
  });
});

test("without a clipboard the brief shows in a dialog to copy by hand", async ({ page }) => {
  await page.addInitScript(() => {
    const refuse = () => Promise.reject(new DOMException("Clipboard refused", "NotAllowedError"));
    Object.defineProperty(navigator, "clipboard", { value: { write: refuse, writeText: refuse, readText: refuse }, configurable: true });
  });
  await page.goto(issuePath());
  await page.getByRole("button", { name: "Copy for LLMs" }).click();
  await page.getByRole("menuitem", { name: /^Full brief/ }).click();
  const dialog = page.getByRole("dialog", { name: "Full brief for LLMs" });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  const text = await dialog.getByRole("textbox", { name: "Issue brief" }).inputValue();
  expectNoSecret(text);
  expect(text).toMatch(/at chargeCardStep \(/);
  await dialog.getByRole("button", { name: "Close" }).first().click();
  await expect(dialog).toBeHidden();
});
