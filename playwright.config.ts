import { defineConfig } from "@playwright/test";
import { e2eBaseUrl, e2eOwnerState } from "./e2e/support/server";

/** Browser tests against a production build (`next build` first), in Debian's Chromium — never a downloaded browser. */
export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  reporter: process.env.CI ? [["list"], ["json", { outputFile: "test-results/e2e.json" }]] : [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  globalSetup: "./e2e/support/global-setup.ts",
  use: {
    baseURL: e2eBaseUrl,
    // Signed in as the owner global setup creates; anonymous tests opt out with anonymousState.
    storageState: e2eOwnerState,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run"],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
});
