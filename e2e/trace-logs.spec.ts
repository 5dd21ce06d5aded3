import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { runSdkScript, uniqueToken } from "../tests/support/sdk-helpers";
import { openLanternDatabase } from "./support/lantern-database";
import { createProjectDsn } from "./support/lantern-process";
import { e2eServerEnvironment } from "./support/server";

/**
 * Logs where they meet traces and errors (issue 29): the real @sentry/node logs three lines inside a "checkout"
 * span, one in its transaction, and captures an error in the checkout span
 * (tests/fixtures/sdk-scripts/traced-logs.mjs). The waterfall marks each span with its lines and lists them
 * when the span is opened, the trace's Logs section lists them all, and the error's issue page shows them under
 * "Logs around this event". A line carrying markup renders as text.
 */

interface TracedLogs {
  slug: string;
  token: string;
  traceId: string;
  rootSpanId: string;
  checkoutSpanId: string;
  issueId: number;
}

async function sendTracedLogs(): Promise<TracedLogs> {
  const token = uniqueToken();
  const name = `trace logs ${token}`;
  const dsn = await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, name);
  const run = await runSdkScript("traced-logs.mjs", { LANTERN_TEST_DSN: dsn, LANTERN_TEST_RELEASE: `shop@${token}`, LANTERN_TEST_ENVIRONMENT: "e2e", LANTERN_TEST_TOKEN: token });
  expect(run.code, run.stderr).toBe(0);
  const facts = run.facts as { traceId: string; rootSpanId: string; checkoutSpanId: string };
  const projectId = Number(new URL(dsn).pathname.slice(1));
  const database = openLanternDatabase();
  try {
    const count = async (table: "logs" | "spans") => Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).where("project_id", "=", projectId).executeTakeFirstOrThrow()).n);
    await expect.poll(() => count("logs"), { message: "the four log lines are digested", timeout: 60_000 }).toBe(4);
    await expect.poll(() => count("spans"), { message: "the two spans are digested", timeout: 60_000 }).toBe(2);
    const issue = () => database.db.selectFrom("events").select("issue_id").where("project_id", "=", projectId).where("trace_id", "=", facts.traceId).where("issue_id", "is not", null).executeTakeFirst();
    await expect.poll(async () => (await issue())?.issue_id ?? null, { message: "the error is digested", timeout: 30_000 }).not.toBeNull();
    return { slug: slugify(name), token, ...facts, issueId: Number((await issue())!.issue_id) };
  } finally {
    await database.close();
  }
}

const xssLine = (token: string) => `coupon <img src=x onerror="window.__logXss=1"> rejected ${token}`;

let traced: TracedLogs;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  traced = await sendTracedLogs();
});

test("the waterfall marks each span with its log lines, lists them when the span is opened, and lists the whole trace's lines", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const { token } = traced;
  await page.goto(`/traces/${traced.traceId}`);
  await expect(page.getByRole("heading", { name: "2 spans" })).toBeVisible();
  const spans = page.getByRole("list", { name: "Spans of this trace" });
  const checkoutRow = spans.locator(`[data-span-id="${traced.checkoutSpanId}"]`);
  const rootRow = spans.locator(`[data-span-id="${traced.rootSpanId}"]`);
  await expect(rootRow.getByRole("button", { name: "1 log line, the most severe info" })).toBeVisible();
  const marker = checkoutRow.getByRole("button", { name: "3 log lines, the most severe error" });
  await expect(marker).toHaveText("≡ 3");

  await marker.click();
  const detail = page.getByRole("region", { name: "Span detail" });
  await expect(detail.getByLabel("Span fields")).toContainText(traced.checkoutSpanId);
  const spanLines = detail.getByRole("list", { name: "Log lines of this span" }).getByRole("listitem");
  await expect(spanLines).toHaveCount(3);
  await expect(spanLines.nth(0)).toContainText(`cart 7 loaded for ${token}`);
  await expect(spanLines.nth(0)).toContainText("info");
  await expect(spanLines.nth(1)).toContainText(xssLine(token));
  await expect(spanLines.nth(2)).toContainText(`payment declined ${token}`);
  await expect(spanLines.nth(2)).toContainText("error");
  await expect(spanLines.nth(2).locator("time")).toHaveText(/^\+\d+(\.\d+)? (ms|s)$/);
  await expect(detail.getByRole("link", { name: "Open in the logs explorer" })).toHaveAttribute("href", `/logs?query=${encodeURIComponent(`trace:${traced.traceId} span_id:${traced.checkoutSpanId}`)}`);

  const traceLogs = page.getByRole("region", { name: "Logs" });
  await expect(traceLogs).toContainText("4 log lines of this trace");
  const traceLines = traceLogs.getByRole("list", { name: "Log lines of this trace" }).getByRole("listitem");
  await expect(traceLines).toHaveCount(4);
  await expect(traceLines.nth(0)).toContainText(`request received ${token}`);
  await expect(traceLines.nth(0)).toContainText("http.server POST /checkout");
  await expect(traceLines.nth(3)).toContainText("function checkout");
  await expect(traceLogs.getByRole("link", { name: "Open in the logs explorer" })).toHaveAttribute("href", `/logs?query=${encodeURIComponent(`trace:${traced.traceId}`)}`);

  // The markup is text: no image element in any list of lines, nothing ran.
  expect(await page.locator("main img[src='x']").count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __logXss?: number }).__logXss)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test("the issue page of the error shows the lines of its trace under Logs around this event", async ({ page }) => {
  const { token } = traced;
  await page.goto(`/projects/${traced.slug}/issues/${traced.issueId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`checkout failed ${token}`);
  const around = page.getByRole("region", { name: "Logs around this event" });
  const lines = around.getByRole("list", { name: "Log lines of this event's trace" }).getByRole("listitem");
  await expect(lines).toHaveCount(4);
  await expect(lines.nth(0)).toContainText(`payment declined ${token}`);
  await expect(lines.nth(1)).toContainText(xssLine(token));
  await expect(lines.nth(3)).toContainText(`request received ${token}`);
  // Logged before the error was captured: a negative offset from the event.
  await expect(lines.nth(3).locator("time")).toHaveText(/^-\d+(\.\d+)? (ms|s)$/);
  await expect(around.getByRole("heading", { name: "In this trace (4)" })).toBeVisible();
  await expect(around.getByRole("heading", { name: `Same server sdk-script-host and release shop@${token}, ±2 minutes` })).toBeVisible();
  await expect(around.getByRole("link", { name: "Open the trace's logs in the explorer" })).toHaveAttribute("href", `/logs?query=${encodeURIComponent(`trace:${traced.traceId}`)}`);
  expect(await around.locator("img").count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __logXss?: number }).__logXss)).toBeUndefined();
});

test("trace-meta counts the trace's log lines", async ({ request }) => {
  const meta = (await (await request.get(`/api/0/organizations/lantern/trace-meta/${traced.traceId}/?statsPeriod=14d`)).json()) as { logsCount: number; spansCount: number; errorsCount: number };
  expect(meta).toMatchObject({ logsCount: 4, spansCount: 2, errorsCount: 1 });
});

test("the trace page with its log lines and an open span's lines, and the issue page's logs around the event, pass an axe scan", async ({ page }) => {
  const serious = async () => (await new AxeBuilder({ page }).analyze()).violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  await page.goto(`/traces/${traced.traceId}?span=${traced.checkoutSpanId}`);
  await expect(page.getByRole("list", { name: "Log lines of this span" }).getByRole("listitem")).toHaveCount(3);
  expect(await serious()).toEqual([]);
  await page.goto(`/projects/${traced.slug}/issues/${traced.issueId}`);
  await expect(page.getByRole("list", { name: "Log lines of this event's trace" }).getByRole("listitem")).toHaveCount(4);
  expect(await serious()).toEqual([]);
});
