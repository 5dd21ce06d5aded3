import { expect, test, type Page } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { runSdkScript, uniqueToken } from "../tests/support/sdk-helpers";
import { createProjectDsn } from "./support/lantern-process";
import { e2eServerEnvironment, e2eOwner } from "./support/server";

/**
 * Issues, end to end: each test creates its own project with the CLI, sends real errors with the real
 * @sentry/node (tests/fixtures/sdk-scripts/capture-exception.mjs: an Error caused by a TypeError, thrown
 * from `checkout`), and waits for digest by polling the page.
 */

const release = "shop@1.0.0";

async function insertProject(prefix: string): Promise<{ dsn: string; slug: string; token: string }> {
  const token = uniqueToken();
  const name = `${prefix} ${token}`;
  const dsn = await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, name);
  return { dsn, slug: slugify(name), token };
}

/** One captureException from the same code path every time, so every event gets the same grouping hash. */
async function sendCheckoutError(dsn: string, token: string): Promise<void> {
  const run = await runSdkScript("capture-exception.mjs", {
    LANTERN_TEST_DSN: dsn,
    LANTERN_TEST_RELEASE: release,
    LANTERN_TEST_ENVIRONMENT: "e2e",
    LANTERN_TEST_TOKEN: token,
  });
  expect(run.code, run.stderr).toBe(0);
  expect(run.facts.isFlushed).toBe(true);
}

function issueRow(page: Page, token: string) {
  return page.getByRole("table", { name: "Issues" }).getByRole("row").filter({ hasText: `Checkout failed for order ${token}` });
}

test("an error sent twice is one issue with 2 events, and its page shows the exception, the stack and why it was grouped", async ({ page }) => {
  const { dsn, slug, token } = await insertProject("issues list");
  await sendCheckoutError(dsn, token);
  await sendCheckoutError(dsn, token);

  const row = issueRow(page, token);
  await expect(async () => {
    await page.goto(`/issues?project=${slug}`);
    await expect(row).toHaveCount(1, { timeout: 1000 });
    // Columns: select, issue, last 24 hours, events, users, last seen, first seen.
    await expect(row.getByRole("cell").nth(3)).toHaveText("2", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(row.getByText("New", { exact: true })).toBeVisible();
  await expect(row.getByRole("img", { name: "2 events in the last 24 hours" })).toBeVisible();

  await row.getByRole("link", { name: `Error: Checkout failed for order ${token}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Error: Checkout failed for order ${token}` })).toBeVisible();
  const latestEvent = page.getByRole("region", { name: "Latest event" });
  await expect(latestEvent.getByRole("heading", { name: `Error: Checkout failed for order ${token}` })).toBeVisible();
  await expect(latestEvent.getByRole("heading", { name: `TypeError: price of order ${token} is undefined` })).toBeVisible();
  await expect(latestEvent.getByText("checkout", { exact: true }).first()).toBeVisible();
  await expect(latestEvent.getByText("readPrice", { exact: true }).first()).toBeVisible();

  // Hashes is the issue page's first tab; the grouping is the next.
  await page.getByRole("tab", { name: "Grouping" }).click();
  const grouping = page.getByRole("region", { name: "Why grouped this way" });
  await expect(grouping.getByRole("heading", { name: "Why grouped this way" })).toBeVisible();
  await expect(grouping.getByText(/^[0-9a-f]{32}$/).first()).toBeVisible();
  await expect(grouping.getByText("This event joined by this hash")).toBeVisible();
  await expect(page.getByRole("region", { name: "Activity" }).getByText(`First seen in release ${release}`)).toBeVisible();
});

test("resolving an issue takes it out of Unresolved; a new event brings it back as Regressed", async ({ page }) => {
  const { dsn, slug, token } = await insertProject("issues regression");
  await sendCheckoutError(dsn, token);

  const row = issueRow(page, token);
  await expect(async () => {
    await page.goto(`/issues?project=${slug}`);
    await expect(row).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });

  // Selection works once the page is interactive, which the shortcuts' hint announces.
  await expect(page.getByText("move · x select")).toBeVisible();
  await row.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Resolve", exact: true }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "No issues match" })).toBeVisible();
  await page.getByRole("navigation", { name: "Issue status" }).getByRole("link", { name: "Resolved", exact: true }).click();
  await expect(row).toHaveCount(1);

  await sendCheckoutError(dsn, token);
  await expect(async () => {
    await page.goto(`/issues?project=${slug}`);
    await expect(row.getByText("Regressed", { exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(row.getByRole("cell").nth(3)).toHaveText("2");

  await row.getByRole("link").click();
  const activity = page.getByRole("region", { name: "Activity" });
  await expect(activity.getByText(`Regressed in release ${release}`)).toBeVisible();
  await expect(activity.getByText(`Resolved by ${e2eOwner.email}`)).toBeVisible();
});

test("project settings name the line of a stack trace rule's syntax error, and save valid rules", async ({ page }) => {
  const { slug } = await insertProject("issues settings");
  await page.goto(`/projects/${slug}`);
  await page.getByRole("main").getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /settings$/ })).toBeVisible();

  const rules = page.getByLabel("Stack trace rules");
  await rules.fill("path:**/vendor/** -app\nfunction:checkout +nonsense");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Stack trace rules: line 2" })).toBeVisible();
  await expect(rules).toHaveValue("path:**/vendor/** -app\nfunction:checkout +nonsense");

  await rules.fill("path:**/vendor/** -app");
  await page.getByLabel("Events kept per issue").fill("500");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "line 2" })).toHaveCount(0);

  await page.reload();
  await expect(page.getByLabel("Stack trace rules")).toHaveValue("path:**/vendor/** -app");
  await expect(page.getByLabel("Events kept per issue")).toHaveValue("500");
});
