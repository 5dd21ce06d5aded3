import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { lineOfMarker, runSdkScript, uniqueToken } from "../tests/support/sdk-helpers";
import { openLanternDatabase } from "./support/lantern-database";
import { createProjectDsn } from "./support/lantern-process";
import { e2eServerEnvironment, e2eOwner } from "./support/server";

/**
 * The issue page and its event permalinks, end to end: three real errors from the real @sentry/node
 * (tests/fixtures/sdk-scripts/capture-rich-exception.mjs: breadcrumbs, tags, user, request, local
 * variables and two attachments), the `plan` tag "free" on the oldest and "pro" on the two newer ones.
 */

const script = "capture-rich-exception.mjs";

interface Seed {
  slug: string;
  token: string;
  issueId: number;
  /** Oldest first. */
  eventIds: string[];
}

async function sendEvents(): Promise<Seed> {
  const token = uniqueToken();
  const name = `issue page ${token}`;
  const dsn = await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, name);
  const eventIds: string[] = [];
  for (const plan of ["free", "pro", "pro"]) {
    const run = await runSdkScript(script, { LANTERN_TEST_DSN: dsn, LANTERN_TEST_RELEASE: "shop@2.0.0", LANTERN_TEST_ENVIRONMENT: "e2e", LANTERN_TEST_TOKEN: token, LANTERN_TEST_PLAN: plan });
    expect(run.code, run.stderr).toBe(0);
    expect(run.facts.isFlushed).toBe(true);
    eventIds.push(String(run.facts.eventId));
  }
  const projectId = Number(new URL(dsn).pathname.slice(1));
  const database = openLanternDatabase();
  try {
    const digested = () => database.db.selectFrom("events").select(["event_id", "issue_id"]).where("project_id", "=", projectId).where("event_id", "in", eventIds).execute();
    await expect.poll(async () => (await digested()).length, { message: "all three events are digested", timeout: 30_000 }).toBe(3);
    const issues = new Set((await digested()).map((row) => row.issue_id));
    expect(issues.size, "the three events are one issue").toBe(1);
    return { slug: slugify(name), token, issueId: [...issues][0]!, eventIds };
  } finally {
    await database.close();
  }
}

let seed: Seed;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  seed = await sendEvents();
});

const issuePath = () => `/projects/${seed.slug}/issues/${seed.issueId}`;
const eventRegion = (page: Page) => page.getByRole("region", { name: /^(Latest event|Oldest event|Event)$/ });
/** The event on display, by the permalink (its id, the card's first 32-hex link: a trace id link comes after it). */
const shownEventId = (page: Page) => eventRegion(page).getByRole("link", { name: /^[0-9a-f]{32}$/ }).first();

test("the old /issues/{id} address redirects to the issue's canonical URL, and a wrong project is a 404", async ({ page }) => {
  await page.goto(`/issues/${seed.issueId}`);
  await expect(page).toHaveURL(issuePath());
  await expect(page.getByRole("heading", { level: 1, name: `Error: Payment declined for cart ${seed.token} by payments.example (4200)` })).toBeVisible();
  const wrongProject = await page.goto(`/projects/no-such-project-${seed.token}/issues/${seed.issueId}`);
  expect(wrongProject?.status()).toBe(404);
  const unknownEvent = await page.goto(`${issuePath()}/events/${"0".repeat(32)}`);
  expect(unknownEvent?.status()).toBe(404);
});

test("the stack trace shows frames with context, the error line marked, variables, and the full, in-app and raw views", async ({ page }) => {
  await page.goto(issuePath());
  const event = page.getByRole("region", { name: "Latest event" });
  await expect(shownEventId(page)).toHaveText(seed.eventIds[2]!);
  // Its tooltip (hover and keyboard focus) is also its lasting description for screen readers.
  await expect(shownEventId(page)).toHaveAccessibleDescription("Permalink to this event");
  const exception = event.getByRole("region", { name: "Exception" });
  const trace = exception.getByRole("list", { name: "Stack trace, newest frame first" });
  const frames = trace.locator(":scope > li");
  // chargeCard, EventEmitter.checkout (in-app), EventEmitter.emit (node:events), the module's top level.
  await expect(frames).toHaveCount(4);

  const crashing = frames.first();
  await expect(crashing.getByText("chargeCard", { exact: true })).toBeVisible();
  await expect(crashing.getByText(`at line ${lineOfMarker(script, "@throw-site")}:9`)).toBeVisible();
  const context = crashing.getByLabel("Source context");
  await expect(context).toBeVisible();
  await expect(context).toContainText('const gateway = "payments.example";');
  await expect(context.locator("mark")).toHaveCount(1);
  await expect(context.locator("mark")).toContainText("// @throw-site");
  await expect(context.locator("mark")).toContainText(String(lineOfMarker(script, "@throw-site")));
  const variables = crashing.getByRole("definition").filter({ hasText: "payments.example" });
  await expect(variables).toBeVisible();
  await expect(crashing.getByLabel("Variables").getByText("amountInCents", { exact: true })).toBeVisible();

  // The node:events frame is not in-app: listed, but closed.
  const system = frames.filter({ has: page.getByText("node:events", { exact: true }) });
  await expect(system).toHaveCount(1);
  await expect(system.getByText("In app")).toHaveCount(0);

  const views = exception.getByRole("group", { name: "Stack trace view" });
  await views.getByRole("button", { name: "In-app only" }).click();
  await expect(views.getByRole("button", { name: "In-app only" })).toHaveAttribute("aria-pressed", "true");
  await expect(frames).toHaveCount(3);
  await expect(trace.getByText("node:events", { exact: true })).toHaveCount(0);

  await views.getByRole("button", { name: "Raw" }).click();
  await expect(trace).toHaveCount(0);
  const raw = exception.getByLabel("Raw stack trace");
  await expect(raw).toContainText(`Error: Payment declined for cart ${seed.token} by payments.example (4200)`);
  expect((await raw.textContent())!).toMatch(new RegExp(`at chargeCard \\(.+capture-rich-exception\\.mjs:${lineOfMarker(script, "@throw-site")}:9\\)`));
  await expect(raw).toContainText("at EventEmitter.emit (node:events:");

  await views.getByRole("button", { name: "Full" }).click();
  await expect(frames).toHaveCount(4);
});

test("breadcrumbs are a timeline that filters by text, category and level", async ({ page }) => {
  await page.goto(issuePath());
  const section = eventRegion(page).getByRole("region", { name: "Breadcrumbs" });
  const crumbs = section.getByRole("list", { name: "Breadcrumbs" }).locator(":scope > li");
  // The timeline is a client component: wait for it to render before counting.
  await expect(crumbs.first()).toBeVisible();
  const total = await crumbs.count();
  expect(total).toBeGreaterThanOrEqual(4);
  await expect(crumbs.filter({ hasText: "User signed in" })).toHaveCount(1);
  // Newest first: the warning was added last.
  await expect(crumbs.first()).toContainText("Retrying the charge once");
  // Added half a second before the throw: its time of day and its offset from the event (ms under a second).
  await expect(crumbs.first()).toContainText(/\d\d:\d\d:\d\d\.\d{3}/);
  await expect(crumbs.first()).toContainText(/−[1-9]\d* ms|−\d+\.\d\d s/);

  await section.getByRole("searchbox", { name: "Filter breadcrumbs by text" }).fill("payments.example/charge");
  await expect(crumbs).toHaveCount(1);
  await expect(crumbs.first()).toContainText("http");
  await expect(crumbs.first().getByRole("link", { name: "https://payments.example/charge" })).toHaveAttribute("rel", "noopener noreferrer nofollow");
  await expect(section.getByText(`1 of ${total} breadcrumbs match`)).toBeVisible();

  await section.getByRole("searchbox", { name: "Filter breadcrumbs by text" }).fill("");
  await section.getByRole("combobox", { name: "Breadcrumb level" }).selectOption("warning");
  await expect(crumbs).toHaveCount(1);
  await expect(crumbs.first()).toContainText("Retrying the charge once");
  await section.getByRole("combobox", { name: "Breadcrumb level" }).selectOption("");
  await section.getByRole("combobox", { name: "Breadcrumb category" }).selectOption("navigation");
  await expect(crumbs).toHaveCount(1);
  await expect(crumbs.first()).toContainText("/checkout");
  await section.getByRole("searchbox", { name: "Filter breadcrumbs by text" }).fill("no such crumb");
  await expect(section.getByText("No breadcrumb matches these filters.")).toBeVisible();
});

test("the page shows the request, user, contexts, SDK, tag distribution bars and the volume chart in both ranges", async ({ page }) => {
  await page.goto(issuePath());
  const event = eventRegion(page);
  const request = event.getByRole("region", { name: "Request" });
  await expect(request.getByText("POST", { exact: true })).toBeVisible();
  await expect(request.getByRole("link", { name: "https://shop.example/checkout?step=pay" })).toHaveAttribute("rel", "noopener noreferrer nofollow");
  // Present, and (with the project's default data scrubbing) without the session's value.
  await expect(request.getByRole("heading", { name: "Cookies" })).toBeVisible();
  await expect(request.getByText("s3cr3t-session")).toHaveCount(0);
  await expect(request.getByLabel("Headers").getByText("content-type")).toBeVisible();
  await expect(request.getByText(`{"cart":"${seed.token}","total":4200}`)).toBeVisible();
  await expect(event.getByRole("region", { name: "User" }).getByText("pro@shop.example")).toBeVisible();
  await expect(event.getByRole("region", { name: "Contexts" }).getByRole("heading", { name: "Runtime" })).toBeVisible();
  await expect(event.getByRole("region", { name: "SDK" }).getByText("sentry.javascript.node")).toBeVisible();

  const tags = page.getByRole("region", { name: "Tag distribution" });
  const plan = tags.getByRole("region", { name: "Tag plan" });
  await expect(plan.getByRole("listitem").filter({ hasText: "pro" })).toContainText("67%");
  await expect(plan.getByRole("listitem").filter({ hasText: "pro" })).toContainText("(this event)");
  await expect(plan.getByRole("listitem").filter({ hasText: "free" })).toContainText("33%");
  await expect(tags.getByRole("region", { name: "Tag region" }).getByRole("listitem").filter({ hasText: "eu-west" })).toContainText("100%");

  const volume = page.getByRole("region", { name: "Event volume" });
  const chart = volume.getByRole("img");
  // The three events usually share an hour (and a day), unless the runs straddle its end.
  await expect(chart).toHaveAccessibleName(/^3 events in the last 24 hours; the busiest hour was \d{4}-\d\d-\d\d \d\d:00 UTC with [23]\.$/);
  const height = (await chart.boundingBox())!.height;
  await volume.getByRole("link", { name: "30 days" }).click();
  await expect(page).toHaveURL(`${issuePath()}?volume=30d`);
  await expect(chart).toHaveAccessibleName(/^3 events in the last 30 days; the busiest day was \d{4}-\d\d-\d\d with [23]\.$/);
  expect((await chart.boundingBox())!.height).toBe(height);
});

test("Oldest, Newer and Latest step through the events, each with a permalink", async ({ page }) => {
  const [oldest, middle, latest] = seed.eventIds as [string, string, string];
  await page.goto(issuePath());
  const navigation = page.getByRole("navigation", { name: "Event navigation" });
  await expect(shownEventId(page)).toHaveText(latest);

  await navigation.getByRole("link", { name: "Oldest" }).click();
  await expect(page).toHaveURL(`${issuePath()}/events/${oldest}`);
  await expect(page.getByRole("region", { name: "Oldest event" })).toBeVisible();
  await expect(shownEventId(page)).toHaveText(oldest);
  await expect(eventRegion(page).getByRole("region", { name: "Tags" }).getByText("free", { exact: true })).toBeVisible();
  await expect(navigation.getByRole("link", { name: "Older" })).toHaveCount(0);

  await navigation.getByRole("link", { name: "Newer" }).click();
  await expect(page).toHaveURL(`${issuePath()}/events/${middle}`);
  await expect(shownEventId(page)).toHaveText(middle);
  await expect(page.getByRole("region", { name: "Event", exact: true })).toBeVisible();

  await navigation.getByRole("link", { name: "Latest" }).click();
  await expect(page).toHaveURL(`${issuePath()}/events/${latest}`);
  await expect(shownEventId(page)).toHaveText(latest);
  await expect(navigation.getByRole("link", { name: "Newer" })).toHaveCount(0);

  // The permalink opens that event directly, also by a dashed UUID; "oldest" and "latest" name the ends.
  await page.goto(`${issuePath()}/events/${middle}`);
  await expect(shownEventId(page)).toHaveText(middle);
  const dashed = `${middle.slice(0, 8)}-${middle.slice(8, 12)}-${middle.slice(12, 16)}-${middle.slice(16, 20)}-${middle.slice(20)}`;
  await page.goto(`${issuePath()}/events/${dashed}`);
  await expect(shownEventId(page)).toHaveText(middle);
  await page.goto(`${issuePath()}/events/oldest`);
  await expect(shownEventId(page)).toHaveText(oldest);
  await shownEventId(page).click();
  await expect(page).toHaveURL(`${issuePath()}/events/${oldest}`);

  await page.getByRole("link", { name: "All events" }).click();
  await expect(page).toHaveURL(`${issuePath()}/events/list`);
  const rows = page.getByRole("table", { name: "Events" }).getByRole("row");
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText(latest);
  await page.getByLabel("Title contains").fill("declined");
  await page.getByLabel("Release").fill("shop@9.9.9");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByRole("heading", { name: "No events match" })).toBeVisible();
  await page.getByLabel("Release").fill("shop@2.0.0");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(rows).toHaveCount(4);
  await rows.nth(3).getByRole("link").click();
  await expect(shownEventId(page)).toHaveText(oldest);
});

test("the event's JSON and attachments download as files, never as pages", async ({ page }) => {
  const latest = seed.eventIds[2]!;
  await page.goto(issuePath());
  const event = eventRegion(page);

  const [json] = await Promise.all([page.waitForEvent("download"), event.getByRole("link", { name: "Download JSON" }).click()]);
  expect(json.suggestedFilename()).toBe(`event-${latest}.json`);
  const stored = JSON.parse(readFileSync(await json.path(), "utf8")) as { event_id: string; tags: [string, string][] };
  expect(stored.event_id).toBe(latest);
  expect(stored.tags).toContainEqual(["plan", "pro"]);
  await event.getByRole("tab", { name: "JSON" }).click();
  await expect(event.getByLabel("Event JSON")).toContainText(`"event_id": "${latest}"`);

  const attachments = event.getByRole("list", { name: "Attachments" });
  const [cart] = await Promise.all([page.waitForEvent("download"), attachments.getByRole("link", { name: "Download cart.json" }).click()]);
  expect(cart.suggestedFilename()).toBe("cart.json");
  expect(JSON.parse(readFileSync(await cart.path(), "utf8"))).toEqual({ cart: seed.token, items: 3 });

  // HTML from an SDK is served as bytes to save, with the browser told not to sniff it.
  const receiptHref = await attachments.getByRole("link", { name: "Download receipt.html" }).getAttribute("href");
  const receipt = await page.request.get(receiptHref!);
  expect(receipt.status()).toBe(200);
  expect(receipt.headers()["content-type"]).toBe("application/octet-stream");
  expect(receipt.headers()["content-disposition"]).toMatch(/^attachment; filename="receipt.html"/);
  expect(receipt.headers()["x-content-type-options"]).toBe("nosniff");
  expect(await receipt.text()).toBe(`<script>alert("${seed.token}")</script>`);
  // Another issue's path does not reach it.
  expect((await page.request.get(receiptHref!.replace(`/issues/${seed.issueId}/`, `/issues/${seed.issueId + 100000}/`))).status()).toBe(404);
});

test("a comment and an assignee appear with their activity; keys step through events and r resolves", async ({ page }) => {
  const [, middle, latest] = seed.eventIds as [string, string, string];
  await page.goto(issuePath());
  await expect(page.getByRole("region", { name: "Keyboard shortcuts" })).toContainText("Resolve");

  const comments = page.getByRole("region", { name: "Comments" });
  const body = `Declines come from the gateway, see ${seed.token} <b>not bold</b>`;
  await comments.getByRole("textbox", { name: "Comment" }).fill(body);
  await comments.getByRole("button", { name: "Comment" }).click();
  await expect(comments.getByRole("list", { name: "Comments" }).getByText(body)).toBeVisible();
  await expect(page.getByRole("region", { name: "Activity" }).getByText(`Commented by ${e2eOwner.email}`)).toBeVisible();

  const assignee = page.getByRole("region", { name: "Assignee" });
  await assignee.getByRole("button", { name: /^Assignee: nobody/ }).click();
  await page.getByRole("option", { name: "Assign to me" }).click();
  await expect(assignee.getByText(`Assigned to ${e2eOwner.name}`, { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Activity" }).getByText(`Assigned to ${e2eOwner.name} by ${e2eOwner.email}`)).toBeVisible();

  // Keys typed into a field are text, not shortcuts.
  await comments.getByRole("textbox", { name: "Comment" }).fill("");
  await comments.getByRole("textbox", { name: "Comment" }).press("e");
  await expect(comments.getByRole("textbox", { name: "Comment" })).toHaveValue("e");
  await expect(page).toHaveURL(issuePath());
  await comments.getByRole("textbox", { name: "Comment" }).fill("");
  await page.getByRole("heading", { level: 1 }).click();

  await page.keyboard.press("e");
  await expect(page).toHaveURL(`${issuePath()}/events/${middle}`);
  await expect(shownEventId(page)).toHaveText(middle);
  await page.keyboard.press("Shift+E");
  await expect(page).toHaveURL(`${issuePath()}/events/${latest}`);
  await expect(shownEventId(page)).toHaveText(latest);

  await page.keyboard.press("r");
  await expect(page.getByRole("status").filter({ hasText: "Resolved." })).toBeVisible();
  // The status badge in the header.
  await expect(page.getByText("Resolved", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Activity" }).getByText(`Resolved by ${e2eOwner.email}`)).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Reopen" })).toBeVisible();
});

test("at 375 px wide the issue page does not scroll sideways", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(issuePath());
  await expect(eventRegion(page)).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/issue-page-375px.png", fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`with every section shown, the issue page has no serious or critical axe violations (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto(issuePath());
    await expect(eventRegion(page).getByRole("region", { name: "Breadcrumbs" })).toBeVisible();
    await eventRegion(page).getByRole("tab", { name: "JSON" }).click();
    // For looking at, not compared: test-results/ is not kept.
    await page.screenshot({ path: `test-results/screenshots/issue-page-${colorScheme}.png`, fullPage: true });
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
  });
}
