import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { runSdkScript, uniqueToken } from "../tests/support/sdk-helpers";
import { openLanternDatabase, receivedBodies } from "./support/lantern-database";
import { slugify } from "../src/lib/slugify";
import { createProjectDsn } from "./support/lantern-process";
import { e2eBaseUrl, e2eOwner, e2eServerEnvironment } from "./support/server";

/**
 * Projects as a user works with them: create one with the form, find it in the list, copy its DSN from
 * the setup page, and replace its key — with the real @sentry/node (tests/fixtures/sdk-scripts/
 * capture-message.mjs) sending to the old and the new DSN. The server runs with the default key cache
 * (30 s), so the disabled key is refused only once its cache entry expires: the test polls for that.
 */

const dsnPattern = /^http:\/\/[0-9a-f]{32}@127\.0\.0\.1:\d+\/\d+$/;

async function createProjectWithForm(page: Page, name: string, platform: string): Promise<void> {
  await page.goto("/projects/new");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Platform").selectOption(platform);
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

function projectNav(page: Page): Locator {
  return page.getByRole("navigation", { name: "Project" });
}

function keyCard(page: Page, label: string): Locator {
  return page.getByRole("list", { name: "Client keys" }).getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2, name: label, exact: true }) });
}

/** Sends one message with the real @sentry/node; true when Lantern stored it (200 means committed, so it is there once the SDK has flushed). */
async function sendMessage(dsn: string, message: string): Promise<boolean> {
  const run = await runSdkScript("capture-message.mjs", {
    LANTERN_TEST_DSN: dsn,
    LANTERN_TEST_RELEASE: "shop@1.0.0",
    LANTERN_TEST_ENVIRONMENT: "e2e",
    LANTERN_TEST_SCOPE: JSON.stringify({ message, level: "error", tags: {}, user: {}, contexts: {}, breadcrumbs: [] }),
  });
  expect(run.code, run.stderr).toBe(0);
  expect(run.facts.isFlushed).toBe(true);
  const projectId = Number(new URL(dsn).pathname.slice(1));
  const database = openLanternDatabase();
  try {
    return (await receivedBodies(database, projectId)).some(({ envelope }) => envelope.summary === message);
  } finally {
    await database.close();
  }
}

test("a project made with the form is listed with no unresolved issues, its setup page copies its DSN, and a replaced key is refused while the new one is accepted", async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: e2eBaseUrl });
  const token = uniqueToken();
  const name = `Storefront ${token}`;
  await createProjectWithForm(page, name, "node");

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Projects" }).click();
  const row = page.getByRole("list", { name: "Projects" }).getByRole("listitem").filter({ has: page.getByRole("link", { name, exact: true }) });
  await expect(row).toContainText("0 unresolved");
  await expect(row).toContainText("0 events in 24 h");
  await expect(row.getByRole("img", { name: `${name}: 0 events in the last 24 hours, per hour` })).toBeVisible();

  await row.getByRole("link", { name, exact: true }).click();
  await projectNav(page).getByRole("link", { name: "Setup" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Set up an SDK" })).toBeVisible();
  // The project's own platform is the one shown first.
  await expect(page.getByRole("navigation", { name: "Platforms" }).getByRole("link", { name: "Node.js" })).toHaveAttribute("aria-current", "page");
  await page.getByRole("button", { name: "Copy DSN", exact: true }).click();
  await expect(page.getByRole("button", { name: "Copy DSN", exact: true })).toHaveText("Copied");
  const firstDsn = await page.evaluate(() => navigator.clipboard.readText());
  expect(firstDsn).toMatch(dsnPattern);
  await expect(page.getByRole("list", { name: "Node.js setup steps" })).toContainText(`Sentry.init({ dsn: "${firstDsn}" });`);

  await page.getByRole("navigation", { name: "Platforms" }).getByRole("link", { name: "Python" }).click();
  await expect(page.getByRole("list", { name: "Python setup steps" })).toContainText(`sentry_sdk.init(dsn="${firstDsn}")`);
  await page.getByRole("navigation", { name: "Platforms" }).getByRole("link", { name: "Next.js" }).click();
  const nextjs = page.getByRole("list", { name: "Next.js setup steps" });
  await expect(nextjs).toContainText('tunnelRoute: "/monitoring"');
  await expect(nextjs).toContainText('export { POST } from "@sentry/nextjs/tunnel";');

  expect(await sendMessage(firstDsn, `before rotation ${token}`), "the first key's DSN is accepted").toBe(true);

  await projectNav(page).getByRole("link", { name: "Client keys" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Client keys" })).toBeVisible();
  await page.getByLabel("Label", { exact: true }).fill("Second");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Created the key “Second”" })).toBeVisible();
  await expect(page.getByLabel("Label", { exact: true })).toHaveValue("");
  const second = keyCard(page, "Second");
  await expect(second).toContainText("Active");
  const secondDsn = (await second.locator("code").textContent()) ?? "";
  expect(secondDsn).toMatch(dsnPattern);
  expect(secondDsn).not.toBe(firstDsn);

  const first = keyCard(page, "Default");
  await first.getByRole("button", { name: "Disable" }).click();
  await expect(first.getByRole("form", { name: "Status of Default" }).getByRole("status")).toHaveText("Disabled. Lantern refuses this DSN within 30 seconds.");
  await expect(first).toContainText("Disabled");
  await expect(first.getByRole("button", { name: "Enable" })).toBeVisible();
  await expect(first.getByRole("button", { name: "Rotate" })).toHaveCount(0);

  // Until its key-cache entry expires the old key may still be accepted; then every send is refused.
  let attempt = 0;
  await expect
    .poll(async () => sendMessage(firstDsn, `old key ${token} ${(attempt += 1)}`), { message: "the disabled key's DSN is refused within the key cache's 30 s", timeout: 45_000, intervals: [1000] })
    .toBe(false);
  expect(await sendMessage(firstDsn, `old key again ${token}`), "and stays refused").toBe(false);
  expect(await sendMessage(secondDsn, `new key ${token}`), "the new key's DSN is accepted").toBe(true);

  await projectNav(page).getByRole("link", { name: "Overview" }).click();
  await expect(page.getByRole("list", { name: "Received envelopes" }).getByText(`new key ${token}`)).toBeVisible();
  await expect(page.getByRole("list", { name: "Received envelopes" }).getByText(`old key again ${token}`)).toHaveCount(0);
  // The setup page now offers the key that works.
  await projectNav(page).getByRole("link", { name: "Setup" }).click();
  await expect(page.getByRole("main").getByText(secondDsn, { exact: true }).first()).toBeVisible();
});

test("a key's rate limit needs both values, keeps what was typed when refused, and is saved", async ({ page }) => {
  const name = `Limits ${uniqueToken()}`;
  await createProjectWithForm(page, name, "python");
  await projectNav(page).getByRole("link", { name: "Client keys" }).click();
  const card = keyCard(page, "Default");
  const limit = card.getByRole("form", { name: "Rate limit of Default" });

  await limit.getByLabel("Envelopes").fill("10");
  await limit.getByRole("button", { name: "Save limit" }).click();
  await expect(limit.getByRole("alert")).toHaveText("Give both a count and a window, or leave both empty for no limit");
  await expect(limit.getByLabel("Envelopes")).toHaveValue("10");

  await limit.getByLabel("Window (seconds)").fill("60");
  await limit.getByRole("button", { name: "Save limit" }).click();
  await expect(limit.getByRole("status")).toHaveText("Saved: at most 10 per 60 seconds. Ingest applies it within 30 seconds.");
  await expect(limit.getByRole("alert")).toHaveCount(0);

  await page.reload();
  await expect(keyCard(page, "Default").getByLabel("Envelopes")).toHaveValue("10");
  await expect(keyCard(page, "Default").getByLabel("Window (seconds)")).toHaveValue("60");
});

test("rotating a key lists a new active key with the same label and limit, and disables the old one", async ({ page }) => {
  const name = `Rotation ${uniqueToken()}`;
  await createProjectWithForm(page, name, "go");
  const oldDsn = (await page.getByRole("main").getByText(dsnPattern).first().textContent()) ?? "";
  await projectNav(page).getByRole("link", { name: "Client keys" }).click();
  const limit = keyCard(page, "Default").getByRole("form", { name: "Rate limit of Default" });
  await limit.getByLabel("Envelopes").fill("5");
  await limit.getByLabel("Window (seconds)").fill("3600");
  await limit.getByRole("button", { name: "Save limit" }).click();
  await expect(limit.getByRole("status")).toContainText("Saved");

  await keyCard(page, "Default").getByRole("button", { name: "Rotate" }).click();
  const cards = keyCard(page, "Default");
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0).getByRole("form", { name: "Status of Default" }).getByRole("status")).toContainText("Rotated. The new key is listed last; this one is disabled");
  await expect(cards.nth(0)).toContainText("Disabled");
  await expect(cards.nth(0).locator("code")).toHaveText(oldDsn);
  await expect(cards.nth(1)).toContainText("Active");
  await expect(cards.nth(1).locator("code")).not.toHaveText(oldDsn);
  await expect(cards.nth(1).getByLabel("Envelopes")).toHaveValue("5");
  await expect(cards.nth(1).getByLabel("Window (seconds)")).toHaveValue("3600");
  await page.goto("/projects");
});

test("the project page links to its issues, setup, keys and settings", async ({ page }) => {
  const name = `Links ${uniqueToken()}`;
  await createProjectWithForm(page, name, "javascript-nextjs");
  const slug = new URL(page.url()).pathname.split("/").pop();
  await expect(projectNav(page).getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
  for (const [label, path] of [
    ["Issues", "issues"],
    ["Setup", "setup"],
    ["Client keys", "keys"],
    ["Settings", "settings"],
  ] as const) {
    await expect(projectNav(page).getByRole("link", { name: label })).toHaveAttribute("href", `/projects/${slug}/${path}`);
  }
  await expect(page.getByRole("list", { name: "Received envelopes" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Waiting for your first event" })).toBeVisible();
  await page.getByRole("link", { name: "Set up an SDK" }).click();
  await expect(page.getByRole("navigation", { name: "Platforms" }).getByRole("link", { name: "Next.js" })).toHaveAttribute("aria-current", "page");
  await page.goto(`/projects/${slug}`);
});

test("the client keys and setup pages have no serious or critical axe violations, with an active and a disabled key", async ({ page }) => {
  const name = `Axe ${uniqueToken()}`;
  await createProjectWithForm(page, name, "node");
  await projectNav(page).getByRole("link", { name: "Client keys" }).click();
  await page.getByLabel("Label", { exact: true }).fill("Second");
  await page.getByRole("button", { name: "Create key" }).click();
  await keyCard(page, "Default").getByRole("button", { name: "Disable" }).click();
  await expect(keyCard(page, "Default")).toContainText("Disabled");
  for (const path of ["keys", "setup"]) {
    if (path === "setup") await projectNav(page).getByRole("link", { name: "Setup" }).click();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`), path).toEqual([]);
  }
});

test("deleting a project asks for its slug, removes it and writes the audit log", async ({ page }) => {
  const name = `doomed ${uniqueToken()}`;
  await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, name);
  const slug = slugify(name);
  await page.goto(`/projects/${slug}/settings`);
  const danger = page.locator("form").filter({ has: page.getByRole("button", { name: "Delete project" }) });
  await danger.getByLabel(/to confirm/).fill("not-the-slug");
  await danger.getByRole("button", { name: "Delete project" }).click();
  await expect(danger.getByRole("alert")).toHaveText(`Type ${slug} to confirm.`);
  await danger.getByLabel(/to confirm/).fill(slug);
  await danger.getByRole("button", { name: "Delete project" }).click();
  await page.waitForURL(/\/projects$/);
  expect((await page.goto(`/projects/${slug}`))?.status()).toBe(404);
  const database = openLanternDatabase();
  try {
    const entry = await database.db.selectFrom("audit_log").select(["actor", "target"]).where("action", "=", "project.deleted").where("target", "=", `project:${slug}`).executeTakeFirst();
    expect(entry).toEqual({ actor: `user:${e2eOwner.email}`, target: `project:${slug}` });
  } finally {
    await database.close();
  }
});
