import { expect, test } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { runSdkScript, uniqueToken } from "../tests/support/sdk-helpers";
import { openLanternDatabase } from "./support/lantern-database";
import { createProjectDsn } from "./support/lantern-process";
import { e2eServerEnvironment } from "./support/server";

/**
 * Acceptance 2 (first half), on the page: the real @sentry/node sends sessions of users over three releases —
 * healthy, errored, crashed (the crashed session is sent twice by the SDK and counts once) — and each
 * release's page, reached from the Releases tab, shows the exact sessions, users and crash-free rates, and the
 * issue the errored release introduced.
 */
test("a release page shows the release's exact sessions, users and crash-free rates, its new issues and its place for deploys and commits", async ({ page }) => {
  test.setTimeout(120_000);
  const token = uniqueToken();
  const name = `release page ${token}`;
  const dsn = await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, name);
  const projectId = Number(new URL(dsn).pathname.slice(1));
  const release = { healthy: `shop@1.0.0-${token}`, errored: `shop@1.1.0-${token}`, crashed: `shop@1.2.0-${token}` };
  const plans = {
    [release.healthy]: "ana:healthy,ben:healthy,cy:healthy",
    [release.errored]: "ana:errored,ben:healthy,cy:errored",
    [release.crashed]: "ana:crashed,ben:healthy,cy:healthy,dee:errored",
  };
  for (const [version, plan] of Object.entries(plans)) {
    const result = await runSdkScript("release-sessions.mjs", { LANTERN_TEST_DSN: dsn, LANTERN_TEST_RELEASE: version, LANTERN_TEST_ENVIRONMENT: "production", LANTERN_TEST_TOKEN: token, LANTERN_TEST_SESSIONS: plan });
    expect(result.code, result.stderr).toBe(0);
  }
  const database = openLanternDatabase();
  try {
    const sessions = async () =>
      Number((await database.db.selectFrom("session_counts").select((eb) => eb.fn.sum<number>("quantity").as("total")).where("project_id", "=", projectId).where("status", "=", "started").executeTakeFirst())?.total ?? 0);
    await expect.poll(sessions, { message: "the ten sessions are digested", timeout: 30_000 }).toBe(10);
    const crashes = async () =>
      Number((await database.db.selectFrom("session_counts").select((eb) => eb.fn.sum<number>("quantity").as("total")).where("project_id", "=", projectId).where("status", "=", "crashed").executeTakeFirst())?.total ?? 0);
    await expect.poll(crashes, { message: "the crash update and the closing update are digested", timeout: 30_000 }).toBe(1);
  } finally {
    await database.close();
  }

  const slug = slugify(name);
  // Each figure is a <dt> label and its <dd> value in the "Release health" list.
  const expectHealth = async (figures: Record<string, string>) => {
    const list = page.locator("dl[aria-label='Release health']");
    for (const [label, value] of Object.entries(figures)) await expect(list.locator("div").filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) }).locator("dd"), label).toHaveText(value);
  };

  await page.goto(`/projects/${slug}/releases`);
  await page.getByRole("table", { name: "Releases" }).getByRole("link", { name: release.crashed }).click();
  await expect(page).toHaveURL(`/projects/${slug}/releases/${encodeURIComponent(release.crashed)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(release.crashed);
  await expectHealth({ "Crash-free sessions": "75 %", "Crash-free users": "75 %", Sessions: "4", Users: "4", Crashed: "1", Errored: "1" });
  await expect(page.getByRole("img", { name: /^4 sessions in the last 14 days/ })).toBeVisible();

  await page.goto(`/projects/${slug}/releases/${encodeURIComponent(release.errored)}`);
  await expectHealth({ "Crash-free sessions": "100 %", "Crash-free users": "100 %", Sessions: "3", Users: "3", Crashed: "0", Errored: "2" });
  // One issue for the handled errors of this script line (its title follows its newest event's message).
  await expect(page.getByRole("table", { name: "New issues" }).getByRole("rowheader")).toHaveCount(1);
  await expect(page.getByRole("table", { name: "New issues" }).getByRole("rowheader").getByRole("link")).toContainText(`Error: Checkout ${token} failed for`);
  await expect(page.getByRole("region", { name: "Deploys" })).toContainText("No deploy recorded");
  await expect(page.getByRole("region", { name: "Commits" })).toBeVisible();

  await page.goto(`/projects/${slug}/releases/${encodeURIComponent(release.healthy)}`);
  await expectHealth({ "Crash-free sessions": "100 %", Sessions: "3", Users: "3", Errored: "0" });
  await expect(page.getByRole("region", { name: "New issues" })).toContainText("No issue was first seen in this release.");

  expect((await page.goto(`/projects/${slug}/releases/${encodeURIComponent(`shop@9.9.9-${token}`)}`))?.status()).toBe(404);
});
