import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { inflateSync } from "node:zlib";
import { expect, test, type Page, type Response } from "@playwright/test";
import type { LanternDatabase } from "../src/server/db/create-database";
import { startBrowserSdkPage, type BrowserSdkPage } from "./support/browser-sdk-page";
import { openLanternDatabase } from "./support/lantern-database";
import { e2eBaseUrl, e2eServerEnvironment } from "./support/server";

/**
 * The page's script: the real @sentry/browser with its default integrations, set up from
 * window.lanternTestConfig; buttons log and fetch, throw from a timer, and reject a promise from a timer.
 * Every envelope the SDK delivers is listed on the page with the status code the SDK itself read — a
 * cross-origin answer without CORS headers would reach the SDK as a network error, not as 200.
 */
const entrySource = `
import * as Sentry from "@sentry/browser";

const config = window.lanternTestConfig;
Sentry.init({ dsn: config.dsn, release: config.release, environment: config.environment });
Sentry.setUser(config.user);
Sentry.setTags(config.tags);

const status = document.getElementById("status");
const deliveries = document.getElementById("deliveries");
Sentry.getClient().on("afterSendEvent", (event, response) => {
  const item = document.createElement("li");
  const exception = event.exception && event.exception.values && event.exception.values[0];
  item.textContent = (exception ? exception.type : "event") + " answered " + (response && response.statusCode ? response.statusCode : "nothing");
  deliveries.append(item);
});

function throwFromTimer() {
  throw new TypeError(config.thrownMessage);
}

function rejectFromTimer() {
  return Promise.reject(new RangeError(config.rejectedMessage));
}

document.getElementById("log-and-fetch").addEventListener("click", async () => {
  console.log(config.logMessage, { step: 1 });
  console.warn(config.warnMessage);
  const response = await fetch(location.origin + config.pingPath);
  const body = await response.json();
  status.textContent = body.pong ? "Fetched" : "Fetch failed";
});
document.getElementById("throw").addEventListener("click", () => {
  setTimeout(throwFromTimer, 0);
});
document.getElementById("reject").addEventListener("click", () => {
  setTimeout(() => rejectFromTimer(), 0);
});
status.textContent = "SDK ready";
`;

const bodyHtml = `
    <main>
      <h1>Shop</h1>
      <button type="button" id="log-and-fetch">Log and fetch</button>
      <button type="button" id="throw">Throw an error</button>
      <button type="button" id="reject">Reject a promise</button>
      <p role="status" id="status">Loading</p>
      <h2 id="deliveries-heading">Deliveries</h2>
      <ul id="deliveries" aria-labelledby="deliveries-heading"></ul>
    </main>`;

interface Scenario {
  sdkPage: BrowserSdkPage;
  projectId: number;
  publicKey: string;
  config: {
    dsn: string;
    release: string;
    environment: string;
    user: { id: string; username: string; email: string };
    tags: Record<string, string>;
    thrownMessage: string;
    rejectedMessage: string;
    logMessage: string;
    warnMessage: string;
    pingPath: string;
  };
  /** Console errors and failed requests seen by the page. */
  problems: string[];
}

type StoredEvent = Record<string, unknown> & {
  exception?: { values?: Record<string, unknown>[] };
  breadcrumbs?: { values?: Record<string, unknown>[] };
  tags?: [string, string][];
  contexts?: Record<string, Record<string, unknown>>;
  user?: Record<string, unknown>;
  request?: { url?: string; headers?: unknown };
  sdk?: { name?: string; version?: string };
};

/** A fresh project (through the CLI, as a user makes one) and the SDK page, on its own origin, set up with its DSN. */
async function openScenario(page: Page): Promise<Scenario> {
  const runId = randomUUID().slice(0, 8);
  const dsn = execFileSync(process.execPath, ["cli/lantern.mjs", "project", "create", `browser sdk ${runId}`, "--platform", "javascript"], {
    env: { ...process.env, ...e2eServerEnvironment },
    encoding: "utf8",
  }).trim();
  const { username: publicKey, pathname, origin: dsnOrigin } = new URL(dsn);
  expect(dsnOrigin).toBe(e2eBaseUrl);
  const config: Scenario["config"] = {
    dsn,
    release: `shop@1.4.0+${runId}`,
    environment: "staging",
    user: { id: `user-${runId}`, username: "ada", email: `ada.${runId}@example.com` },
    tags: { "checkout.step": "payment", run: runId },
    thrownMessage: `Cannot read the cart of run ${runId}`,
    rejectedMessage: `The payment of run ${runId} was declined`,
    logMessage: `loading the cart of run ${runId}`,
    warnMessage: `the cart of run ${runId} is slow`,
    pingPath: `/api/ping?step=before-the-error&run=${runId}`,
  };
  const sdkPage = await startBrowserSdkPage({ entrySource, bodyHtml, config, title: "Shop" });
  expect(new URL(sdkPage.origin).port).not.toBe(new URL(e2eBaseUrl).port);

  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  page.on("requestfailed", (request) => problems.push(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`));
  await page.goto(sdkPage.url);
  await expect(page.getByRole("status")).toHaveText("SDK ready");
  return { sdkPage, projectId: Number(pathname.slice(1)), publicKey, config, problems };
}

/** The SDK's POST of the envelope whose body mentions `marker`, to this project's envelope endpoint on Lantern. */
function envelopePost(page: Page, scenario: Scenario, marker: string): Promise<Response> {
  const endpoint = `${e2eBaseUrl}/api/${scenario.projectId}/envelope/`;
  return page.waitForResponse((response) => response.request().method() === "POST" && response.url().startsWith(endpoint) && (response.request().postData() ?? "").includes(marker));
}

/** The cross-origin POST was answered 200 with CORS headers the browser accepts; returns the envelope's event id. */
async function expectAcceptedAcrossOrigins(response: Response, scenario: Scenario): Promise<string> {
  const request = response.request();
  expect(await request.headerValue("origin"), "the SDK posted from the page's origin, not Lantern's").toBe(scenario.sdkPage.origin);
  expect(new URL(response.url()).searchParams.get("sentry_key")).toBe(scenario.publicKey);
  expect(response.status()).toBe(200);
  expect(await response.headerValue("access-control-allow-origin")).toBe("*");
  const header = JSON.parse((request.postData() ?? "").split("\n")[0] ?? "{}") as { event_id?: string };
  expect(header.event_id).toMatch(/^[0-9a-f]{32}$/);
  return header.event_id!;
}

/** Waits until digest has written the event, then returns its row and its normalized payload. */
async function digestedEvent(database: LanternDatabase, projectId: number, eventId: string) {
  const find = () => database.db.selectFrom("events").selectAll().where("project_id", "=", projectId).where("event_id", "=", eventId).executeTakeFirst();
  await expect.poll(async () => (await find()) !== undefined, { message: `event ${eventId} is digested`, timeout: 20_000, intervals: [100, 250, 500] }).toBe(true);
  const row = (await find())!;
  const intake = await database.db.selectFrom("intake").select(["digested_at", "digest_error"]).where("project_id", "=", projectId).where("event_id", "=", eventId).execute();
  expect(intake).toHaveLength(1);
  expect(intake[0]!.digested_at).toEqual(expect.any(Number));
  expect(intake[0]!.digest_error).toBeNull();
  const event = JSON.parse(inflateSync(row.payload).toString("utf8")) as StoredEvent;
  return { row, event };
}

function expectSetThroughTheSdk(row: { release: string | null; environment: string | null; user_key: string | null }, event: StoredEvent, scenario: Scenario): void {
  const { config } = scenario;
  expect(row.release).toBe(config.release);
  expect(row.environment).toBe(config.environment);
  expect(row.user_key).toBe(`id:${config.user.id}`);
  expect(event.release).toBe(config.release);
  expect(event.environment).toBe(config.environment);
  expect(event.user).toMatchObject(config.user);
  // The SDK sends tags as an object; they are stored as [key, value] pairs (Relay's normalized form).
  expect(event.tags).toEqual(expect.arrayContaining(Object.entries(config.tags)));
  expect(event.request?.url).toBe(scenario.sdkPage.url);
  expect(event.sdk).toMatchObject({ name: "sentry.javascript.browser", version: "10.78.0" });
}

async function expectBrowserContext(page: Page, event: StoredEvent): Promise<void> {
  const userAgent = await page.evaluate(() => navigator.userAgent);
  const major = /Chrome\/(\d+)\./.exec(userAgent)?.[1];
  expect(major, `a Chromium user agent: ${userAgent}`).toBeDefined();
  // The SDK sends the User-Agent header; the browser context is derived from it on the server, as Relay does.
  expect.soft(event.contexts?.browser, "contexts.browser, derived from the User-Agent header when the SDK sends none (sentry-protocol §4.3, 7)").toMatchObject({ name: expect.stringMatching(/Chrom/), version: expect.stringMatching(new RegExp(`^${major}(\\.|$)`)) });
  // Sent by the SDK itself.
  expect(event.contexts?.culture).toMatchObject({ locale: await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().locale) });
}

test.describe("@sentry/browser on another origin than Lantern", () => {
  test("a thrown error is posted cross-origin, answered 200 with CORS, and stored with its stack, console and fetch breadcrumbs, user, tags, release, environment and browser context", async ({ page }) => {
    const scenario = await openScenario(page);
    const { config } = scenario;
    const database = openLanternDatabase();
    try {
      await page.getByRole("button", { name: "Log and fetch" }).click();
      await expect(page.getByRole("status")).toHaveText("Fetched");
      expect(scenario.sdkPage.pings).toEqual([config.pingPath]);

      const posted = envelopePost(page, scenario, config.thrownMessage);
      await page.getByRole("button", { name: "Throw an error" }).click();
      const eventId = await expectAcceptedAcrossOrigins(await posted, scenario);
      // The SDK itself read the 200: without CORS headers its fetch would have failed and reported no status.
      await expect(page.getByRole("list", { name: "Deliveries" }).getByRole("listitem")).toHaveText(["TypeError answered 200"]);
      expect(scenario.problems, "no CORS error, no failed request").toEqual([]);

      const { row, event } = await digestedEvent(database, scenario.projectId, eventId);
      expect(row).toMatchObject({ type: "error", level: "error", platform: "javascript", title: `TypeError: ${config.thrownMessage}` });
      expect(event.event_id).toBe(eventId);

      const exceptions = event.exception?.values ?? [];
      expect(exceptions).toHaveLength(1);
      const exception = exceptions[0]!;
      expect(exception).toMatchObject({ type: "TypeError", value: config.thrownMessage, mechanism: { type: "auto.browser.browserapierrors.setTimeout", handled: false } });
      const frames = (exception.stacktrace as { frames?: Record<string, unknown>[] } | undefined)?.frames ?? [];
      expect(frames.length).toBeGreaterThan(0);
      // Frames are oldest first: the crashing frame is the last one, in the bundle served by the page's origin.
      const crashing = frames.at(-1)!;
      // The SDK sends the bundle's URL as filename; normalization keeps it as abs_path and the path as filename.
      expect(crashing).toMatchObject({ function: "throwFromTimer", abs_path: `${scenario.sdkPage.origin}/sdk-bundle.js`, filename: "/sdk-bundle.js", lineno: expect.any(Number), colno: expect.any(Number), in_app: true });

      // The SDK sends a bare list; stored as {values} (Relay's normalized form).
      const breadcrumbs = event.breadcrumbs?.values ?? [];
      const logged = (message: string) => breadcrumbs.findIndex((crumb) => crumb.category === "console" && (crumb.data as { arguments?: unknown[] } | undefined)?.arguments?.[0] === message);
      const logIndex = logged(config.logMessage);
      const warnIndex = logged(config.warnMessage);
      const fetchIndex = breadcrumbs.findIndex((crumb) => crumb.category === "fetch");
      const throwClickIndex = breadcrumbs.findLastIndex((crumb) => crumb.category === "ui.click");
      expect(breadcrumbs[logIndex], "console.log breadcrumb").toMatchObject({
        // The SDK sends console.log's level as "log", which normalizes to "info" (Relay's level names).
        level: "info",
        message: `${config.logMessage} [object Object]`,
        data: { logger: "console", arguments: [config.logMessage, { step: 1 }] },
      });
      expect(breadcrumbs[warnIndex], "console.warn breadcrumb").toMatchObject({ level: "warning", message: config.warnMessage, data: { logger: "console", arguments: [config.warnMessage] } });
      expect(breadcrumbs[fetchIndex], "fetch breadcrumb").toMatchObject({ type: "http", data: { method: "GET", url: `${scenario.sdkPage.origin}${config.pingPath}`, status_code: 200 } });
      expect(breadcrumbs[throwClickIndex]?.message, "the last click was on the throw button").toEqual(expect.stringContaining("#throw"));
      expect(logIndex < warnIndex && warnIndex < fetchIndex && fetchIndex < throwClickIndex, `breadcrumbs in the order they happened: ${JSON.stringify(breadcrumbs)}`).toBe(true);

      expectSetThroughTheSdk(row, event, scenario);
      await expectBrowserContext(page, event);

      // Digest derived Sentry's tags from the User-Agent, the request, the user and the mechanism, and counts
      // them on the issue and the project (what browser.name:, has:browser.name, user.email: search).
      const tagsOf = async (table: "issue_tag_values" | "project_tag_values", column: "issue_id" | "project_id", id: number) =>
        Object.fromEntries((await database.db.selectFrom(table).select(["key", "value"]).where(column, "=", id).execute()).map((tag) => [tag.key, tag.value]));
      const derived = { "browser.name": expect.stringMatching(/^Chrom/), "os.name": "Linux", url: scenario.sdkPage.url, handled: "no", mechanism: "auto.browser.browserapierrors.setTimeout", "error.type": "TypeError", "user.id": config.user.id, "user.email": config.user.email, "user.username": "ada", "checkout.step": "payment" };
      expect(await tagsOf("issue_tag_values", "issue_id", Number(row.issue_id))).toMatchObject(derived);
      expect(await tagsOf("project_tag_values", "project_id", scenario.projectId)).toMatchObject(derived);
    } finally {
      await database.close();
      await scenario.sdkPage.close();
    }
  });

  test("an unhandled rejection created in a timer is posted cross-origin, answered 200 with CORS, and stored as unhandled with its stack, user, tags, release, environment and browser context", async ({ page }) => {
    const scenario = await openScenario(page);
    const { config } = scenario;
    const database = openLanternDatabase();
    try {
      const posted = envelopePost(page, scenario, config.rejectedMessage);
      await page.getByRole("button", { name: "Reject a promise" }).click();
      const eventId = await expectAcceptedAcrossOrigins(await posted, scenario);
      await expect(page.getByRole("list", { name: "Deliveries" }).getByRole("listitem")).toHaveText(["RangeError answered 200"]);
      expect(scenario.problems, "no CORS error, no failed request").toEqual([]);

      const { row, event } = await digestedEvent(database, scenario.projectId, eventId);
      expect(row).toMatchObject({ type: "error", level: "error", platform: "javascript", title: `RangeError: ${config.rejectedMessage}` });
      const exceptions = event.exception?.values ?? [];
      expect(exceptions).toHaveLength(1);
      expect(exceptions[0]).toMatchObject({
        type: "RangeError",
        value: config.rejectedMessage,
        mechanism: { type: "auto.browser.global_handlers.onunhandledrejection", handled: false },
      });
      const frames = (exceptions[0]!.stacktrace as { frames?: Record<string, unknown>[] } | undefined)?.frames ?? [];
      expect(frames.at(-1)).toMatchObject({ function: "rejectFromTimer", abs_path: `${scenario.sdkPage.origin}/sdk-bundle.js`, lineno: expect.any(Number), colno: expect.any(Number) });

      const breadcrumbs = event.breadcrumbs?.values ?? [];
      expect(breadcrumbs.filter((crumb) => crumb.category === "console"), "nothing was logged on this page").toEqual([]);
      expect(breadcrumbs.findLast((crumb) => crumb.category === "ui.click")?.message).toEqual(expect.stringContaining("#reject"));

      expectSetThroughTheSdk(row, event, scenario);
      await expectBrowserContext(page, event);
    } finally {
      await database.close();
      await scenario.sdkPage.close();
    }
  });
});
