import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { internalProjectId, latestIntakeId, openLanternDatabase, receivedBodies } from "./support/lantern-database";
import { e2eServerLog } from "./support/server";

const clientText = "Application error: a client-side exception has occurred (see the browser console for more information).";
const serverText = "Application error: a server-side exception has occurred (see the server logs for more information).";

test.describe("generic error fallbacks", () => {
  test("a page that throws in the browser shows the client-side fallback, without a digest", async ({ page }) => {
    await page.goto("/settings/diagnostics");
    await page.getByRole("button", { name: "Crash this page" }).click();
    await expect(page.getByText(clientText)).toBeVisible();
    await expect(page.getByText(/^Digest:/)).toHaveCount(0);
  });

  test("a server component that throws shows the server-side fallback with the digest the server logged and reported", async ({ page }) => {
    const database = openLanternDatabase();
    try {
      const before = await latestIntakeId(database);
      const response = await page.goto("/settings/diagnostics/server-error");
      expect(response?.status()).toBe(500);
      await expect(page.getByText(serverText)).toBeVisible();
      const digestLine = await page.getByText(/^Digest: /).textContent();
      const digest = digestLine!.replace("Digest: ", "").trim();
      expect(digest).toMatch(/^\d+$/);

      await expect.poll(() => readFileSync(e2eServerLog, "utf8")).toContain(`digest: '${digest}'`);

      // The server SDK reports the same error, tagged with the digest, into Lantern's own project.
      const projectId = await internalProjectId(database);
      await expect
        .poll(async () => (await receivedBodies(database, projectId, before)).some(({ envelope, body }) => envelope.itemTypes.includes("event") && body.includes(`"digest":"${digest}"`)), { timeout: 15_000 })
        .toBe(true);
    } finally {
      await database.close();
    }
  });
});
