import { expect, test } from "@playwright/test";
import { uniqueToken } from "../tests/support/sdk-helpers";
import { createProjectDsn } from "./support/lantern-process";
import { e2eServerEnvironment } from "./support/server";

/**
 * Docs → Getting started with Next.js fills the wizard's files with a real DSN of a project the viewer may see
 * (?project= picks it), and leads on to the digest lookup's docs.
 */
test("the Next.js guide shows the wizard's files with the chosen project's DSN and links to the digest docs", async ({ page }) => {
  const token = uniqueToken();
  const dsn = await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, `next docs ${token}`);

  await page.goto("/docs/getting-started");
  await page.getByRole("link", { name: "Getting started with Next.js" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Getting started with Next.js" })).toBeVisible();

  await page.goto(`/docs/getting-started/nextjs?project=next-docs-${token}`);
  const article = page.getByRole("article");
  for (const path of ["instrumentation-client.ts", "instrumentation.ts", "sentry.server.config.ts", "sentry.edge.config.ts", "next.config.ts", "app/global-error.tsx", "app/sentry-tunnel/route.ts"]) {
    await expect(article.getByRole("region", { name: path, exact: true })).toBeVisible();
  }
  for (const path of ["instrumentation-client.ts", "sentry.server.config.ts", "sentry.edge.config.ts"]) {
    await expect(article.getByRole("region", { name: path, exact: true }).locator("code").last()).toContainText(`dsn: "${dsn}",`);
  }
  await expect(article.getByRole("region", { name: "next.config.ts", exact: true }).locator("code").last()).toContainText(`project: "next-docs-${token}",`);
  await expect(article.getByRole("link", { name: "Setup", exact: true })).toHaveAttribute("href", `/projects/next-docs-${token}/setup`);

  await article.getByRole("link", { name: "Looking up a digest" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Looking up a digest" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "It works with the standard set-up" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Setting the tag yourself (optional)" })).toBeVisible();
});

test("the Next.js guide opens with a table of contents whose links move to their sections, by mouse and keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto("/docs/getting-started/nextjs");
  const contents = page.getByRole("navigation", { name: "On this page" });
  await expect(contents.getByRole("link")).toHaveText(["1. Install the SDK", "2. Add the files", "3. Check it", "Digests", "Troubleshooting"]);

  const troubleshooting = page.getByRole("heading", { level: 2, name: "Troubleshooting" });
  await expect(troubleshooting).not.toBeInViewport();
  await contents.getByRole("link", { name: "Troubleshooting" }).click();
  await expect(page).toHaveURL(/#troubleshooting$/);
  await expect(troubleshooting).toBeInViewport();

  // From the keyboard: the links are in the tab order and Enter follows them.
  await page.goto("/docs/getting-started/nextjs");
  const digests = contents.getByRole("link", { name: "Digests" });
  for (let presses = 0; presses < 40 && !(await digests.evaluate((link) => link === document.activeElement)); presses += 1) await page.keyboard.press("Tab");
  await expect(digests).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#digests$/);
  await expect(page.getByRole("heading", { level: 2, name: "Digests" })).toBeInViewport();
});
