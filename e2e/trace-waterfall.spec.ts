import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { runSdkScript, uniqueToken } from "../tests/support/sdk-helpers";
import { openLanternDatabase } from "./support/lantern-database";
import { createProjectDsn } from "./support/lantern-process";
import { e2eBaseUrl, e2eServerEnvironment } from "./support/server";

/**
 * The trace waterfall (issue 28): the real @sentry/node serving a traced request
 * (tests/fixtures/sdk-scripts/traced-request.mjs) shows as one tree of spans on a time axis, with the error on
 * the span it happened in; rows fold, a span opens its detail, and the issue page's trace link comes back to
 * the span. A generated 5,000-span trace (five v2 span containers of 1,000) keeps only the rows in view in
 * the DOM, and a description carrying markup renders as text.
 */

interface TracedRequest {
  slug: string;
  traceId: string;
  errorSpanId: string;
  issueId: number;
  token: string;
}

async function waitForSpans(projectId: number, traceId: string, count: number, withError: boolean): Promise<number | null> {
  const database = openLanternDatabase();
  try {
    const spans = () => database.db.selectFrom("spans").select((eb) => eb.fn.countAll<number>().as("n")).where("project_id", "=", projectId).where("trace_id", "=", Buffer.from(traceId, "hex")).executeTakeFirstOrThrow();
    await expect.poll(async () => Number((await spans()).n), { message: `the trace's ${count} spans are digested`, timeout: 60_000 }).toBe(count);
    if (!withError) return null;
    const issue = () => database.db.selectFrom("events").select("issue_id").where("project_id", "=", projectId).where("trace_id", "=", traceId).where("issue_id", "is not", null).executeTakeFirst();
    await expect.poll(async () => (await issue())?.issue_id ?? null, { message: "the error is digested", timeout: 30_000 }).not.toBeNull();
    return Number((await issue())!.issue_id);
  } finally {
    await database.close();
  }
}

async function sendTracedRequest(): Promise<TracedRequest> {
  const token = uniqueToken();
  const name = `waterfall ${token}`;
  const dsn = await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, name);
  const run = await runSdkScript("traced-request.mjs", { LANTERN_TEST_DSN: dsn, LANTERN_TEST_RELEASE: `shop@${token}`, LANTERN_TEST_ENVIRONMENT: "e2e", LANTERN_TEST_TOKEN: token });
  expect(run.code, run.stderr).toBe(0);
  const facts = run.facts as { traceId: string; errorSpanId: string };
  const issueId = await waitForSpans(Number(new URL(dsn).pathname.slice(1)), facts.traceId, 6, true);
  return { slug: slugify(name), traceId: facts.traceId, errorSpanId: facts.errorSpanId, issueId: issueId!, token };
}

const xssDescription = `<img src=x onerror="window.__waterfallXss=1"><script>window.__waterfallXss=2</script>`;

/** One envelope of five v2 span containers of 1,000 spans: a root, then a chain of 4,999 siblings under it. */
async function sendLargeTrace(): Promise<{ traceId: string; count: number }> {
  const dsn = new URL(await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, `large trace ${uniqueToken()}`));
  const traceId = randomBytes(16).toString("hex");
  const count = 5000;
  const start = Date.now() / 1000 - 60;
  const spanId = (index: number) => index.toString(16).padStart(16, "0").replace(/^0/, "a");
  const spans = Array.from({ length: count }, (_, index) => ({
    trace_id: traceId,
    span_id: spanId(index),
    parent_span_id: index === 0 ? undefined : spanId(0),
    is_segment: index === 0,
    name: index === 0 ? "GET /large" : index === 1 ? xssDescription : `step ${index}`,
    start_timestamp: start + index / 1000,
    end_timestamp: start + index / 1000 + (index === 0 ? count / 1000 : 0.0008),
    status: "ok",
    attributes: { "sentry.op": { type: "string", value: index === 0 ? "http.server" : "function" }, "sentry.segment.name": { type: "string", value: "GET /large" } },
  }));
  const lines = [JSON.stringify({ sent_at: new Date().toISOString() })];
  for (let offset = 0; offset < count; offset += 1000) {
    lines.push(JSON.stringify({ type: "span", content_type: "application/vnd.sentry.items.span.v2+json", item_count: 1000 }), JSON.stringify({ items: spans.slice(offset, offset + 1000) }));
  }
  const answer = await fetch(`${e2eBaseUrl}/api${dsn.pathname}/envelope/?sentry_version=7&sentry_key=${dsn.username}`, { method: "POST", body: `${lines.join("\n")}\n` });
  expect(answer.status, await answer.text()).toBe(200);
  await waitForSpans(Number(dsn.pathname.slice(1)), traceId, count, false);
  return { traceId, count };
}

let traced: TracedRequest;
let large: { traceId: string; count: number };

test.beforeAll(async () => {
  test.setTimeout(150_000);
  [traced, large] = await Promise.all([sendTracedRequest(), sendLargeTrace()]);
});

test("a traced request shows as one tree of its server, db and http spans, rows fold, and a span opens its detail", async ({ page }) => {
  await page.goto(`/traces/${traced.traceId}`);
  await expect(page.getByRole("heading", { name: "6 spans" })).toBeVisible();
  const spans = page.getByRole("list", { name: "Spans of this trace" });
  const rows = spans.getByRole("listitem");
  await expect(rows).toHaveCount(6);
  await expect(rows.nth(0)).toContainText("http.server");
  await expect(rows.nth(0)).toContainText("GET /checkout/7");
  await expect(rows.nth(1)).toContainText("SELECT * FROM users WHERE id = 1");
  await expect(rows.nth(2)).toContainText("UPDATE carts SET total = 3 WHERE id = 9");
  await expect(rows.nth(3)).toContainText(/http\.client\s*GET http:\/\/127\.0\.0\.1:\d+\/ping\/42/);
  await expect(rows.nth(4)).toContainText("GET /ping/42");
  await expect(rows.nth(5)).toContainText("checkout");

  // Folding the outgoing request hides the upstream server's transaction under it; unfolding brings it back.
  const fold = spans.getByRole("button", { name: /^Collapse http\.client / });
  await expect(fold).toHaveAttribute("aria-expanded", "true");
  await fold.click();
  await expect(rows).toHaveCount(5);
  await spans.getByRole("button", { name: /^Expand http\.client / }).click();
  await expect(rows).toHaveCount(6);
  await spans.getByRole("button", { name: /^Collapse http\.server GET \/checkout\/7/ }).click();
  await expect(rows).toHaveCount(1);
  await spans.getByRole("button", { name: /^Expand http\.server / }).click();

  // A row opens the span's detail: its fields and the attributes the SDK sent.
  await rows.nth(1).getByRole("button", { name: /SELECT \* FROM users/ }).click();
  const detail = page.getByRole("region", { name: "Span detail" });
  await expect(detail.getByLabel("Span fields")).toContainText("SELECT * FROM users WHERE id = 1");
  await expect(detail.getByLabel("Span fields")).toContainText(`shop@${traced.token}`);
  await expect(detail.getByLabel("Span fields")).toContainText("ok");
  await expect(detail.getByLabel("Span fields")).toContainText(/Duration\s*\d+(\.\d+)? ms/);
  await expect(detail.getByRole("group", { name: "Span data" })).toContainText("db.system");
  await expect(detail.getByRole("group", { name: "Span data" })).toContainText("sqlite");
  await detail.getByRole("button", { name: "Close" }).click();
  await expect(detail).toHaveCount(0);

  // The error sits on the span it happened in and leads to its issue.
  const errorRow = spans.locator(`[data-span-id="${traced.errorSpanId}"]`);
  await expect(errorRow).toContainText("function");
  const errorLink = errorRow.getByRole("link", { name: `Error: checkout failed ${traced.token}` });
  await expect(errorLink).toHaveAttribute("href", new RegExp(`^/projects/${traced.slug}/issues/${traced.issueId}/events/[0-9a-f]{32}$`));
  await errorLink.click();
  await expect(page).toHaveURL(new RegExp(`/projects/${traced.slug}/issues/${traced.issueId}/events/[0-9a-f]{32}$`));

  // The issue page's trace link comes back with the error's span highlighted and open.
  await page.getByRole("link", { name: traced.traceId, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/traces/${traced.traceId}\\?span=${traced.errorSpanId}$`));
  await expect(page.locator(`[data-span-id="${traced.errorSpanId}"]`)).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("region", { name: "Span detail" }).getByLabel("Span fields")).toContainText(traced.errorSpanId);
  // The error-event list stays below the waterfall.
  await expect(page.getByRole("table", { name: "Events of this trace" })).toBeVisible();
});

test("the waterfall passes an axe scan with a span open", async ({ page }) => {
  await page.goto(`/traces/${traced.traceId}?span=${traced.errorSpanId}`);
  await expect(page.getByRole("region", { name: "Span detail" })).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
});

test("the trace, trace-meta and events?dataset=spans APIs answer the same trace over HTTP", async ({ request }) => {
  const trace = (await (await request.get(`/api/0/organizations/lantern/trace/${traced.traceId}/?statsPeriod=14d&project=-1&limit=100`)).json()) as { op: string; children: { op: string; errors: { span_id: string }[] }[] }[];
  expect(trace.map((item) => item.op)).toEqual(["http.server"]);
  expect(trace[0]!.children.map((child) => child.op)).toEqual(["db", "db", "http.client", "function"]);
  expect(trace[0]!.children[3]!.errors.map((error) => error.span_id)).toEqual([traced.errorSpanId]);
  const meta = (await (await request.get(`/api/0/organizations/lantern/trace-meta/${traced.traceId}/?statsPeriod=14d`)).json()) as { spansCount: number; errorsCount: number };
  expect(meta).toMatchObject({ spansCount: 6, errorsCount: 1 });
  const answer = await request.get(`/api/0/organizations/lantern/events/?dataset=spans&field=id&field=span.op&field=span.duration&query=${encodeURIComponent(`trace:${traced.traceId}`)}&per_page=4&sort=-span.duration`);
  expect(answer.status()).toBe(200);
  const page = (await answer.json()) as { data: Record<string, unknown>[]; meta: { fields: Record<string, string> } };
  expect(page.data).toHaveLength(4);
  expect(page.meta.fields).toEqual({ id: "string", "span.op": "string", "span.duration": "duration" });
  expect(answer.headers().link).toMatch(/rel="next"; results="true"; cursor="0:4:0"/);
  const refused = await request.get(`/api/0/organizations/lantern/events/?dataset=profiles&field=title`);
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({ detail: expect.stringContaining('Unsupported dataset "profiles"') });
});

test("a 5,000-span trace keeps only the rows in view in the DOM, scrolls to its last span, and shows markup as text", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`/traces/${large.traceId}`);
  await expect(page.getByRole("heading", { name: "5,000 spans" })).toBeVisible();
  const spans = page.getByRole("list", { name: "Spans of this trace" });
  const rows = spans.getByRole("listitem");
  await expect(rows.first()).toContainText("GET /large");
  expect(await rows.count()).toBeLessThan(200);

  await expect(rows.nth(1)).toContainText(xssDescription);
  expect(await spans.locator("img, script").count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __waterfallXss?: number }).__waterfallXss)).toBeUndefined();

  const waterfall = page.getByRole("region", { name: "Waterfall" });
  await waterfall.evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await expect(spans.getByText(`step ${large.count - 1}`, { exact: true })).toBeVisible();
  await expect(spans.getByText("GET /large", { exact: true })).toHaveCount(0);
  expect(await rows.count()).toBeLessThan(200);
  expect(dialogs).toEqual([]);
});
