import { expect, test, type Page } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { buildEnvelope, runSdkScript, uniqueToken } from "../tests/support/sdk-helpers";
import { openLanternDatabase } from "./support/lantern-database";
import { createProjectDsn } from "./support/lantern-process";
import { e2eBaseUrl, e2eServerEnvironment } from "./support/server";

/**
 * Issue 29, acceptances 1 and 3 in the browser: the real @sentry/node with `enableLogs: true`
 * (tests/fixtures/sdk-scripts/logs.mjs: logger.info/warn/error with attributes inside a span, and console.log
 * through the console integration) → the logs explorer finds the lines by text, attribute and severity, groups
 * them by template, opens a line's detail with its attributes and trace; hostile text stays text. Then the live
 * tail: a line sent after the page opened shows without a reload, and Pause holds lines back until Resume.
 */

let slug: string;
let dsn: URL;
let facts: { token: string; traceId: string; spanId: string };
const xssBody = `<img src=x onerror="window.__logXss=1">`;
const xssKey = `<script>window.__logXss=2</script>`;

async function logLineCount(projectId: number): Promise<number> {
  const database = openLanternDatabase();
  try {
    const row = await database.db.selectFrom("logs").select((eb) => eb.fn.countAll<number>().as("count")).where("project_id", "=", projectId).executeTakeFirstOrThrow();
    return Number(row.count);
  } finally {
    await database.close();
  }
}

/** One log line as a `log` envelope item, posted to the real ingest endpoint. */
async function sendLine(body: string, attributes: Record<string, { type: string; value: string }> = {}) {
  const items = [{ timestamp: Date.now() / 1000, trace_id: facts.traceId, level: "info", body, attributes }];
  const envelope = buildEnvelope({}, [{ header: { type: "log", item_count: 1, content_type: "application/vnd.sentry.items.log+json" }, payload: JSON.stringify({ items }) }]);
  const answer = await fetch(`${e2eBaseUrl}/api${dsn.pathname}/envelope/?sentry_key=${dsn.username}`, { method: "POST", body: new Uint8Array(envelope) });
  expect(answer.status).toBe(200);
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const token = uniqueToken();
  const name = `logs explorer ${token}`;
  dsn = new URL(await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, name));
  slug = slugify(name);
  const run = await runSdkScript("logs.mjs", { LANTERN_TEST_DSN: dsn.toString(), LANTERN_TEST_RELEASE: `shop@${token}`, LANTERN_TEST_ENVIRONMENT: "e2e", LANTERN_TEST_TOKEN: token });
  expect(run.code, run.stderr).toBe(0);
  facts = run.facts as typeof facts;
  await sendLine(`${xssBody} hostile ${token}`, { [xssKey]: { type: "string", value: `<b>bold ${token}</b>` } });
  const projectId = Number(dsn.pathname.slice(1));
  await expect.poll(() => logLineCount(projectId), { message: "the SDK's four lines and the hostile one are digested", timeout: 30_000 }).toBe(5);
});

const lines = (page: Page) => page.getByRole("table", { name: "Log lines", exact: true });
const messages = (page: Page) => lines(page).locator("tbody tr td:nth-child(3)");

async function search(page: Page, query: string) {
  const box = page.getByRole("combobox", { name: "Search logs" });
  await box.fill(query);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`query=${encodeURIComponent(query).replaceAll("%20", "\\+").replaceAll(".", "\\.")}`));
}

test("the explorer finds the SDK's lines by text, attribute and severity, groups them by template and opens a line's detail", async ({ page }) => {
  const { token, traceId, spanId } = facts;
  await page.goto(`/projects/${slug}`);
  await page.getByRole("navigation", { name: "Project" }).getByRole("link", { name: "Logs" }).click();
  await expect(page.getByRole("heading", { name: "Logs", level: 1 })).toBeVisible();
  await expect(messages(page)).toHaveCount(5);
  await expect(page.getByRole("img", { name: /^5 log lines/ })).toBeVisible();

  await search(page, `payment ${token}`);
  await expect(messages(page)).toHaveText([`payment failed ${token}`]);
  await search(page, `customer.tier:gold`);
  await expect(messages(page)).toHaveText([`Order 4211 exported for ${token}`]);
  await search(page, token);
  await page.getByRole("checkbox", { name: "warn" }).check();
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/severity=warn/);
  await expect(messages(page)).toHaveText([`Slow export batch ${token}`]);
  await page.getByRole("checkbox", { name: "warn" }).uncheck();
  await page.getByRole("checkbox", { name: "error" }).check();
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(messages(page)).toHaveText([`payment failed ${token}`]);

  // A query that does not parse shows the parser's reason, not an error page.
  await page.goto(`/projects/${slug}/logs?query=${encodeURIComponent("severity:loud")}`);
  await expect(page.getByRole("alert").filter({ hasText: "severity is one of" })).toBeVisible();

  // Grouped by template: the template with its parameter values; lines without one by their message.
  await page.goto(`/projects/${slug}/logs?query=${token}&group=template`);
  const groups = page.getByRole("table", { name: "Log lines by template" });
  const orderGroup = groups.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Order %s exported for %s" }) });
  await expect(orderGroup.getByRole("cell").first()).toHaveText("1");
  await expect(orderGroup).toContainText(`4211, ${token}`);
  await expect(groups.getByRole("rowheader", { name: `Slow export batch ${token}` })).toBeVisible();

  // Attribute columns, and a row's detail with every attribute and links to its trace and span.
  await page.goto(`/projects/${slug}/logs?query=${encodeURIComponent(`Order ${token}`)}&columns=customer.tier,order.id`);
  await expect(lines(page).getByRole("columnheader", { name: "customer.tier" })).toBeVisible();
  await expect(lines(page).locator("tbody tr").first()).toContainText("gold");
  await expect(lines(page).locator("tbody tr").first()).toContainText("4211");
  await lines(page).getByRole("button", { name: `Order 4211 exported for ${token}` }).click();
  const detail = page.getByRole("region", { name: "Log line detail" });
  const attributes = detail.getByRole("definition");
  await expect(detail.getByRole("term").filter({ hasText: /^customer\.tier$/ })).toBeVisible();
  await expect(attributes.filter({ hasText: /^gold$/ })).toBeVisible();
  await expect(attributes.filter({ hasText: /^Order %s exported for %s$/ })).toBeVisible();
  await expect(detail.getByRole("link", { name: "Open trace" })).toHaveAttribute("href", `/traces/${traceId}`);
  await expect(detail.getByRole("link", { name: "Open span" })).toHaveAttribute("href", `/traces/${traceId}?span=${spanId}`);

  // The all-projects explorer, from the main navigation, shows the project of each line.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Logs" }).click();
  // The search box is on both pages: search only once the all-projects page has replaced the project's.
  await expect(page).toHaveURL(/\/logs$/);
  await expect(lines(page).getByRole("columnheader", { name: "Project" })).toBeVisible();
  await search(page, `Slow ${token}`);
  await expect(lines(page).locator("tbody tr").first()).toContainText(slug);
});

test("a hostile body and attribute name render as text", async ({ page }) => {
  await page.goto(`/projects/${slug}/logs?query=${encodeURIComponent(`hostile ${facts.token}`)}`);
  await expect(messages(page)).toHaveText([`${xssBody} hostile ${facts.token}`]);
  await lines(page).getByRole("button", { name: `${xssBody} hostile ${facts.token}` }).click();
  const detail = page.getByRole("region", { name: "Log line detail" });
  await expect(detail.getByRole("term").filter({ hasText: xssKey })).toBeVisible();
  await expect(detail.getByRole("definition").filter({ hasText: `<b>bold ${facts.token}</b>` })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __logXss?: number }).__logXss)).toBeUndefined();
  await expect(page.locator("main img[src=x]")).toHaveCount(0);
});

test("live tail: a line sent after the page opened shows within 2 s without a reload; Pause holds lines back until Resume", async ({ page }) => {
  const live = uniqueToken("live");
  await page.goto(`/projects/${slug}/logs?query=${live}`);
  await expect(messages(page)).toHaveCount(0);
  let reloads = 0;
  page.on("load", () => (reloads += 1));
  await page.getByRole("checkbox", { name: "Live" }).check();
  await expect(page.getByRole("status").filter({ hasText: "Live: new lines show as they arrive." })).toBeVisible();

  await sendLine(`first ${live}`);
  await expect(messages(page)).toHaveText([`first ${live}`], { timeout: 2_000 });

  await page.getByRole("button", { name: "Pause" }).click();
  await sendLine(`second ${live}`);
  const projectId = Number(dsn.pathname.slice(1));
  // Stored, and a few tail polls later still held back, counted.
  await expect.poll(() => logLineCount(projectId), { timeout: 10_000 }).toBeGreaterThanOrEqual(7);
  await expect(page.getByRole("button", { name: "1 new line — resume" })).toBeVisible();
  await page.waitForTimeout(1_000);
  await expect(messages(page)).toHaveText([`first ${live}`]);

  await page.getByRole("button", { name: "Resume", exact: true }).click();
  await expect(messages(page)).toHaveText([`second ${live}`, `first ${live}`]);
  // Resumed, new lines come straight in again.
  await sendLine(`third ${live}`);
  await expect(messages(page)).toHaveText([`third ${live}`, `second ${live}`, `first ${live}`], { timeout: 2_000 });
  expect(reloads).toBe(0);
});

test("a saved log search is a tab of the logs explorer, not of the issue list", async ({ page }) => {
  const name = `Payments ${facts.token}`;
  await page.goto(`/projects/${slug}/logs?query=${encodeURIComponent("severity:error payment.provider:acme")}`);
  await page.getByRole("button", { name: "Save this search" }).click();
  await page.getByRole("dialog").getByLabel("Name").fill(name);
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  const tabs = page.getByRole("navigation", { name: "Saved log searches" });
  await expect(tabs.getByRole("link", { name })).toBeVisible();
  await page.goto(`/projects/${slug}/logs`);
  await tabs.getByRole("link", { name }).click();
  await expect(messages(page)).toHaveText([`payment failed ${facts.token}`]);
  await page.goto(`/projects/${slug}/issues`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name })).toHaveCount(0);
  await page.goto("/issues");
  await expect(page.getByRole("link", { name })).toHaveCount(0);
});
