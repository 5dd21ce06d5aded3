import { expect, test } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { runSdkScript, uniqueToken } from "../tests/support/sdk-helpers";
import { openLanternDatabase } from "./support/lantern-database";
import { createProjectDsn } from "./support/lantern-process";
import { seedProject } from "./support/main-pages";
import { e2eServerEnvironment } from "./support/server";

/**
 * The project overview (issue 20): charts, top and new issues and releases for a project with a real
 * @sentry/node error; for a new project, the waiting state that turns into the overview by itself when the
 * first event arrives; and the settings' rename, which keeps the slug. The project's tabs stay on its issue list.
 */

const projectNav = (page: import("@playwright/test").Page) => page.getByRole("navigation", { name: "Project" });

test("the overview shows the charts, the top unresolved issues (today's new ones a click away), the latest release and the DSN", async ({ page }) => {
  test.setTimeout(60_000);
  const seed = await seedProject("overview");
  await page.goto(`/projects/${seed.slug}`);
  await expect(projectNav(page).getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
  const activity = page.getByRole("region", { name: "Activity in the last 24 hours" });
  await expect(activity.getByRole("img", { name: /^1 event in the last 24 hours/ })).toBeVisible();
  await expect(activity.getByRole("img", { name: "1 unresolved issue had events in the last 24 hours." })).toBeVisible();
  const issueLink = `/projects/${seed.slug}/issues/${seed.issueId}`;
  await expect(page.getByRole("list", { name: "Top unresolved issues" }).locator(`a[href="${issueLink}"]`)).toBeVisible();
  const issueViews = page.getByRole("navigation", { name: "Issue view" });
  await issueViews.getByRole("link", { name: "New today (1)" }).click();
  await expect(page.getByRole("list", { name: "New issues today" }).locator(`a[href="${issueLink}"]`)).toBeVisible();
  await expect(issueViews.getByRole("link", { name: "New today (1)" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("list", { name: "Top unresolved issues" })).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Latest releases" }).getByRole("link", { name: "shop@1.0.0" })).toHaveAttribute("href", `/projects/${seed.slug}/issues?query=release%3Ashop%401.0.0`);
  await expect(page.getByRole("region", { name: "DSN" }).getByRole("button", { name: "Copy DSN" })).toBeVisible();

  await page.getByRole("link", { name: "14 days" }).click();
  await expect(page.getByRole("region", { name: "Activity in the last 14 days" }).getByRole("img", { name: /^1 event in the last 14 days/ })).toBeVisible();

  // The project's issue list keeps its name and tabs.
  await projectNav(page).getByRole("link", { name: "Issues" }).click();
  await expect(projectNav(page).getByRole("link", { name: "Issues" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^overview /);
});

test("a new project with two issues lists each of them once on its overview", async ({ page }) => {
  test.setTimeout(60_000);
  const token = uniqueToken();
  const name = `two issues ${token}`;
  const dsn = await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, name);
  const sdk = { LANTERN_TEST_DSN: dsn, LANTERN_TEST_RELEASE: "shop@3.0.0", LANTERN_TEST_ENVIRONMENT: "e2e", LANTERN_TEST_TOKEN: token };
  const scope = { message: `Stock for ${token} ran out`, level: "warning", tags: {}, user: {}, contexts: {}, breadcrumbs: [] };
  for (const run of [await runSdkScript("capture-exception.mjs", sdk), await runSdkScript("capture-message.mjs", { ...sdk, LANTERN_TEST_SCOPE: JSON.stringify(scope) })]) expect(run.code, run.stderr).toBe(0);
  const database = openLanternDatabase();
  let issueIds: number[];
  try {
    const projectId = Number(new URL(dsn).pathname.slice(1));
    const issues = () => database.db.selectFrom("issues").select("id").where("project_id", "=", projectId).execute();
    await expect.poll(async () => (await issues()).length, { timeout: 30_000 }).toBe(2);
    issueIds = (await issues()).map((issue) => issue.id);
  } finally {
    await database.close();
  }

  await page.goto(`/projects/${slugify(name)}`);
  await expect(page.getByRole("list", { name: "Top unresolved issues" }).getByRole("listitem")).toHaveCount(2);
  for (const issueId of issueIds) await expect(page.locator("main").locator(`a[href="/projects/${slugify(name)}/issues/${issueId}"]`)).toHaveCount(1);
});

test("a new project waits for its first event and turns into the overview when it arrives", async ({ page }) => {
  test.setTimeout(90_000);
  const token = uniqueToken();
  const name = `waiting ${token}`;
  const dsn = await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, name);
  await page.goto(`/projects/${slugify(name)}`);
  await expect(page.getByRole("heading", { name: "Waiting for your first event" })).toBeVisible();
  await expect(page.getByRole("region", { name: "DSN" }).getByRole("button", { name: "Copy DSN" })).toBeVisible();
  expect(await page.getByRole("region", { name: "DSN" }).locator("code").innerText()).toContain(new URL(dsn).username);
  await expect(page.getByRole("list", { name: "Top unresolved issues" })).toHaveCount(0);

  const run = await runSdkScript("capture-exception.mjs", { LANTERN_TEST_DSN: dsn, LANTERN_TEST_RELEASE: "shop@2.0.0", LANTERN_TEST_ENVIRONMENT: "e2e", LANTERN_TEST_TOKEN: token });
  expect(run.code, run.stderr).toBe(0);
  // No reload: the page's live check refreshes it once digest has made the issue.
  await expect(page.getByRole("list", { name: "Top unresolved issues" }).getByRole("listitem")).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Waiting for your first event" })).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Latest releases" })).toContainText("shop@2.0.0");
});

test("project settings rename the project and change its platform; the slug stays", async ({ page }) => {
  const name = `rename ${uniqueToken()}`;
  const slug = slugify(name);
  await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, name);
  await page.goto(`/projects/${slug}/settings`);
  const form = page.getByRole("form", { name: "Name and platform" });
  await form.getByLabel("Name").fill(`Renamed ${name}`);
  await form.getByLabel("Platform").selectOption({ label: "Python" });
  await form.getByRole("button", { name: "Save name and platform" }).click();
  await expect(form.getByRole("status")).toHaveText("Saved");

  await projectNav(page).getByRole("link", { name: "Overview" }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${slug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Renamed ${name}`);
  await expect(page.getByRole("main")).toContainText("Python");
});

test("Client keys lists the project's existing keys before the form for a new one", async ({ page }) => {
  const name = `keys first ${uniqueToken()}`;
  await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, name);
  await page.goto(`/projects/${slugify(name)}/keys`);
  const keys = page.getByRole("list", { name: "Client keys" });
  await expect(keys.getByRole("heading", { level: 2, name: "Default", exact: true })).toBeVisible();
  const newKey = page.getByRole("heading", { level: 2, name: "New key" });
  await expect(newKey).toBeVisible();
  // DOCUMENT_POSITION_FOLLOWING: the form comes after the list, in reading order and on screen.
  expect(await keys.evaluate((list, heading) => Boolean(list.compareDocumentPosition(heading!) & Node.DOCUMENT_POSITION_FOLLOWING), await newKey.elementHandle())).toBe(true);
  expect((await newKey.boundingBox())!.y).toBeGreaterThan((await keys.boundingBox())!.y);
});
