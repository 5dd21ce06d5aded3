import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Browser } from "@playwright/test";
import { freePort, lanternEnvironment, startLanternProcess } from "./support/lantern-process";
import { anonymousState } from "./support/server";

const owner = { email: "budget-owner@lantern.test", password: "budget-owner-password-1" };
const member = { email: "budget-member@lantern.test", password: "budget-member-password-1" };

function createUser(environment: NodeJS.ProcessEnv, who: { email: string; password: string }, role: "owner" | "member"): void {
  const created = spawnSync(process.execPath, ["cli/lantern.mjs", "user", "create", "--role", role, "--email", who.email, "--name", role, "--password-stdin"], { input: who.password, env: environment, encoding: "utf8" });
  if (created.status !== 0) throw new Error(`lantern user create failed: ${created.stderr || created.stdout}`);
}

async function signIn(browser: Browser, baseUrl: string, who: { email: string; password: string }) {
  const context = await browser.newContext({ storageState: anonymousState, baseURL: baseUrl });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/projects/);
  return { context, page };
}

/**
 * The production server with a disk budget its fresh database already exceeds (64 KB): every dashboard page
 * carries the banner, owners get Settings → Storage with the size by table and project, members a 404.
 */
test("over LANTERN_DISK_BUDGET the dashboard says so, and Settings → Storage shows where the bytes are", async ({ browser }) => {
  test.setTimeout(180_000);
  const directory = mkdtempSync(join(tmpdir(), "lantern-e2e-budget-"));
  const environment = { ...lanternEnvironment(await freePort(), join(directory, "lantern.db")), LANTERN_DISK_BUDGET: "64KB" };
  try {
    createUser(environment, owner, "owner");
    createUser(environment, member, "member");
    const server = await startLanternProcess(environment);
    try {
      const { context, page } = await signIn(browser, server.baseUrl, owner);
      for (const path of ["/projects", "/issues", "/settings"]) {
        await page.goto(path);
        const banner = page.getByRole("status").filter({ hasText: "over its disk budget of 64KB (LANTERN_DISK_BUDGET)" });
        await expect(banner).toBeVisible();
        await expect(banner.getByRole("link", { name: "Storage by table and project" })).toHaveAttribute("href", "/settings/storage");
      }
      await page.getByRole("navigation", { name: "Accounts and access" }).getByRole("link", { name: /^Storage/ }).click();
      await expect(page.getByRole("heading", { name: "Storage", level: 1 })).toBeVisible();
      await expect(page.getByText("64 KB — over budget")).toBeVisible();
      const byTable = page.getByRole("table", { name: "Database size by table" });
      await expect(byTable.getByRole("rowheader", { name: "events", exact: true })).toBeVisible();
      await expect(page.getByRole("table", { name: "Database size by project" }).getByRole("rowheader", { name: /Lantern/ })).toBeVisible();
      await context.close();

      const asMember = await signIn(browser, server.baseUrl, member);
      await expect(asMember.page.getByRole("status").filter({ hasText: "over its disk budget" })).toBeVisible();
      await expect(asMember.page.getByRole("status").getByRole("link")).toHaveCount(0);
      const storage = await asMember.page.goto("/settings/storage");
      expect(storage?.status()).toBe(404);
      await asMember.context.close();
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
});
