import { expect, test } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { runSdkScript, uniqueToken } from "../tests/support/sdk-helpers";
import { openLanternDatabase } from "./support/lantern-database";
import { createProjectDsn } from "./support/lantern-process";
import { e2eServerEnvironment } from "./support/server";

/**
 * A project's performance page from a real traced request: the real @sentry/node serves a request with ten
 * sequential SELECTs, an outgoing request and an error (tests/fixtures/sdk-scripts/traced-request.mjs). The page
 * lists the transaction with its percentiles, the query grouped by statement, the outgoing request by domain,
 * and the N+1 becomes a performance issue in the issue list.
 */

let slug: string;
let traceId: string;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const token = uniqueToken();
  const name = `performance ${token}`;
  const dsn = await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, name);
  slug = slugify(name);
  const run = await runSdkScript("traced-request.mjs", { LANTERN_TEST_DSN: dsn, LANTERN_TEST_RELEASE: "shop@1.0.0", LANTERN_TEST_ENVIRONMENT: "e2e", LANTERN_TEST_TOKEN: token, LANTERN_TEST_QUERIES: "10" });
  expect(run.code, run.stderr).toBe(0);
  traceId = String(run.facts.traceId);
  const projectId = Number(new URL(dsn).pathname.slice(1));
  const database = openLanternDatabase();
  try {
    const performanceIssues = () => database.db.selectFrom("issues").select("id").where("project_id", "=", projectId).where("type", "=", "performance").execute();
    await expect.poll(async () => (await performanceIssues()).length, { message: "the N+1 is digested into an issue", timeout: 30_000 }).toBe(1);
  } finally {
    await database.close();
  }
});

test("the performance page shows the transaction, its queries and outgoing requests, each with a trace to open", async ({ page }) => {
  await page.goto(`/projects/${slug}`);
  await page.getByRole("navigation", { name: "Project" }).getByRole("link", { name: "Performance" }).click();
  await expect(page.getByRole("heading", { name: "Performance", level: 1 })).toBeVisible();
  const transactions = page.getByRole("table", { name: "Transactions" });
  await expect(transactions.getByRole("rowheader", { name: "GET /checkout/7" })).toBeVisible();
  await expect(transactions.getByRole("rowheader", { name: "GET /ping/42" })).toBeVisible();
  const queries = page.getByRole("table", { name: "Queries" });
  const select = queries.getByRole("row").filter({ hasText: "SELECT * FROM users WHERE id = ?" });
  await expect(select.getByRole("cell").first()).toHaveText("10");
  await expect(page.getByRole("table", { name: "Requests" }).getByRole("rowheader", { name: /^127\.0\.0\.1:\d+$/ })).toBeVisible();
  await expect(select.getByRole("link", { name: "trace" })).toHaveAttribute("href", `/traces/${traceId}`);

  // A search narrows the transactions; the period switch keeps it.
  await page.getByLabel("Search transactions").fill("checkout");
  await page.getByLabel("Search transactions").press("Enter");
  await expect(transactions.getByRole("rowheader")).toHaveText(["GET /checkout/7"]);
  await page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "7d" }).click();
  await expect(page).toHaveURL(/period=7d&search=checkout/);
  await expect(transactions.getByRole("rowheader")).toHaveText(["GET /checkout/7"]);
});

test("a transaction's summary: totals, histogram, slowest trace, time by span op, the error seen in it, its release", async ({ page }) => {
  await page.goto(`/projects/${slug}/performance`);
  await page.getByRole("table", { name: "Transactions" }).getByRole("link", { name: "GET /checkout/7" }).click();
  await expect(page.getByRole("heading", { name: "GET /checkout/7", level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/performance\/summary\?transaction=GET\+%2Fcheckout%2F7/);
  const totals = page.getByRole("definition").first();
  await expect(totals).toHaveText("1");
  const histogram = page.getByRole("table", { name: "Duration histogram" });
  await expect(histogram.locator("tbody tr")).toHaveCount(1);
  await expect(histogram.locator("tbody tr td").first()).toHaveText("1");
  await expect(page.getByRole("table", { name: "Slowest traces" }).getByRole("link")).toHaveAttribute("href", new RegExp(`^/traces/${traceId}\\?span=[0-9a-f]{16}$`));
  const ops = page.getByRole("table", { name: "Time by span operation" });
  await expect(ops.getByRole("row").filter({ hasText: /^db/ }).getByRole("cell").first()).toHaveText("11");
  await expect(page.getByRole("list", { name: "Related issues" }).getByRole("link", { name: /checkout failed/ })).toBeVisible();
  await expect(page.getByRole("table", { name: "Releases compared" }).getByRole("rowheader")).toHaveText(["shop@1.0.0"]);
  await page.getByRole("table", { name: "Slowest traces" }).getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/traces/${traceId}`));
});

test("the N+1 shows as a performance issue, found by issue.category:performance", async ({ page }) => {
  await page.goto(`/projects/${slug}/issues?query=${encodeURIComponent("issue.category:performance")}`);
  await expect(page.getByRole("link", { name: /N\+1 Query: SELECT \* FROM users WHERE id = \?/ })).toBeVisible();
});
