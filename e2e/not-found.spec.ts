import { expect, test } from "@playwright/test";

const noindex = 'meta[name="robots"][content="noindex"]';

test.describe("not-found pages", () => {
  test("an unknown App Router path answers 404 with noindex", async ({ page }) => {
    const response = await page.goto("/projects/no-such-project");
    expect(response?.status()).toBe(404);
    await expect(page.locator(noindex)).toHaveCount(1);
    await expect(page.getByRole("heading", { name: "This page could not be found." })).toBeVisible();
  });

  test("a URL that matches no route answers 404 with noindex", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.locator(noindex)).toHaveCount(1);
  });

  test("an unknown Pages Router path (a missing docs page) answers 404 with noindex", async ({ page }) => {
    const known = await page.goto("/docs/getting-started");
    expect(known?.status()).toBe(200);
    // The docs are a Pages Router route: the page carries __NEXT_DATA__.
    await expect(page.locator("script#__NEXT_DATA__")).toHaveCount(1);
    const response = await page.goto("/docs/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.locator(noindex)).toHaveCount(1);
  });

  test("the Pages Router's own /404 page answers 404 with noindex", async ({ page }) => {
    const response = await page.goto("/404");
    expect(response?.status()).toBe(404);
    await expect(page.locator("script#__NEXT_DATA__")).toHaveCount(1);
    await expect(page.locator(noindex)).toHaveCount(1);
  });
});
