import { expect, test } from "@playwright/test";

test("creating a project is a server action posted to the current URL with Next-Action", async ({ page }) => {
  await page.goto("/projects/new");
  const name = `checkout ${Date.now()}`;
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Platform").selectOption("node");
  const actionRequest = page.waitForRequest((request) => request.method() === "POST" && Boolean(request.headers()["next-action"]));
  await page.getByRole("button", { name: "Create project" }).click();
  const request = await actionRequest;
  expect(new URL(request.url()).pathname).toBe("/projects/new");

  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByText(/^http:\/\/[0-9a-f]{32}@127\.0\.0\.1:\d+\/\d+$/).first()).toBeVisible();
});

test("the create form explains a missing name inline", async ({ page }) => {
  await page.goto("/projects/new");
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Give the project a name" })).toBeVisible();
  await expect(page).toHaveURL(/\/projects\/new$/);
});
