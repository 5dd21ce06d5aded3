import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { inflateSync } from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import { issueHref } from "../src/components/issues/list/issue-href";
import { formatTimeOfDay } from "../src/lib/format-offset";
import type { LanternDatabase } from "../src/server/db/create-database";
import { startBrowserSdkPage } from "./support/browser-sdk-page";
import { openLanternDatabase } from "./support/lantern-database";
import { e2eServerEnvironment } from "./support/server";

/**
 * Events that read like Sentry's, from the real @sentry/browser: an error thrown by an anonymous function
 * in a timer (unhandled) and one the page reports itself from a named function (handled). The culprit names
 * the file and function (`<anonymous>`, never `?(…)`), breadcrumbs show their time of day in the viewer's
 * zone and how long before the error they happened, the device's memory reads in GiB, and the issue list
 * marks the unhandled issue only.
 */

const entrySource = `
import * as Sentry from "@sentry/browser";

const config = window.lanternTestConfig;
Sentry.init({ dsn: config.dsn, release: config.release });
// What a hybrid app's shell reports about the device (memory in bytes, as the protocol has it).
Sentry.setContext("device", { model: "Shop Kiosk", memory_size: 25276063744, free_memory: 1572864 });

const status = document.getElementById("status");
let sent = 0;
Sentry.getClient().on("afterSendEvent", () => {
  sent += 1;
  status.textContent = "Sent " + sent;
});

function reportDeclinedCard() {
  Sentry.captureException(new Error(config.handledMessage));
}

document.getElementById("crash").addEventListener("click", () => {
  console.log(config.logMessage);
  // A quarter of a second later, from an anonymous function: the breadcrumbs are visibly before the error.
  setTimeout(() => {
    throw new TypeError(config.thrownMessage);
  }, 250);
});
document.getElementById("report").addEventListener("click", () => reportDeclinedCard());
status.textContent = "SDK ready";
`;

const bodyHtml = `
    <main>
      <h1>Kiosk</h1>
      <button type="button" id="crash">Pay</button>
      <button type="button" id="report">Report a declined card</button>
      <p role="status" id="status">Loading</p>
    </main>`;

const viewerTimeZone = "Asia/Kolkata";
test.use({ timezoneId: viewerTimeZone });

interface StoredCrumb {
  timestamp?: number;
  category?: string;
  message?: string;
}

/** Waits until digest has written the event; returns its issue and its stored payload. */
async function digested(database: LanternDatabase, projectId: number, title: string): Promise<{ issueId: number; payload: { breadcrumbs?: { values?: StoredCrumb[] }; timestamp: number } }> {
  const find = () => database.db.selectFrom("events").select(["issue_id", "payload"]).where("project_id", "=", projectId).where("title", "=", title).executeTakeFirst();
  await expect.poll(async () => (await find())?.issue_id ?? null, { message: `“${title}” is digested`, timeout: 20_000, intervals: [100, 250, 500] }).not.toBeNull();
  const row = (await find())!;
  return { issueId: Number(row.issue_id), payload: JSON.parse(inflateSync(row.payload).toString("utf8")) };
}

const culpritLine = (page: Page, culprit: string) => page.getByRole("main").getByText(culprit, { exact: true }).first();

test("a real @sentry/browser error reads like Sentry's: culprit, breadcrumb times, memory in GiB, and the Unhandled mark in the list", async ({ page, browser }) => {
  const runId = randomUUID().slice(0, 8);
  const name = `readable events ${runId}`;
  const dsn = execFileSync(process.execPath, ["cli/lantern.mjs", "project", "create", name, "--platform", "javascript"], { env: { ...process.env, ...e2eServerEnvironment }, encoding: "utf8" }).trim();
  const projectId = Number(new URL(dsn).pathname.slice(1));
  const config = {
    dsn,
    release: `kiosk@1.0.0+${runId}`,
    thrownMessage: `The basket of run ${runId} is empty`,
    handledMessage: `The card of run ${runId} was declined`,
    logMessage: `paying for run ${runId}`,
  };
  const sdkPage = await startBrowserSdkPage({ entrySource, bodyHtml, config, title: "Kiosk" });
  const database = openLanternDatabase();
  const shop = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
  try {
    await shop.goto(sdkPage.url);
    await expect(shop.getByRole("status")).toHaveText("SDK ready");
    await shop.getByRole("button", { name: "Pay" }).click();
    await expect(shop.getByRole("status")).toHaveText("Sent 1");
    await shop.getByRole("button", { name: "Report a declined card" }).click();
    await expect(shop.getByRole("status")).toHaveText("Sent 2");

    const crashed = await digested(database, projectId, `TypeError: ${config.thrownMessage}`);
    const reported = await digested(database, projectId, `Error: ${config.handledMessage}`);
    const slug = (await database.db.selectFrom("projects").select("slug").where("id", "=", projectId).executeTakeFirstOrThrow()).slug;

    // The issue page: the culprit is the page's file and the function, anonymous named as such.
    await page.goto(issueHref(slug, crashed.issueId));
    await expect(culpritLine(page, "/sdk-bundle.js in <anonymous>")).toBeVisible();

    // Breadcrumbs: the log line a quarter of a second before the error, at its time of day in the viewer's zone.
    const breadcrumbs = page.getByRole("region", { name: "Breadcrumbs" });
    // Chromium reports Asia/Kolkata by its older name, Asia/Calcutta; both are the same zone.
    await expect(breadcrumbs.getByText(/times in Asia\/(Kolkata|Calcutta)/)).toBeVisible();
    const logged = crashed.payload.breadcrumbs?.values?.find((crumb) => crumb.category === "console" && crumb.message === config.logMessage);
    expect(logged?.timestamp, "the SDK sent the console breadcrumb with its time").toEqual(expect.any(Number));
    const loggedItem = breadcrumbs.getByRole("list", { name: "Breadcrumbs" }).locator(":scope > li").filter({ hasText: config.logMessage });
    await expect(loggedItem).toContainText(formatTimeOfDay(Math.round(logged!.timestamp! * 1000), viewerTimeZone));
    const offset = /([−+])(\d+) ms|([−+])(\d+\.\d\d) s/.exec((await loggedItem.textContent()) ?? "");
    expect(offset, "the breadcrumb says how long before the error it happened").not.toBeNull();
    const milliseconds = offset![2] !== undefined ? Number(offset![2]) : Number(offset![4]) * 1000;
    expect(offset![1] ?? offset![3]).toBe("−");
    expect(milliseconds).toBeGreaterThanOrEqual(200);
    expect(milliseconds).toBeLessThan(5000);

    // Contexts: the device's memory in binary units, the exact byte count on hover.
    const device = page.getByRole("region", { name: "Contexts" }).getByRole("definition").filter({ hasText: "23.5 GiB" });
    await expect(device).toBeVisible();
    await expect(page.getByRole("region", { name: "Contexts" })).not.toContainText("25276063744");
    await device.getByText("23.5 GiB").hover();
    await expect(page.getByRole("tooltip")).toContainText("25,276,063,744 bytes");

    // The handled report names its function.
    await page.goto(issueHref(slug, reported.issueId));
    await expect(culpritLine(page, "/sdk-bundle.js in reportDeclinedCard")).toBeVisible();

    // The list marks the issue that crashed unhandled, and not the one the page reported itself.
    await page.goto(`/projects/${encodeURIComponent(slug)}/issues`);
    const crashedRow = page.locator(`[data-issue-id="${crashed.issueId}"]`);
    const reportedRow = page.locator(`[data-issue-id="${reported.issueId}"]`);
    await expect(crashedRow).toContainText("/sdk-bundle.js in <anonymous>");
    await expect(crashedRow.getByText("Unhandled", { exact: true })).toBeVisible();
    await expect(crashedRow).not.toContainText("?(");
    await expect(reportedRow).toContainText("/sdk-bundle.js in reportDeclinedCard");
    await expect(reportedRow.getByText("Unhandled", { exact: true })).toHaveCount(0);
  } finally {
    await shop.context().close();
    await database.close();
    await sdkPage.close();
  }
});
