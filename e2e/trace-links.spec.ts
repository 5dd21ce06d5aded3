import { expect, test } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { runSdkScript, uniqueToken } from "../tests/support/sdk-helpers";
import { openLanternDatabase } from "./support/lantern-database";
import { createProjectDsn } from "./support/lantern-process";
import { e2eServerEnvironment } from "./support/server";

/**
 * "View in trace": the real @sentry/node captures two different errors inside one span
 * (tests/fixtures/sdk-scripts/capture-trace-errors.mjs), which Lantern groups into two issues of one trace.
 * From one issue's page the trace id leads to the trace page, which lists both events and their issues.
 */

interface TracedIssue {
  issueId: number;
  eventId: string;
}

interface Seed {
  slug: string;
  traceId: string;
  typeError: TracedIssue;
  rangeError: TracedIssue;
}

async function sendTwoErrorsInOneTrace(): Promise<Seed> {
  const token = uniqueToken();
  const name = `trace links ${token}`;
  const dsn = await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, name);
  const run = await runSdkScript("capture-trace-errors.mjs", { LANTERN_TEST_DSN: dsn, LANTERN_TEST_RELEASE: "shop@1.0.0", LANTERN_TEST_ENVIRONMENT: "e2e", LANTERN_TEST_TOKEN: token });
  expect(run.code, run.stderr).toBe(0);
  const traceId = String(run.facts.traceId);
  const [typeEventId, rangeEventId] = run.facts.eventIds as [string, string];
  const projectId = Number(new URL(dsn).pathname.slice(1));
  const database = openLanternDatabase();
  try {
    const digested = () => database.db.selectFrom("events").select(["event_id", "issue_id", "trace_id"]).where("project_id", "=", projectId).where("event_id", "in", [typeEventId, rangeEventId]).where("issue_id", "is not", null).execute();
    await expect.poll(async () => (await digested()).length, { message: "both events are digested", timeout: 30_000 }).toBe(2);
    const rows = await digested();
    expect(rows.map((row) => row.trace_id), "both events keep the span's trace id").toEqual([traceId, traceId]);
    const issueOf = (eventId: string) => Number(rows.find((row) => row.event_id === eventId)!.issue_id);
    expect(issueOf(typeEventId), "the two errors are two issues").not.toBe(issueOf(rangeEventId));
    return { slug: slugify(name), traceId, typeError: { issueId: issueOf(typeEventId), eventId: typeEventId }, rangeError: { issueId: issueOf(rangeEventId), eventId: rangeEventId } };
  } finally {
    await database.close();
  }
}

let seed: Seed;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  seed = await sendTwoErrorsInOneTrace();
});

test("the trace id on one issue's page leads to the trace page, which lists both errors of the trace and their issues", async ({ page }) => {
  await page.goto(`/projects/${seed.slug}/issues/${seed.typeError.issueId}`);
  const traceLink = page.getByRole("link", { name: seed.traceId, exact: true });
  // "View in trace" opens the waterfall with the error's span highlighted.
  await expect(traceLink).toHaveAttribute("href", new RegExp(`^/traces/${seed.traceId}\\?span=[0-9a-f]{16}$`));
  await traceLink.click();

  await expect(page).toHaveURL(new RegExp(`/traces/${seed.traceId}\\?span=[0-9a-f]{16}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Trace" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "2 error events in 2 issues, newest first" })).toBeVisible();
  const table = page.getByRole("table", { name: "Events of this trace" });
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(table.getByRole("link", { name: /^TypeError: basket of order / })).toHaveAttribute("href", `/projects/${seed.slug}/issues/${seed.typeError.issueId}/events/${seed.typeError.eventId}`);
  const rangeLink = table.getByRole("link", { name: /^RangeError: amount of order / });
  await expect(rangeLink).toHaveAttribute("href", `/projects/${seed.slug}/issues/${seed.rangeError.issueId}/events/${seed.rangeError.eventId}`);

  // From the trace to the other issue's event, whose header names the same trace.
  await rangeLink.click();
  await expect(page).toHaveURL(new RegExp(`/issues/${seed.rangeError.issueId}/events/${seed.rangeError.eventId}$`));
  await expect(page.getByRole("link", { name: seed.traceId, exact: true })).toBeVisible();
});

test("the trace page's search link lists the trace's two issues through trace:", async ({ page }) => {
  await page.goto(`/traces/${seed.traceId}`);
  await page.getByRole("link", { name: "Search the issues of this trace" }).click();
  await expect(page).toHaveURL(/\/issues\?query=trace%3A[0-9a-f]{32}$/);
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: /^TypeError: basket of order / }).first()).toBeVisible();
  await expect(main.getByRole("link", { name: /^RangeError: amount of order / }).first()).toBeVisible();
});

test("a trace no visible event belongs to shows the empty state; an id that is not one says what a trace id is", async ({ page }) => {
  await page.goto(`/traces/${"0".repeat(31)}1`);
  await expect(page.getByRole("heading", { name: "No error event of this trace" })).toBeVisible();
  await page.goto("/traces/not-a-trace-id");
  await expect(page.getByText("A trace id is 32 hexadecimal digits")).toBeVisible();
});
