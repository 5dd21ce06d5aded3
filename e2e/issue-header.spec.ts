import { expect, test, type Page } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { runSdkScript, uniqueToken } from "../tests/support/sdk-helpers";
import { openLanternDatabase } from "./support/lantern-database";
import { createProjectDsn } from "./support/lantern-process";
import { openWithKeyboard, pressUntilFocused } from "./support/open-with-keyboard";
import { e2eServerEnvironment } from "./support/server";

/**
 * The issue page's header and stack trace, end to end, on the Node fixture issue e2e/issue-page.spec.ts
 * uses (tests/fixtures/sdk-scripts/capture-rich-exception.mjs from the real @sentry/node): the Resolve ▾,
 * Ignore ▾ and ⋯ menus driven by the keyboard only, the project's real releases in "In release…", only the
 * crashing frame open, and the page's height.
 */

/**
 * document.documentElement.scrollHeight of this issue at 1440 × 900 before issue 20 changed the page: 5,664 px,
 * measured on 2026-11-26 at 04:28 UTC on commit b088d22 (a clean export of HEAD, `npm start`, Debian's Chromium
 * via @sparticuz/chromium) with the same three events this file sends, by a throwaway copy of this spec.
 */
const heightBeforeIssue20 = 5664;

const script = "capture-rich-exception.mjs";

interface Seed {
  slug: string;
  issueId: number;
}

/** One issue of a new project: its events in release shop@1.9.0, then two in shop@2.0.0 (the newest release). */
async function sendEvents(label: string): Promise<Seed> {
  const token = uniqueToken();
  const name = `${label} ${token}`;
  const dsn = await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, name);
  const eventIds: string[] = [];
  for (const [plan, release] of [
    ["free", "shop@1.9.0"],
    ["pro", "shop@2.0.0"],
    ["pro", "shop@2.0.0"],
  ] as const) {
    const run = await runSdkScript(script, { LANTERN_TEST_DSN: dsn, LANTERN_TEST_RELEASE: release, LANTERN_TEST_ENVIRONMENT: "e2e", LANTERN_TEST_TOKEN: token, LANTERN_TEST_PLAN: plan });
    expect(run.code, run.stderr).toBe(0);
    eventIds.push(String(run.facts.eventId));
  }
  const projectId = Number(new URL(dsn).pathname.slice(1));
  const database = openLanternDatabase();
  try {
    const digested = () => database.db.selectFrom("events").select(["event_id", "issue_id"]).where("project_id", "=", projectId).where("event_id", "in", eventIds).execute();
    await expect.poll(async () => (await digested()).length, { message: "all three events are digested", timeout: 30_000 }).toBe(3);
    const issues = new Set((await digested()).map((row) => row.issue_id));
    expect(issues.size, "the three events are one issue").toBe(1);
    return { slug: slugify(name), issueId: [...issues][0]! };
  } finally {
    await database.close();
  }
}

let seed: Seed;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  seed = await sendEvents("issue header");
});

const issuePath = (issue: Seed = seed) => `/projects/${issue.slug}/issues/${issue.issueId}`;
const actions = (page: Page) => page.getByRole("region", { name: "Issue actions" });
const header = (page: Page) => page.locator("header").filter({ has: page.getByRole("heading", { level: 1 }) });

test("Resolve ▾ and Ignore ▾ work with the keyboard alone; In release… offers exactly the project's releases", async ({ page }) => {
  await page.goto(issuePath());
  // The menus work once the page is hydrated, which the stack trace's view buttons show.
  await expect(page.getByRole("button", { name: "Expand all frames" })).toBeVisible();

  const menu = page.getByRole("menu");
  await openWithKeyboard(page, actions(page).getByRole("button", { name: "Resolve" }), menu.getByRole("menuitem", { name: "Resolve now" }), { opened: menu });
  await expect(menu.getByRole("menuitem")).toHaveText(["Resolve now", "In the next release", "In release…"]);
  await pressUntilFocused(page, "ArrowDown", menu.getByRole("menuitem", { name: "In release…" }));
  await page.keyboard.press("ArrowRight");
  const releases = page.getByRole("menu", { name: "In release…" });
  await expect(releases.getByRole("menuitem")).toHaveText(["shop@2.0.0", "shop@1.9.0"]);
  await expect(releases.getByRole("menuitem", { name: "shop@2.0.0" })).toBeFocused();
  await pressUntilFocused(page, "ArrowDown", releases.getByRole("menuitem", { name: "shop@1.9.0" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Resolved." })).toBeVisible();
  await expect(page.getByText("Resolved in release shop@1.9.0.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Activity" }).getByText(/^Resolved in release shop@1\.9\.0/)).toBeVisible();

  // Reopen is a plain button (it goes with its form once the issue is open again).
  await actions(page).getByRole("button", { name: "Reopen" }).focus();
  await page.keyboard.press("Enter");
  await expect(header(page).getByText("Unresolved", { exact: true })).toBeVisible();
  await expect(page.getByText("Resolved in release shop@1.9.0.")).toHaveCount(0);

  // Ignore ▾ opens with ArrowDown; "Until it occurs again…" is the third entry, its counts a submenu.
  await actions(page).getByRole("button", { name: "Ignore" }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menu").getByRole("menuitem")).toHaveText(["Forever", "For…", "Until it occurs again…", "Until it affects more users…"]);
  // The menu focuses its first entry a moment after it opens; arrows pressed before that start from nowhere.
  await expect(page.getByRole("menuitem", { name: "Forever" })).toBeFocused();
  await pressUntilFocused(page, "ArrowDown", page.getByRole("menuitem", { name: "Until it occurs again…" }));
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("menuitem", { name: "1 more time", exact: true })).toBeFocused();
  await pressUntilFocused(page, "ArrowDown", page.getByRole("menuitem", { name: "10 more times" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Ignored." })).toBeVisible();
  await expect(page.getByText("Ignored until it occurs 10 more times.")).toBeVisible();
  await expect(header(page).getByText("Ignored", { exact: true })).toBeVisible();

  // The r key still submits the same form, as "resolve now" (the menu's choice does not stick to it).
  await actions(page).getByRole("button", { name: "Reopen" }).click();
  await expect(header(page).getByText("Unresolved", { exact: true })).toBeVisible();
  await page.getByRole("heading", { level: 1 }).click();
  await page.keyboard.press("r");
  await expect(header(page).getByText("Resolved", { exact: true })).toBeVisible();
  await expect(header(page).getByText(/^Resolved in /)).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Activity" }).getByText(/^Resolved by /)).toBeVisible();
  await actions(page).getByRole("button", { name: "Reopen" }).click();
  await expect(header(page).getByText("Unresolved", { exact: true })).toBeVisible();
});

test("only the crashing frame is open; In-app only is remembered; the page is at most half as tall as before", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(issuePath());
  const exception = page.getByRole("region", { name: "Latest event" }).getByRole("region", { name: "Exception" });
  const frames = exception.getByRole("list", { name: "Stack trace, newest frame first" }).locator(":scope > li");
  await expect(frames).toHaveCount(4);
  // chargeCard threw: the newest in-app frame is the only one with its source and variables on view.
  await expect(exception.getByLabel("Source context").filter({ visible: true })).toHaveCount(1);
  await expect(frames.first().getByLabel("Source context")).toBeVisible();
  await expect(frames.first().getByText("chargeCard", { exact: true })).toBeVisible();
  await expect(exception.getByLabel("Variables").filter({ visible: true })).toHaveCount(1);
  // The other frames open one by one, or all at once.
  await frames.nth(1).locator("summary").click();
  await expect(frames.nth(1).getByLabel("Source context")).toBeVisible();
  await exception.getByRole("button", { name: "Expand all frames" }).click();
  await expect(exception.getByLabel("Source context").filter({ visible: true })).toHaveCount(3);

  await page.reload();
  await expect(page.getByRole("region", { name: "Breadcrumbs", exact: true })).toBeVisible();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.screenshot({ path: "test-results/screenshots/issue-page-1440px.png", fullPage: true });
  expect(height, `the page is ${height} px tall (before: ${heightBeforeIssue20} px)`).toBeLessThanOrEqual(heightBeforeIssue20 / 2);

  const views = exception.getByRole("group", { name: "Stack trace view" });
  await views.getByRole("button", { name: "In-app only" }).click();
  await expect(frames).toHaveCount(3);
  await page.reload();
  await expect(views.getByRole("button", { name: "In-app only" })).toHaveAttribute("aria-pressed", "true");
  await expect(frames).toHaveCount(3);
  await views.getByRole("button", { name: "Full" }).click();
  await page.reload();
  await expect(views.getByRole("button", { name: "Full" })).toHaveAttribute("aria-pressed", "true");
  await expect(frames).toHaveCount(4);
});

test("the three actions fit one row, at 1440 px and on a 375 px phone", async ({ page }) => {
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(issuePath());
    const tops = await Promise.all(["Resolve", "Ignore", "More actions"].map(async (name) => (await actions(page).getByRole("button", { name }).boundingBox())!.y));
    expect(new Set(tops).size, `${width} px: the buttons' tops are ${tops.join(", ")}`).toBe(1);
  }
});

test("the highlighted tags, grouping tabs and folding JSON show the event as text", async ({ page }) => {
  await page.goto(issuePath());
  const strip = page.getByLabel("Highlighted tags");
  await expect(strip).toContainText("Environmente2e");
  await expect(strip).toContainText("Releaseshop@2.0.0");
  await expect(strip).toContainText(/Runtimenode/);
  await expect(strip).toContainText("Userpro@shop.example");
  await expect(strip).toContainText("URLhttps://shop.example/checkout");

  const event = page.getByRole("region", { name: "Latest event" });
  // Hashes first; arrow keys move through the tabs, each showing its panel.
  await expect(event.getByRole("region", { name: "Hashes" })).toBeVisible();
  await expect(event.getByRole("region", { name: "Why grouped this way" })).toHaveCount(0);
  await event.getByRole("tab", { name: "Hashes" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(event.getByRole("tab", { name: "Grouping" })).toHaveAttribute("aria-selected", "true");
  await expect(event.getByRole("region", { name: "Why grouped this way" })).toContainText("This event joined by this hash");
  await page.keyboard.press("ArrowRight");
  const json = event.getByRole("group", { name: "Event JSON" });
  await expect(json).toContainText('"environment": "e2e"');
  const user = json.getByRole("button", { name: /^user, \d+ keys$/ }).first();
  await expect(user).toHaveAttribute("aria-expanded", "true");
  // The user object's own node: its e-mail shows while it is open, and hides when it folds.
  const email = user.locator("xpath=..").getByText('"pro@shop.example"', { exact: true });
  await expect(email).toBeVisible();
  await user.click();
  await expect(user).toHaveAttribute("aria-expanded", "false");
  await expect(email).toBeHidden();
});

test("⋯ copies the issue's link, and Delete asks in a dialog before it deletes", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const doomed = await sendEvents("issue header delete");
  await page.goto(issuePath(doomed));
  await expect(page.getByRole("button", { name: "Expand all frames" })).toBeVisible();

  const moreMenu = page.getByRole("menu");
  await openWithKeyboard(page, actions(page).getByRole("button", { name: "More actions" }), page.getByRole("menuitem", { name: "Copy share link" }), { opened: moreMenu });
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Link copied." })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(issuePath(doomed), page.url()).toString());

  // Delete issue… is the menu's last entry (End), and asks first.
  await actions(page).getByRole("button", { name: "More actions" }).focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("End");
  await expect(page.getByRole("menuitem", { name: "Delete issue…" })).toBeFocused();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog", { name: "Delete this issue?" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(issuePath(doomed));

  await actions(page).getByRole("button", { name: "More actions" }).focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await dialog.getByRole("button", { name: "Delete issue" }).click();
  await expect(page).toHaveURL(`/projects/${doomed.slug}/issues`);
  expect((await page.goto(issuePath(doomed)))?.status()).toBe(404);
});
