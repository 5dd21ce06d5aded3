import { expect, test, type Page } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { runSdkScript, uniqueToken } from "../tests/support/sdk-helpers";
import { issueRows } from "./support/issue-rows";
import { createProjectDsn } from "./support/lantern-process";
import { e2eServerEnvironment } from "./support/server";

/**
 * Searching as a person types: the issue search box starts with `is:unresolved` and a space, so a click at
 * its end and typing adds a filter instead of gluing onto the last one; the header's box on a project's pages
 * searches that project, and its results link to the same search over every project.
 */
const environment = { ...process.env, ...e2eServerEnvironment };

async function seedProject(prefix: string, messages: { message: string; level: "error" | "warning" }[]): Promise<string> {
  const name = `${prefix} ${uniqueToken()}`;
  const dsn = await createProjectDsn(environment, name);
  for (const { message, level } of messages) {
    const run = await runSdkScript("capture-message.mjs", {
      LANTERN_TEST_DSN: dsn,
      LANTERN_TEST_RELEASE: "shop@1.0.0",
      LANTERN_TEST_ENVIRONMENT: "e2e",
      LANTERN_TEST_SCOPE: JSON.stringify({ message, level, tags: {}, contexts: {}, breadcrumbs: [] }),
    });
    expect(run.code, run.stderr).toBe(0);
  }
  return slugify(name);
}

const rows = issueRows;
const searchBox = (page: Page) => page.getByRole("combobox", { name: "Search", exact: true });
const headerBox = (page: Page) => page.getByRole("searchbox", { name: "Search issues or find by digest" });

test("a click at the end of the pre-filled box and typing level:error searches is:unresolved level:error", async ({ page }) => {
  const token = uniqueToken();
  const titles = { error: `Payment failed ${token}`, warning: `Slow payment ${token}` };
  const slug = await seedProject("typing", [
    { message: titles.error, level: "error" },
    { message: titles.warning, level: "warning" },
  ]);
  await expect(async () => {
    await page.goto(`/projects/${slug}/issues`);
    await expect(rows(page)).toHaveCount(2, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });

  const box = searchBox(page);
  await expect(box).toHaveValue("is:unresolved ");
  const size = (await box.boundingBox())!;
  await box.click({ position: { x: size.width - 4, y: size.height / 2 } });
  await expect(box).toBeFocused();
  await page.keyboard.type("level:error");
  await expect(box).toHaveValue("is:unresolved level:error");
  await page.keyboard.press("Enter");

  await expect.poll(() => new URL(page.url()).searchParams.get("query")).toBe("is:unresolved level:error");
  await expect(rows(page)).toHaveText([new RegExp(titles.error)]);
  await expect(searchBox(page)).toHaveValue("is:unresolved level:error ");
});

test("the header's search inside a project opens that project's results, which widen to every project in one click", async ({ page }) => {
  const token = uniqueToken();
  const here = { title: `Card declined ${token} here` };
  const elsewhere = { title: `Card declined ${token} elsewhere` };
  const slug = await seedProject("scoped search", [{ message: here.title, level: "error" }]);
  await seedProject("other search", [{ message: elsewhere.title, level: "error" }]);

  await page.goto(`/projects/${slug}`);
  await expect(page.getByRole("search", { name: "Search this project" })).toBeVisible();
  await expect(async () => {
    await page.goto(`/projects/${slug}`);
    await headerBox(page).fill(token);
    await headerBox(page).press("Enter");
    await expect(page).toHaveURL(new RegExp(`/projects/${slug}/issues\\?query=${token}$`), { timeout: 2000 });
    await expect(rows(page)).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(rows(page)).toHaveText([new RegExp(here.title)]);

  await page.getByRole("link", { name: "Search all projects" }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe("/issues");
  expect(new URL(page.url()).searchParams.get("query")).toBe(token);
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).filter({ hasText: elsewhere.title })).toHaveCount(1);

  // A digest typed on a project's page still goes to the digest lookup.
  await page.goto(`/projects/${slug}/issues`);
  await headerBox(page).fill("2654435761");
  await headerBox(page).press("Enter");
  await expect(page).toHaveURL(/\/digest\?value=2654435761$/);
});
