import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { inflateSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { startBrowserSdkPage } from "./support/browser-sdk-page";
import { openLanternDatabase } from "./support/lantern-database";
import { e2eServerEnvironment } from "./support/server";

/**
 * Grouping of events from the real @sentry/browser in Chromium: the same error thrown from the same place
 * with different messages is one issue, and a minified script served from a CDN URL is not in-app.
 */
const cdnScriptUrl = "https://cdn.jsdelivr.net/npm/checkout-widget@1.2.3/dist/widget.min.js";
const minifiedWidget = 'window.checkoutWidget={render:function(n){var t=n*2;if(t>1)throw new Error("Widget render failed: "+t);return t}};';

const entrySource = `
import * as Sentry from "@sentry/browser";

const config = window.lanternTestConfig;
Sentry.init({ dsn: config.dsn, release: config.release });
const status = document.getElementById("status");
let sent = 0;
Sentry.getClient().on("afterSendEvent", () => (status.textContent = "Sent " + ++sent));

function failCheckout(message) {
  throw new Error(message);
}

function capture(action) {
  try {
    action();
  } catch (error) {
    Sentry.captureException(error);
  }
}

document.getElementById("fail-1").addEventListener("click", () => capture(() => failCheckout(config.firstMessage)));
document.getElementById("fail-2").addEventListener("click", () => capture(() => failCheckout(config.secondMessage)));
document.getElementById("widget").addEventListener("click", () => capture(() => window.checkoutWidget.render(7)));
status.textContent = "SDK ready";
`;

const bodyHtml = `
    <main>
      <button type="button" id="fail-1">Fail checkout once</button>
      <button type="button" id="fail-2">Fail checkout again</button>
      <button type="button" id="widget">Render the widget</button>
      <p role="status" id="status">Loading</p>
    </main>
    <script src="${cdnScriptUrl}"></script>`;

type Frame = { abs_path?: string; function?: string; in_app?: boolean };

test("@sentry/browser errors group by where they were thrown, and CDN frames are not in-app", async ({ page }) => {
  const runId = randomUUID().slice(0, 8);
  const dsn = execFileSync(process.execPath, ["cli/lantern.mjs", "project", "create", `browser grouping ${runId}`, "--platform", "javascript"], {
    env: { ...process.env, ...e2eServerEnvironment },
    encoding: "utf8",
  }).trim();
  const projectId = Number(new URL(dsn).pathname.slice(1));
  // The CDN is not reachable from here; Chromium gets the script from the test instead, at its real URL.
  await page.route(cdnScriptUrl, (route) => route.fulfill({ status: 200, contentType: "text/javascript", headers: { "access-control-allow-origin": "*" }, body: minifiedWidget }));
  const config = { dsn, release: `shop@2.0.0+${runId}`, firstMessage: `Checkout of cart ${runId} failed`, secondMessage: "Card declined by the payment provider" };
  const sdkPage = await startBrowserSdkPage({ entrySource, bodyHtml, config, title: "Grouping" });
  const database = openLanternDatabase();
  try {
    await page.goto(sdkPage.url);
    await expect(page.getByRole("status")).toHaveText("SDK ready");
    await page.getByRole("button", { name: "Fail checkout once" }).click();
    await expect(page.getByRole("status")).toHaveText("Sent 1");
    await page.getByRole("button", { name: "Fail checkout again" }).click();
    await expect(page.getByRole("status")).toHaveText("Sent 2");
    await page.getByRole("button", { name: "Render the widget" }).click();
    await expect(page.getByRole("status")).toHaveText("Sent 3");

    const events = () => database.db.selectFrom("events").select(["title", "issue_id", "payload"]).where("project_id", "=", projectId).orderBy("id").execute();
    await expect.poll(async () => (await events()).length, { timeout: 20_000, intervals: [100, 250, 500] }).toBe(3);
    const [first, second, widget] = await events();
    expect(first!.title).toBe(`Error: ${config.firstMessage}`);
    expect(second!.title).toBe(`Error: ${config.secondMessage}`);
    expect(second!.issue_id, "same error, same place, other message: one issue").toBe(first!.issue_id);
    expect(widget!.issue_id).not.toBe(first!.issue_id);

    const frames = (JSON.parse(inflateSync(widget!.payload).toString("utf8")) as { exception: { values: { stacktrace: { frames: Frame[] } }[] } }).exception.values[0]!.stacktrace.frames;
    const cdnFrame = frames.at(-1)!;
    expect(cdnFrame).toMatchObject({ abs_path: cdnScriptUrl, function: "Object.render" });
    expect(cdnFrame.in_app, "the SDK calls every frame in-app; Lantern's built-in rule takes the CDN's out").toBe(false);
    expect(frames.some((frame) => frame.abs_path === `${sdkPage.origin}/sdk-bundle.js` && frame.in_app === true)).toBe(true);
  } finally {
    await database.close();
    await sdkPage.close();
  }
});
