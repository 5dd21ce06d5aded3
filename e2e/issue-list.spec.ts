import { expect, test, type Page } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { runSdkScript, uniqueToken } from "../tests/support/sdk-helpers";
import { issueRows, issueTable } from "./support/issue-rows";
import { createProjectDsn } from "./support/lantern-process";
import { e2eServerEnvironment } from "./support/server";

/**
 * The issue list, end to end: each test makes its own project with the CLI and sends real messages with the
 * real @sentry/node (tests/fixtures/sdk-scripts/capture-message.mjs, with a level and tags set on the
 * scope), then searches, uses the keyboard and bulk actions, and watches new issues arrive while open.
 */

interface Project {
  dsn: string;
  slug: string;
  token: string;
}

async function insertProject(prefix: string): Promise<Project> {
  const token = uniqueToken();
  const name = `${prefix} ${token}`;
  const dsn = await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, name);
  return { dsn, slug: slugify(name), token };
}

async function sendMessage({ dsn }: Project, message: string, level: string, tags: Record<string, string>): Promise<void> {
  const run = await runSdkScript("capture-message.mjs", {
    LANTERN_TEST_DSN: dsn,
    LANTERN_TEST_RELEASE: "shop@2.0.0",
    LANTERN_TEST_ENVIRONMENT: "e2e",
    LANTERN_TEST_SCOPE: JSON.stringify({ message, level, tags, user: { id: "42" }, contexts: {}, breadcrumbs: [] }),
  });
  expect(run.code, run.stderr).toBe(0);
  expect(run.facts.isFlushed).toBe(true);
}

const table = issueTable;
const rows = issueRows;

/** Opens the project's list (optionally with a query) until `count` rows are there: digest runs after ingest answers. */
async function openList(page: Page, project: Project, count: number, query?: string): Promise<void> {
  const url = `/projects/${project.slug}/issues${query === undefined ? "" : `?query=${encodeURIComponent(query)}`}`;
  await expect(async () => {
    await page.goto(url);
    await expect(rows(page)).toHaveCount(count, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  // The shortcuts' hint appears once the page is interactive.
  await expect(page.getByText("move · x select")).toBeVisible();
}

async function search(page: Page, query: string): Promise<void> {
  const bar = page.getByRole("combobox", { name: "Search", exact: true });
  await bar.fill(query);
  await bar.press("Enter");
  await expect.poll(() => new URL(page.url()).searchParams.get("query")).toBe(query);
}

async function seedThree(prefix: string): Promise<Project & { titles: { cart: string; slow: string; coupon: string } }> {
  const project = await insertProject(prefix);
  const titles = { cart: `Cart total mismatch ${project.token}`, slow: `Slow checkout ${project.token}`, coupon: `Coupon ignored ${project.token}` };
  await sendMessage(project, titles.cart, "error", { region: "eu", "browser.name": "Chrome" });
  await sendMessage(project, titles.slow, "warning", { region: "us" });
  await sendMessage(project, titles.coupon, "info", { region: "eu" });
  return { ...project, titles };
}

test("searching with level:, a tag and ! shows exactly the matching issues; an invalid query says why under the bar", async ({ page }) => {
  const project = await seedThree("issue search");
  const { cart, slow, coupon } = project.titles;
  await openList(page, project, 3);

  await search(page, "level:error");
  await expect(rows(page)).toHaveText([new RegExp(cart)]);
  await search(page, "region:eu");
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).filter({ hasText: slow })).toHaveCount(0);
  await search(page, "!region:eu");
  await expect(rows(page)).toHaveText([new RegExp(slow)]);
  await search(page, "!level:error region:eu");
  await expect(rows(page)).toHaveText([new RegExp(coupon)]);
  await search(page, `browser.name:Chrome "mismatch ${project.token}"`);
  await expect(rows(page)).toHaveText([new RegExp(cart)]);

  await search(page, "is:unresolved first-seen:yesterday");
  const error = page.getByRole("search", { name: "Search issues" }).getByRole("alert");
  await expect(error).toContainText("first-seen: expects a time such as -24h");
  await expect(error.locator("mark")).toHaveText("yesterday");
  await expect(page.getByRole("combobox", { name: "Search", exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(table(page)).toHaveCount(0);

  // A key that is neither built in nor a tag of any project: the warning names it and marks it in the query.
  await search(page, "is:unresolved bogusfield:xyz");
  await expect(error).toContainText("Unknown search key “bogusfield”");
  await expect(error.locator("mark")).toHaveText("bogusfield");
  await expect(table(page)).toHaveCount(0);
});

test("j/k move through the rows, x selects, Resolve resolves the selected issues at once", async ({ page }) => {
  const project = await seedThree("issue keys");
  await openList(page, project, 3);
  const list = rows(page);

  await page.keyboard.press("j");
  await expect(list.nth(0)).toBeFocused();
  await page.keyboard.press("j");
  await page.keyboard.press("j");
  await expect(list.nth(2)).toBeFocused();
  await page.keyboard.press("k");
  await expect(list.nth(1)).toBeFocused();
  await page.keyboard.press("x");
  await page.keyboard.press("k");
  await page.keyboard.press("x");
  await expect(list.nth(0).getByRole("checkbox")).toBeChecked();
  await expect(list.nth(1).getByRole("checkbox")).toBeChecked();
  await expect(list.nth(2).getByRole("checkbox")).not.toBeChecked();
  await expect(page.getByText("2 issues selected")).toBeVisible();
  const [first, second, third] = await Promise.all([0, 1, 2].map(async (index) => (await list.nth(index).getByRole("link").textContent()) ?? ""));

  await page.getByRole("button", { name: "Resolve", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Resolved 2 issues." })).toBeVisible();
  await expect(list).toHaveText([new RegExp(third!)]);

  await page.getByRole("navigation", { name: "Issue status" }).getByRole("link", { name: "Resolved", exact: true }).click();
  await expect(list).toHaveCount(2);
  await expect(list.filter({ hasText: first! })).toHaveCount(1);
  await expect(list.filter({ hasText: second! })).toHaveCount(1);

  await page.getByRole("checkbox", { name: "Select all issues on this page" }).check();
  await page.getByRole("button", { name: "Delete…" }).click();
  await page.getByRole("alertdialog", { name: "Delete 2 issues?" }).getByRole("button", { name: "Delete 2 issues" }).click();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Deleted 2 issues." })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No issues match" })).toBeVisible();

  await page.keyboard.press("/");
  await expect(page.getByRole("combobox", { name: "Search", exact: true })).toBeFocused();
  await page.keyboard.press("j");
  await expect(page.getByRole("combobox", { name: "Search", exact: true })).toBeFocused();
});

test("Ignore… opens its options from the keyboard (Escape closes them), and ignores the selected issue until N more events", async ({ page }) => {
  const project = await seedThree("issue ignore");
  await openList(page, project, 3);
  const list = rows(page);
  const ignored = (await list.nth(0).getByRole("link").textContent()) ?? "";
  await list.nth(0).getByRole("checkbox").check();
  const trigger = page.getByRole("button", { name: "Ignore…" });
  const panel = page.getByRole("dialog", { name: "Ignore the selected issues" });
  await trigger.focus();
  await page.keyboard.press("Enter");
  await expect(panel.getByRole("button", { name: "Ignore forever" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await expect(trigger).toBeFocused();

  await page.keyboard.press("Enter");
  await panel.getByLabel("N =").fill("5");
  await panel.getByRole("button", { name: "Until N more events" }).click();
  await expect(panel).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Ignored 1 issue." })).toBeVisible();
  await expect(list).toHaveCount(2);
  await expect(list.filter({ hasText: ignored })).toHaveCount(0);
});

test("a new issue arriving while the list is open shows a “new” indicator, and appears when asked", async ({ page }) => {
  const project = await insertProject("issue live");
  await sendMessage(project, `First problem ${project.token}`, "error", {});
  await openList(page, project, 1);

  await sendMessage(project, `Second problem ${project.token}`, "error", {});
  const indicator = page.getByRole("status").getByRole("button", { name: "1 new or updated — Show" });
  await expect(indicator).toBeVisible({ timeout: 30_000 });
  await expect(rows(page)).toHaveCount(1);

  await indicator.click();
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).first()).toContainText(`Second problem ${project.token}`);
  await expect(indicator).toHaveCount(0);
});

test("an empty list shows the first issue on its own", async ({ page }) => {
  const project = await insertProject("issue first");
  await page.goto(`/projects/${project.slug}/issues`);
  await expect(page.getByRole("heading", { name: "No issues match" })).toBeVisible();

  await sendMessage(project, `Very first problem ${project.token}`, "error", {});
  await expect(rows(page)).toHaveCount(1, { timeout: 30_000 });
  await expect(rows(page).first()).toContainText(`Very first problem ${project.token}`);
});
