import { devices, expect, test, type Page } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { runSdkScript, uniqueToken } from "../tests/support/sdk-helpers";
import { openLanternDatabase } from "./support/lantern-database";
import { createProjectDsn } from "./support/lantern-process";
import { e2eServerEnvironment } from "./support/server";

/**
 * Issue 26, "every datum the SDK sent is on the page": a newcomer's error from the real @sentry/node
 * (tests/fixtures/sdk-scripts/capture-extra-and-context.mjs: a `cause` chain of three errors read by the
 * default linkedErrorsIntegration, breadcrumbs, the default contexts and modules, `setExtra`, `setExtras`,
 * `captureException(e, { extra, fingerprint })` and `setContext("order")`). The tests read the rendered
 * sections, never the JSON tab; and the issue page of this error stays short on a phone.
 */

interface Seed {
  slug: string;
  token: string;
  issueId: number;
  eventId: string;
}

let seed: Seed;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  const token = uniqueToken();
  const name = `event data ${token}`;
  const dsn = await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, name);
  const run = await runSdkScript("capture-extra-and-context.mjs", { LANTERN_TEST_DSN: dsn, LANTERN_TEST_RELEASE: "shop@3.1.0", LANTERN_TEST_ENVIRONMENT: "e2e", LANTERN_TEST_TOKEN: token });
  expect(run.code, run.stderr).toBe(0);
  expect(run.facts.isFlushed).toBe(true);
  const eventId = String(run.facts.eventId);
  const projectId = Number(new URL(dsn).pathname.slice(1));
  const database = openLanternDatabase();
  try {
    const find = () => database.db.selectFrom("events").select("issue_id").where("project_id", "=", projectId).where("event_id", "=", eventId).executeTakeFirst();
    await expect.poll(async () => (await find())?.issue_id ?? null, { message: `event ${eventId} is digested`, timeout: 30_000 }).not.toBeNull();
    seed = { slug: slugify(name), token, issueId: (await find())!.issue_id!, eventId };
  } finally {
    await database.close();
  }
});

const issuePath = () => `/projects/${seed.slug}/issues/${seed.issueId}`;
const eventRegion = (page: Page) => page.getByRole("region", { name: "Latest event" });

test("extra from setExtra, setExtras and captureException is under Additional data, scrubbed, nested values as a tree", async ({ page }) => {
  await page.goto(issuePath());
  const additional = eventRegion(page).getByRole("region", { name: "Additional data" });
  await expect(additional).toBeVisible();
  const entries = additional.getByLabel("Additional data", { exact: true });
  // Each key once, with its value as text: a string, a number, and the scrubbed password.
  await expect(entries.getByRole("term")).toHaveText(["attempt", "cart", "orderId", "password"]);
  await expect(entries.getByRole("definition").nth(0)).toHaveText("2");
  await expect(entries.getByRole("definition").nth(2)).toHaveText(`order-${seed.token}`);
  await expect(entries.getByRole("definition").nth(3)).toHaveText("[Filtered]");
  await expect(additional).not.toContainText("hunter2");
  // The nested object from captureException(e, { extra }): a tree of its keys and values.
  const cart = entries.getByRole("definition").nth(1);
  await expect(cart.getByRole("group", { name: "cart" })).toBeVisible();
  await expect(cart).toContainText('"items": [');
  await expect(cart).toContainText('"LAMP-01",');
  await expect(cart).toContainText('"total_cents": 4200,');
  await expect(cart).toContainText('"coupon": null');
  const items = cart.getByRole("button", { name: "items, 2 items" });
  await items.click();
  await expect(items).toHaveAttribute("aria-expanded", "false");
  await expect(cart.getByText('"DESK-02"')).toBeHidden();
});

test("a custom context from setContext is under Contexts with its own title, every JSON type as text", async ({ page }) => {
  await page.goto(issuePath());
  const contexts = eventRegion(page).getByRole("region", { name: "Contexts" });
  const order = contexts.getByRole("region", { name: "Order" });
  await expect(order.getByRole("heading", { name: "Order" })).toBeVisible();
  const entries = order.getByLabel("Context order", { exact: true });
  await expect(entries.getByRole("term")).toHaveText(["id", "total_cents", "currency", "is_gift", "coupon", "lines", "shipping"]);
  await expect(entries.getByRole("definition")).toHaveText([`order-${seed.token}`, "4200", "EUR", "false", "null", /\[\s*"LAMP-01 × 2"\s*\]/, /"country": "DE",\s*"is_express": true/]);
  // The known contexts keep their own titles beside it.
  await expect(contexts.getByRole("heading", { name: "Runtime" })).toBeVisible();
  await expect(contexts.getByRole("heading", { name: "Operating system" })).toBeVisible();
});

test("the fingerprint the SDK sent is shown as what grouped the event; modules and SDK packages are listed", async ({ page }) => {
  await page.goto(issuePath());
  const event = eventRegion(page);
  const fingerprint = event.getByRole("region", { name: "Fingerprint" });
  await expect(fingerprint.getByRole("listitem")).toHaveText(["checkout-failed", seed.token]);
  await expect(fingerprint).toContainText("Grouped by this fingerprint (custom fingerprint: fingerprint set by the SDK)");

  // modulesIntegration sends every package of the process: folded until asked for, then name and version.
  const modules = event.getByRole("region", { name: "Modules" });
  const toggle = modules.getByRole("button", { name: /^Show \d+ modules$/ });
  await expect(modules.getByText("@sentry/node", { exact: true })).toBeHidden();
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(modules.getByText("@sentry/node", { exact: true })).toBeVisible();
  await expect(modules.getByLabel("Modules", { exact: true }).getByRole("definition").first()).toHaveText(/^\d+\.\d+\.\d+/);

  const sdk = event.getByRole("region", { name: "SDK" });
  await expect(sdk.getByText("sentry.javascript.node")).toBeVisible();
  await expect(sdk).toContainText("npm:@sentry/node@");
  await expect(event.getByRole("region", { name: "Release and environment" })).toContainText("shop@3.1.0");
  await expect(event.getByRole("region", { name: "Release and environment" })).toContainText("error");
});

test.describe("on a phone", () => {
  const phone = devices["iPhone SE (3rd gen)"];
  test.use({ viewport: phone.viewport, deviceScaleFactor: phone.deviceScaleFactor, isMobile: true, hasTouch: true, userAgent: phone.userAgent });

  test("the issue page of the cause-chain error is at most 4,000 px tall at 375 px, and everything folded still opens", async ({ page }) => {
    await page.goto(issuePath());
    const event = eventRegion(page);
    // Hydrated (the folds are client components) before measuring and pressing them.
    await page.waitForLoadState("networkidle");
    await expect(event.getByRole("region", { name: "Exception" }).getByRole("article")).toHaveCount(3);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height, "the page's height at 375 px").toBeLessThanOrEqual(4000);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, "no horizontal scroll").toBeLessThanOrEqual(375);

    // Folded on the phone, each opens from the keyboard: the contexts, extra data, a cause's other frames.
    const contexts = event.getByRole("region", { name: "Contexts" });
    await expect(contexts.getByRole("heading", { name: "Order" })).toBeHidden();
    await contexts.getByRole("button", { name: /^Contexts/ }).focus();
    await page.keyboard.press("Enter");
    await expect(contexts.getByRole("heading", { name: "Order" })).toBeVisible();
    const additional = event.getByRole("region", { name: "Additional data" });
    await additional.getByRole("button", { name: /^Additional data/ }).focus();
    await page.keyboard.press("Enter");
    await expect(additional.getByText(`order-${seed.token}`)).toBeVisible();
    const cause = event.getByRole("region", { name: "Exception" }).getByRole("article").nth(1);
    await expect(cause.getByText("Stock of LAMP-01 could not be read")).toBeVisible();
    await cause.getByRole("button", { name: /^Show \d+ more frames?$/ }).focus();
    await page.keyboard.press("Enter");
    await expect(cause.getByRole("button", { name: /^Show \d+ more frames?$/ })).toHaveCount(0);
    const tags = page.getByRole("region", { name: "Tag distribution" });
    await tags.getByRole("button", { name: "Show tag distribution" }).click();
    await expect(tags.getByText("The most common values across this issue's events.")).toBeVisible();
  });
});
