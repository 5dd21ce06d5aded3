import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { uniqueToken } from "../tests/support/sdk-helpers";
import { openLanternDatabase } from "./support/lantern-database";
import { createProjectDsn } from "./support/lantern-process";
import { anonymousState, e2eServerEnvironment } from "./support/server";

/**
 * Uptime monitors end to end (issue 31, acceptance 3 and 5), in Chromium against `npm start`, whose own
 * checker (every 2 s, under its lease) requests a real site on 127.0.0.1 (the e2e server allows private
 * targets): a monitor made on the Uptime tab is checked, the site stops and the downtime issue opens, the
 * public status page shows it to an anonymous visitor, the site answers again and all is up. Between
 * checks, the test moves the monitor's next check to now instead of waiting a minute.
 */

let site: Server;
let port = 0;
let isUp = true;

async function listen(): Promise<void> {
  site = createServer((_request, response) => {
    response.writeHead(isUp ? 200 : 503, { "content-type": "text/plain" }).end(isUp ? "ok" : "down");
  });
  await new Promise<void>((resolve) => site.listen(port, "127.0.0.1", resolve));
  port = (site.address() as AddressInfo).port;
}

test.beforeAll(listen);
test.afterAll(async () => {
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
});

/** Makes the monitor due now: the running checker picks it up at its next pass. */
async function checkNow(monitorId: number): Promise<number> {
  const database = openLanternDatabase();
  try {
    const before = await database.db.selectFrom("uptime_checks").select((eb) => eb.fn.countAll<number>().as("n")).where("monitor_id", "=", monitorId).executeTakeFirstOrThrow();
    await database.db.updateTable("uptime_monitors").set({ next_check_at: Date.now() }).where("id", "=", monitorId).execute();
    await expect
      .poll(async () => Number((await database.db.selectFrom("uptime_checks").select((eb) => eb.fn.countAll<number>().as("n")).where("monitor_id", "=", monitorId).executeTakeFirstOrThrow()).n), { message: "the server checks the monitor", timeout: 20_000 })
      .toBeGreaterThan(Number(before.n));
    return Number(before.n) + 1;
  } finally {
    await database.close();
  }
}

test("a monitor made on the Uptime tab is checked, opens a downtime issue when the site fails, shows on the public status page, and recovers", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const token = uniqueToken("uptime");
  const projectName = `uptime ${token}`;
  await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, projectName);
  const projectSlug = slugify(projectName);
  const url = `http://127.0.0.1:${port}/health?${token}`;
  const name = `<img src=x onerror=alert(1)> Storefront ${token}`;

  await page.goto(`/projects/${projectSlug}`);
  await page.getByRole("navigation", { name: "Project" }).getByRole("link", { name: "Uptime" }).click();
  await expect(page.getByRole("heading", { name: "No uptime monitors" })).toBeVisible();
  await page.getByRole("link", { name: "New monitor" }).first().click();
  const form = page.getByRole("form", { name: "New uptime monitor" });
  await form.getByLabel("URL", { exact: true }).fill("ftp://example.com/");
  await form.getByLabel("URL", { exact: true }).evaluate((input: HTMLInputElement) => (input.type = "text"));
  await form.getByRole("button", { name: "Create monitor" }).click();
  await expect(form.getByRole("alert")).toHaveText("The uptime monitor URL must start with http:// or https:// (got ftp:).");
  await form.getByLabel("URL", { exact: true }).fill(url);
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("Failures before downtime").fill("1");
  await form.getByLabel("Timeout (ms)").fill("2000");
  await form.getByLabel("Show on the public status page (by name only)").check();
  await form.getByRole("button", { name: "Create monitor" }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectSlug}/uptime/\\d+\\?created=1$`));
  const monitorId = Number(/uptime\/(\d+)/.exec(page.url())![1]);
  // The name came from a person: text, never markup.
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  await expect.poll(async () => {
    await page.reload();
    return page.getByRole("list", { name: "Latest checks, oldest first" }).getByRole("listitem").count();
  }, { message: "the first check appears", timeout: 20_000 }).toBeGreaterThan(0);
  await expect(page.getByRole("list", { name: "Latest checks, oldest first" })).toContainText("up, HTTP 200");

  isUp = false;
  await checkNow(monitorId);
  await page.reload();
  await expect(page.getByRole("list", { name: "Latest checks, oldest first" })).toContainText("down, unexpected status (HTTP 503)");
  const incidents = page.getByRole("list", { name: "Incidents" });
  await expect(incidents).toContainText("Ongoing");

  await page.goto(`/projects/${projectSlug}/uptime`);
  const row = page.getByRole("table", { name: "Uptime monitors" }).getByRole("row").filter({ hasText: token });
  await expect(row).toContainText("Down");
  await expect(row).toContainText(url);
  const statusForm = page.getByRole("form", { name: "Status page settings" });
  await statusForm.getByLabel("Public status page (no sign-in)").check();
  await statusForm.getByLabel("Title").fill(`Shop status ${token}`);
  await statusForm.getByRole("button", { name: "Save status page" }).click();
  await expect(statusForm.getByRole("status")).toHaveText("The status page is public.");

  const anonymous = await browser.newContext({ storageState: anonymousState });
  const visitor = await anonymous.newPage();
  await visitor.goto(`/status/${projectSlug}`);
  await expect(visitor.getByRole("heading", { level: 1, name: `Shop status ${token}` })).toBeVisible();
  await expect(visitor.getByText("Some systems are down.")).toBeVisible();
  const card = visitor.getByRole("list", { name: "Monitors" }).getByRole("listitem").filter({ hasText: name });
  await expect(card).toContainText("Down");
  await expect(visitor.locator("body")).not.toContainText(url);

  await page.goto(`/projects/${projectSlug}/uptime/${monitorId}`);
  await incidents.getByRole("link", { name: /^Issue \d+$/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Downtime detected for ${url}`);

  isUp = true;
  await checkNow(monitorId);
  await visitor.reload();
  await expect(visitor.getByText("All systems operational.")).toBeVisible();
  await expect(card).toContainText("Up");
  await page.goto(`/projects/${projectSlug}/uptime/${monitorId}`);
  await expect(incidents).toContainText("Down ");
  await anonymous.close();

  const settings = page.getByRole("form", { name: "Edit uptime monitor" });
  await settings.getByLabel("Active (checked on schedule)").uncheck();
  await settings.getByRole("button", { name: "Save monitor" }).click();
  await expect(settings.getByRole("status")).toContainText("Saved");
  await page.getByRole("button", { name: "Delete…" }).click();
  await page.getByRole("alertdialog", { name: `Delete ${name}?` }).getByRole("button", { name: `Delete ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectSlug}/uptime\\?deleted=1$`));
  await expect(page.getByRole("heading", { name: "No uptime monitors" })).toBeVisible();
});
