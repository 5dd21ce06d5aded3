import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test, type Page } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { runSdkScript, uniqueToken } from "../tests/support/sdk-helpers";
import { issueRows } from "./support/issue-rows";
import { openLanternDatabase } from "./support/lantern-database";
import { createProjectDsn } from "./support/lantern-process";
import { anonymousState, e2eServerEnvironment } from "./support/server";

/**
 * The header's environment filter (issue 30, acceptance 4): one project gets errors, transactions, log lines
 * and sessions in two environments from the real @sentry/node through the real ingest. Picked in the header,
 * an environment scopes the issue list, the issue page's counts, the Releases tab and a release's page, the
 * performance page and a transaction's summary, and the logs explorer (the overview says it counts all); the query's own environment: wins over it; and the pick is the person's, so it is still
 * there after signing out and in again. The test signs in as its own admin, so the owner the other specs
 * run as keeps "All environments".
 */
const execFileAsync = promisify(execFile);
const mainEnvironment = { ...process.env, ...e2eServerEnvironment };

async function createAdmin(email: string, password: string): Promise<void> {
  const child = execFileAsync(process.execPath, ["cli/lantern.mjs", "user", "create", "--role", "admin", "--email", email, "--password-stdin"], { env: mainEnvironment, encoding: "utf8" });
  child.child.stdin?.end(password);
  await child;
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
}

const picker = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Environment: / });
const fact = (page: Page, term: string) => page.locator('dl[aria-label="Facts"] > div').filter({ has: page.locator("dt", { hasText: new RegExp(`^${term}$`) }) }).locator("dd");

// The machine's other work can slow a page's first render; each page's first check waits longer.
const slowPage = { timeout: 30_000 };

test("an environment picked in the header scopes issues, the issue page, releases, performance and logs, and is still picked after signing in again", async ({ browser }) => {
  test.setTimeout(180_000);
  const token = uniqueToken();
  const name = `environments ${token}`;
  const slug = slugify(name);
  const dsn = await createProjectDsn(mainEnvironment, name);
  const projectId = Number(new URL(dsn).pathname.slice(1));
  const blue = `blue-${token}`;
  const green = `green-${token}`;
  const releaseOf = (environment: string) => `shop@${environment}`;
  const run = async (script: string, environment: string, extra: Record<string, string> = {}) => {
    const result = await runSdkScript(script, { LANTERN_TEST_DSN: dsn, LANTERN_TEST_RELEASE: releaseOf(environment), LANTERN_TEST_ENVIRONMENT: environment, LANTERN_TEST_TOKEN: token, ...extra });
    expect(result.code, result.stderr).toBe(0);
  };
  // The same error (one issue) twice in blue and once in green, each with its transaction and spans.
  await run("traced-request.mjs", blue);
  await run("traced-request.mjs", blue);
  await run("traced-request.mjs", green);
  // An issue only green has.
  const greenOnly = `only in green ${token}`;
  await run("capture-message.mjs", green, { LANTERN_TEST_SCOPE: JSON.stringify({ message: greenOnly, level: "error", tags: {}, user: { id: "green-user" }, contexts: {}, breadcrumbs: [] }) });
  // Log lines that name their environment, and a session of each environment's release.
  await run("logs.mjs", blue, { LANTERN_TEST_TOKEN: `${token}-blue` });
  await run("logs.mjs", green, { LANTERN_TEST_TOKEN: `${token}-green` });
  await run("process-session.mjs", blue);
  await run("process-session.mjs", green);

  const database = openLanternDatabase();
  try {
    const count = async (table: "events" | "logs" | "session_counts") => {
      if (table === "session_counts") return Number((await database.db.selectFrom("session_counts").select((eb) => eb.fn.sum<number>("quantity").as("total")).where("project_id", "=", projectId).where("status", "=", "started").executeTakeFirst())?.total ?? 0);
      return Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("total")).where("project_id", "=", projectId).executeTakeFirst())?.total ?? 0);
    };
    await expect.poll(() => count("events"), { message: "the four error events are digested", timeout: 30_000 }).toBeGreaterThanOrEqual(4);
    await expect.poll(() => count("logs"), { message: "both scripts' log lines are digested", timeout: 30_000 }).toBe(8);
    // Every script run is a process session: at least the two of process-session.mjs.
    await expect.poll(() => count("session_counts"), { message: "the sessions are digested", timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  } finally {
    await database.close();
  }

  const person = { email: `environments-${token}@lantern.test`, password: "environment-filter-password-1" };
  await createAdmin(person.email, person.password);
  const context = await browser.newContext({ storageState: anonymousState });
  const page = await context.newPage();
  try {
    await signIn(page, person.email, person.password);
    await page.goto(`/projects/${slug}/issues`);
    await expect(picker(page)).toHaveAccessibleName("Environment: All environments");
    await expect(issueRows(page).filter({ hasText: greenOnly })).toHaveCount(1);
    await expect(issueRows(page).filter({ hasText: `checkout failed ${token}` })).toHaveCount(1);

    // Pick blue: the list keeps only what blue saw, and says why.
    await picker(page).click();
    await page.getByRole("menuitem", { name: blue }).click();
    await expect(picker(page)).toHaveAccessibleName(`Environment: ${blue}`);
    await expect(issueRows(page).filter({ hasText: greenOnly })).toHaveCount(0);
    await expect(issueRows(page).filter({ hasText: `checkout failed ${token}` })).toHaveCount(1);
    await expect(page.getByTestId("environment-scope")).toHaveText(`Environment ${blue} only, as picked in the header.`);

    // The query's own environment: wins, and the page says so.
    await page.goto(`/projects/${slug}/issues?query=${encodeURIComponent(`environment:${green}`)}`);
    await expect(issueRows(page).filter({ hasText: greenOnly })).toHaveCount(1);
    await expect(page.getByTestId("environment-scope")).toContainText(`applies here instead of ${blue}`);

    // The issue page counts blue's events of the issue: two of its three.
    await page.goto(`/projects/${slug}/issues`);
    await issueRows(page).getByRole("link", { name: new RegExp(`checkout failed ${token}`) }).click();
    await expect(page.getByTestId("issue-environment-scope")).toContainText(blue, slowPage);
    await expect(fact(page, "Events")).toHaveText("2");

    // Releases: only blue's release.
    await page.goto(`/projects/${slug}/releases`);
    const releases = page.getByRole("table", { name: "Releases" });
    await expect(releases.getByRole("rowheader").getByRole("link")).toHaveText([releaseOf(blue)], slowPage);

    // Performance: blue's two checkout transactions, not green's third.
    await page.goto(`/projects/${slug}/performance`);
    const checkout = page.getByRole("table", { name: "Transactions" }).getByRole("row").filter({ has: page.getByRole("rowheader", { name: "GET /checkout/7" }) });
    await expect(checkout.getByRole("cell").nth(1)).toHaveText("2", slowPage);

    // Its transaction summary counts blue's two as well.
    await page.goto(`/projects/${slug}/performance/summary?transaction=${encodeURIComponent("GET /checkout/7")}`);
    const totals = page.locator('dl[aria-label="Totals"] > div').filter({ has: page.locator("dt", { hasText: /^Transactions$/ }) }).locator("dd");
    await expect(totals).toHaveText("2", slowPage);
    await expect(page.getByTestId("environment-scope")).toHaveText(`Environment ${blue} only, as picked in the header.`);

    // A release page under blue: green's release lists no issue of green's, and its page says why.
    await page.goto(`/projects/${slug}/releases/${encodeURIComponent(releaseOf(green))}`);
    await expect(page.getByTestId("environment-scope")).toHaveText(`Environment ${blue} only, as picked in the header.`, slowPage);
    await expect(page.getByRole("region", { name: "New issues" }).getByText(greenOnly)).toHaveCount(0);
    await expect(page.getByText("No issue was first seen in this release.")).toBeVisible();

    // The overview keeps every environment's counts, and says so.
    await page.goto(`/projects/${slug}`);
    await expect(page.getByTestId("environment-scope")).toContainText("The overview counts every environment", slowPage);

    // Logs: blue's lines only.
    await page.goto(`/projects/${slug}/logs`);
    const lines = page.getByRole("table", { name: "Log lines" });
    await expect(lines.getByText(`payment failed ${token}-blue`)).toBeVisible(slowPage);
    await expect(lines.getByText(`payment failed ${token}-green`)).toHaveCount(0);

    // Signed out and in again (a new session), blue is still picked and still scopes the list.
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await signIn(page, person.email, person.password);
    await page.goto(`/projects/${slug}/issues`);
    await expect(picker(page)).toHaveAccessibleName(`Environment: ${blue}`);
    await expect(issueRows(page).filter({ hasText: greenOnly })).toHaveCount(0);

    // One click clears it.
    await page.getByRole("button", { name: "Clear the environment filter" }).click();
    await expect(picker(page)).toHaveAccessibleName("Environment: All environments");
    await expect(issueRows(page).filter({ hasText: greenOnly })).toHaveCount(1);
    await expect(page.getByTestId("environment-scope")).toHaveCount(0);
    // Unscoped, green's release page lists its issue as new.
    await page.goto(`/projects/${slug}/releases/${encodeURIComponent(releaseOf(green))}`);
    await expect(page.getByRole("region", { name: "New issues" }).getByText(greenOnly)).toBeVisible(slowPage);
  } finally {
    await context.close();
  }
});
