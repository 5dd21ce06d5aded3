import { expect, test } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { runSdkScript, uniqueToken } from "../tests/support/sdk-helpers";
import { openLanternDatabase } from "./support/lantern-database";
import { createProjectDsn } from "./support/lantern-process";
import { e2eServerEnvironment } from "./support/server";

/**
 * Releases with their health: the official @sentry/node sends a session per process on its own (the
 * ProcessSession integration) and marks the session of a process an uncaught exception kills as crashed.
 * Three processes of one release, one of them crashing, read as 66.7 % crash-free on the project's Releases
 * tab and on its overview; a release that only sent sessions is listed all the same.
 */
test("the Releases tab lists each release with its crash-free sessions, adoption and new issues; the overview shows the rate", async ({ page }) => {
  test.setTimeout(90_000);
  const token = uniqueToken();
  const name = `releases ${token}`;
  const dsn = await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, name);
  const projectId = Number(new URL(dsn).pathname.slice(1));
  const shaky = `shop@2.0.0-${token}`;
  const calm = `shop@1.0.0-${token}`;
  const run = async (script: string, release: string) => {
    const result = await runSdkScript(script, { LANTERN_TEST_DSN: dsn, LANTERN_TEST_RELEASE: release, LANTERN_TEST_ENVIRONMENT: "production", LANTERN_TEST_TOKEN: token });
    expect(result.signal, result.stderr).toBeNull();
  };
  await run("process-session.mjs", calm);
  await run("process-session.mjs", shaky);
  await run("process-session.mjs", shaky);
  await run("uncaught-exception.mjs", shaky);

  const database = openLanternDatabase();
  try {
    const sessions = async () =>
      Number((await database.db.selectFrom("session_counts").select((eb) => eb.fn.sum<number>("quantity").as("total")).where("project_id", "=", projectId).where("status", "=", "started").executeTakeFirst())?.total ?? 0);
    await expect.poll(sessions, { message: "the four sessions are digested", timeout: 30_000 }).toBe(4);
  } finally {
    await database.close();
  }

  const slug = slugify(name);
  await page.goto(`/projects/${slug}`);
  const latest = page.getByRole("list", { name: "Latest releases" });
  await expect(latest.getByRole("listitem").filter({ hasText: shaky })).toContainText("66.7 % crash-free");
  await expect(latest.getByRole("listitem").filter({ hasText: calm })).toContainText("100 % crash-free");

  await page.getByRole("navigation", { name: "Project" }).getByRole("link", { name: "Releases" }).click();
  await expect(page.getByRole("navigation", { name: "Project" }).getByRole("link", { name: "Releases" })).toHaveAttribute("aria-current", "page");
  const table = page.getByRole("table", { name: "Releases" });
  const shakyRow = table.getByRole("row").filter({ has: page.getByRole("link", { name: shaky }) });
  // Release, crash-free sessions, sessions, adoption, new issues, deployed.
  await expect(shakyRow.getByRole("cell")).toHaveText(["66.7 % 1 crashed", "3", "75 %", "1", "—"]);
  const calmRow = table.getByRole("row").filter({ has: page.getByRole("link", { name: calm }) });
  await expect(calmRow.getByRole("cell")).toHaveText(["100 % 0 crashed", "1", "25 %", "0", "—"]);
  // Newest first; the version links to its release page.
  await expect(table.getByRole("rowheader").getByRole("link")).toHaveText([shaky, calm]);
  await expect(page.getByRole("link", { name: shaky })).toHaveAttribute("href", `/projects/${slug}/releases/${encodeURIComponent(shaky)}`);
});

test("a project without releases says how to get them, and the subtitle names the SDK's option as code, not Markdown", async ({ page }) => {
  const name = `no releases ${uniqueToken()}`;
  await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, name);
  await page.goto(`/projects/${slugify(name)}/releases`);
  await expect(page.getByRole("heading", { name: "No release yet" })).toBeVisible();
  const subtitle = page.locator("main p").filter({ hasText: "each version the SDK named in" });
  await expect(subtitle).toContainText(`${name}: each version the SDK named in release, with its new issues`);
  await expect(subtitle.locator("code")).toHaveText("release");
  expect(await page.locator("main").innerText()).not.toContain("`");
});
