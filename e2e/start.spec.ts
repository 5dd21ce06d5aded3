import { existsSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { internalProjectId, openLanternDatabase } from "./support/lantern-database";
import { e2eDatabasePath } from "./support/server";

test("npm start built, migrated a fresh SQLite database in WAL mode, created the Lantern project and serves the dashboard", async ({ page }) => {
  expect(existsSync(e2eDatabasePath)).toBe(true);
  expect(existsSync(`${e2eDatabasePath}-wal`)).toBe(true);
  const database = openLanternDatabase();
  try {
    expect(await internalProjectId(database)).toBeGreaterThan(0);
  } finally {
    await database.close();
  }
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText(["Projects", "Issues", "Feedback", "Logs", "Replays", "Crons", "Settings", "Docs"]);
  await expect(page.getByRole("list", { name: "Projects" }).getByRole("link", { name: "Lantern" })).toBeVisible();
});

test("the dashboard switches between light and dark themes", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/projects");
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
});
