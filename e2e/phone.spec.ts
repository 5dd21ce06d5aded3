import { devices, expect, test, type Locator, type Page } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { eventEnvelope, uniqueToken } from "../tests/support/sdk-helpers";
import { openLanternDatabase } from "./support/lantern-database";
import { createProjectDsn } from "./support/lantern-process";
import { mainPages, seedProject, type Seed } from "./support/main-pages";
import { e2eBaseUrl, e2eOwner, e2eServerEnvironment } from "./support/server";

/**
 * Acceptance 5 of issue 20: at 375 px, in Chromium's mobile emulation (a touch screen, the iPhone SE's
 * viewport and user agent), every main page fits the screen's width, the issue list shows its first issue
 * on the first screen, and issue titles wrap between words, never inside one.
 */
const phone = devices["iPhone SE (3rd gen)"];
test.use({ viewport: phone.viewport, deviceScaleFactor: phone.deviceScaleFactor, isMobile: true, hasTouch: true, userAgent: phone.userAgent });

/** Normal words, each short enough for a line, that make a title several lines long on a phone. */
const longTitleWords = "Cannot reconcile the shopping basket with the warehouse inventory because the availability response arrived after the payment authorization had already expired";

let seed: Seed;
let longTitle: { slug: string };

/** A project whose one issue has the long title: an exception event sent over HTTP like an SDK's. */
async function seedLongTitle(): Promise<{ slug: string }> {
  const name = `phone titles ${uniqueToken()}`;
  const dsn = new URL(await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, name));
  const { body } = eventEnvelope({ exception: { values: [{ type: "StockSyncError", value: longTitleWords }] } });
  const response = await fetch(`${e2eBaseUrl}/api${dsn.pathname}/envelope/?sentry_version=7&sentry_key=${dsn.username}`, { method: "POST", body: new Uint8Array(body) });
  expect(response.status).toBe(200);
  return { slug: slugify(name) };
}

test.beforeAll(async () => {
  test.setTimeout(60_000);
  // One after the other: two `lantern project create` at once can find SQLite's write lock taken.
  seed = await seedProject("phone");
  longTitle = await seedLongTitle();
  await seedSharedSearches(seed.slug);
});

/**
 * Shared saved searches of a project are tabs on /issues too, each with the project's name and visually
 * hidden "(shared)" text: a row of them is wider than a phone and must scroll inside itself.
 */
async function seedSharedSearches(slug: string): Promise<void> {
  const database = openLanternDatabase();
  try {
    const owner = await database.db.selectFrom("users").select("id").where("email", "=", e2eOwner.email).executeTakeFirstOrThrow();
    const project = await database.db.selectFrom("projects").select("id").where("slug", "=", slug).executeTakeFirstOrThrow();
    const searches = ["Checkout errors", "Payment timeouts", "Slow renders"].map((name) => ({
      owner_user_id: owner.id,
      project_id: project.id,
      name: `${name} ${slug}`,
      query: "level:error",
      sort: "last_seen",
      is_shared: 1,
      created_at: Date.now(),
    }));
    await database.db.insertInto("saved_searches").values(searches).execute();
  } finally {
    await database.close();
  }
}

async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; clientWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const { scrollWidth, clientWidth } = document.documentElement;
    // What sticks out: the outermost elements past the right edge that no scrolling box of their own clips.
    const isPast = (element: Element) => element.getBoundingClientRect().right > clientWidth + 0.5;
    const isClipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== "visible") return true;
      }
      return false;
    };
    const culprits = Array.from(document.body.querySelectorAll("*"))
      .filter((element) => isPast(element) && !isClipped(element) && !(element.parentElement && isPast(element.parentElement)))
      .slice(0, 5)
      .map((element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}"> ${Math.round(element.getBoundingClientRect().width)} px: ${(element.textContent ?? "").trim().slice(0, 60)}`);
    return { scrollWidth, clientWidth, culprits };
  });
}

/**
 * The words of an element's text that a line break splits: each word's Range gives one client rect per line
 * it is on. Also how many lines the whole text takes, so a check on a one-line title cannot pass by accident.
 */
async function wordsSplitAcrossLines(element: Locator): Promise<{ lines: number; split: string[] }> {
  return element.evaluate((root) => {
    const lineTops = (rects: DOMRectList) => new Set(Array.from(rects, (rect) => Math.round(rect.top))).size;
    const split: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? "").matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        if (lineTops(range.getClientRects()) > 1) split.push(match[0]);
      }
    }
    const whole = document.createRange();
    whole.selectNodeContents(root);
    return { lines: lineTops(whole.getClientRects()), split };
  });
}

test("the phone is emulated as a touch screen at 375 px", async ({ page }) => {
  await page.goto("/projects");
  expect(await page.evaluate(() => ({ width: window.innerWidth, coarse: matchMedia("(pointer: coarse)").matches, hoverNone: matchMedia("(hover: none)").matches }))).toEqual({ width: 375, coarse: true, hoverNone: true });
});

for (const mainPage of mainPages) {
  test(`${mainPage.name} fits 375 px without scrolling sideways`, async ({ page }) => {
    const response = await page.goto(mainPage.path(seed));
    expect(response?.status(), `${mainPage.path(seed)} answers`).toBe(mainPage.status ?? 200);
    await page.waitForLoadState("load");
    const { scrollWidth, clientWidth, culprits } = await horizontalOverflow(page);
    // The whole page as a phone shows it, light then dark, for a person to look at (test-results/ is ignored
    // by git); the accessibility suite takes the same at 1440 px.
    await page.screenshot({ path: `test-results/screenshots/375px-light/${mainPage.name}.png`, fullPage: true });
    // next-themes follows the system's preference, which emulateMedia changes.
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
    await page.screenshot({ path: `test-results/screenshots/375px-dark/${mainPage.name}.png`, fullPage: true });
    expect(clientWidth).toBe(375);
    expect(scrollWidth, `${mainPage.path(seed)} is ${scrollWidth} px wide; past the edge:\n${culprits.join("\n")}`).toBeLessThanOrEqual(clientWidth);
  });
}

for (const list of [{ name: "the issues of every project", path: () => "/issues" }, { name: "a project's issues", path: () => `/projects/${seed.slug}/issues` }]) {
  test(`${list.name}: the first issue shows on the first screen, the filters wait behind a Filters button`, async ({ page }) => {
    await page.goto(list.path());
    const firstIssue = page.getByRole("table", { name: "Issues" }).getByRole("row").nth(1).getByRole("link").first();
    await expect(firstIssue).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // Its first two lines at least are on the first screen (a long title may run on below it).
    const box = (await firstIssue.boundingBox())!;
    expect(box.y + Math.min(box.height, 48), "the first issue's title starts on the first screen").toBeLessThanOrEqual(phone.viewport.height);
    await expect(page.getByRole("combobox", { name: "Search", exact: true })).toBeHidden();
    await expect(page.getByRole("button", { name: /^Filters/ })).toBeVisible();
  });
}

test("the Filters sheet holds the search; a search sent from it closes it and filters the list", async ({ page }) => {
  await page.goto(`/projects/${longTitle.slug}/issues`);
  await expect(page.getByRole("button", { name: /^Filters/ })).toContainText("is:unresolved");
  await page.getByRole("button", { name: /^Filters/ }).click();
  const sheet = page.getByRole("dialog", { name: "Filters" });
  await expect(sheet).toBeInViewport();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await sheet.getByRole("combobox", { name: "Search", exact: true }).fill("is:unresolved StockSyncError");
  // Leaving the box closes its suggestions, which could cover the button.
  await sheet.getByRole("heading", { name: "Filters" }).click();
  await sheet.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page, `errors on the page: ${errors.join("; ")}`).toHaveURL(/query=is%3Aunresolved\+StockSyncError/);
  await expect(sheet).toBeHidden();
  await expect(page.getByRole("button", { name: /^Filters/ })).toContainText("StockSyncError");
  await expect(page.getByRole("table", { name: "Issues" }).getByRole("link", { name: /^StockSyncError/ })).toBeVisible();
});

test("a long issue title wraps between words in the list and on the issue page, never inside a word", async ({ page }) => {
  await expect(async () => {
    await page.goto(`/projects/${longTitle.slug}/issues`);
    await expect(page.getByRole("table", { name: "Issues" }).getByRole("link", { name: /^StockSyncError/ })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000, intervals: [500, 1000] });
  const listTitle = page.getByRole("table", { name: "Issues" }).getByRole("link", { name: /^StockSyncError/ });
  const inList = await wordsSplitAcrossLines(listTitle);
  expect(inList.lines, "the title takes several lines in the list").toBeGreaterThan(2);
  expect(inList.split).toEqual([]);
  expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(375);

  await listTitle.click();
  const heading = page.getByRole("heading", { level: 1, name: /StockSyncError/ });
  await expect(heading).toBeVisible();
  const onPage = await wordsSplitAcrossLines(heading);
  expect(onPage.lines, "the title takes several lines on the issue page").toBeGreaterThan(2);
  expect(onPage.split).toEqual([]);
  expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(375);
});

test("keyboard hints stay out of the way on a touch screen", async ({ page }) => {
  await page.goto(`/projects/${seed.slug}/issues`);
  const bulk = page.getByRole("form", { name: "Selected issues" });
  await expect(bulk).toBeHidden();
  // Selecting an issue brings the bulk actions, without the j/k/x/o hints a touch screen cannot use.
  await page.getByRole("table", { name: "Issues" }).getByRole("checkbox").nth(1).check();
  await expect(bulk).toBeVisible();
  await expect(bulk.locator("kbd").first()).toBeAttached();
  await expect(bulk.locator("kbd").first()).toBeHidden();
});
