import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { runSdkScript } from "../tests/support/sdk-helpers";
import { startBrowserSdkPage, type BrowserSdkPage } from "./support/browser-sdk-page";
import { e2eBaseUrl, e2eServerEnvironment } from "./support/server";

/**
 * User feedback end to end (issue 30, acceptance 1). The real @sentry/browser in Chromium, on its own origin:
 * an error, then the feedback widget (feedbackIntegration's form, filled and sent by clicking) and
 * `Sentry.captureFeedback` with a PNG attachment — the widget's own screenshot button needs the browser's
 * screen-capture prompt (getDisplayMedia), which headless Chromium cannot answer, so the screenshot is sent
 * as the widget would send it: an attachment with the feedback's event id. The widget's feedback is tied to
 * the error through the client's `beforeSendFeedback` hook (the widget names no event itself). Then a legacy
 * `user_report` envelope on the same error, and the real @sentry/node's `captureFeedback` with
 * `associatedEventId`. All show on their issue and in the Feedback lists, the API returns them, and XSS
 * vectors in name, message and URL are text.
 */

const corpus = JSON.parse(readFileSync(new URL("../tests/fixtures/xss/vectors.json", import.meta.url), "utf8")) as { vectors: { name: string; payload: string }[] };
const vector = (name: string) => corpus.vectors.find((candidate) => candidate.name === name)!.payload;
const scriptVector = vector("script element");
const imgVector = vector("img onerror");
const javascriptUrl = vector("javascript: URL");

const entrySource = `
import * as Sentry from "@sentry/browser";

const config = window.lanternTestConfig;
const feedback = Sentry.feedbackIntegration({ autoInject: true, enableScreenshot: false, colorScheme: "light" });
Sentry.init({ dsn: config.dsn, release: config.release, integrations: [feedback] });
const status = document.getElementById("status");
let errorId = null;
// The widget's feedback names no event; the page ties it to the error it just reported.
Sentry.getClient().on("beforeSendFeedback", (event) => {
  if (errorId && !event.contexts.feedback.associated_event_id) event.contexts.feedback.associated_event_id = errorId;
});
Sentry.getClient().on("afterSendEvent", (event, response) => {
  const item = document.createElement("li");
  item.textContent = (event.type || "error") + " answered " + (response && response.statusCode ? response.statusCode : "nothing");
  document.getElementById("deliveries").append(item);
});
document.getElementById("throw").addEventListener("click", () => {
  errorId = Sentry.captureException(new Error(config.errorMessage));
  status.textContent = "Error " + errorId;
});
document.getElementById("screenshot").addEventListener("click", () => {
  const png = Uint8Array.from(atob(config.pngBase64), (character) => character.charCodeAt(0));
  const id = Sentry.captureFeedback(
    { message: config.screenshotMessage, name: config.screenshotName, email: "screens@example.com", url: config.screenshotUrl, associatedEventId: errorId },
    { attachments: [{ filename: "screenshot.png", data: png, contentType: "image/png" }] },
  );
  status.textContent = "Feedback " + id;
});
status.textContent = "SDK ready";
`;

const bodyHtml = `
    <main>
      <h1>Shop</h1>
      <button type="button" id="throw">Report an error</button>
      <button type="button" id="screenshot">Send feedback with a screenshot</button>
      <p role="status" id="status">Loading</p>
      <h2 id="deliveries-heading">Deliveries</h2>
      <ul id="deliveries" aria-labelledby="deliveries-heading"></ul>
    </main>`;

/** A 2×2 PNG, so the screenshot route has real image bytes to serve. */
const pngBase64 = "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFElEQVR4nGP4z8DAAMIM/////w8AH+4F+7C4l8kAAAAASUVORK5CYII=";

interface Watch {
  dialogs: string[];
  markers: string[];
}

function watch(page: Page): Watch {
  const seen: Watch = { dialogs: [], markers: [] };
  page.on("dialog", (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on("console", (message) => {
    if (message.text().includes("XSS-MARKER")) seen.markers.push(message.text());
  });
  return seen;
}

async function expectInert(page: Page, seen: Watch): Promise<void> {
  expect(seen.dialogs).toEqual([]);
  expect(seen.markers).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(await page.locator("main script, main img[onerror], main [onerror], main a[href^='javascript' i]").count()).toBe(0);
}

test.describe("user feedback", () => {
  let sdkPage: BrowserSdkPage | undefined;
  test.afterEach(async () => {
    await sdkPage?.close();
    sdkPage = undefined;
  });

  test("the widget, captureFeedback with a screenshot, a user report and @sentry/node's captureFeedback show on the issue, in the Feedback lists and in the API; XSS stays text", async ({ page, context }) => {
    test.setTimeout(180_000);
    const runId = randomUUID().slice(0, 8);
    const dsn = execFileSync(process.execPath, ["cli/lantern.mjs", "project", "create", `feedback ${runId}`, "--platform", "javascript"], { env: { ...process.env, ...e2eServerEnvironment }, encoding: "utf8" }).trim();
    const projectId = Number(new URL(dsn).pathname.slice(1));
    const publicKey = new URL(dsn).username;
    const projectSlug = `feedback-${runId}`;
    const config = {
      dsn,
      release: `shop@${runId}`,
      errorMessage: `Checkout of run ${runId} failed`,
      screenshotMessage: `The total is blank ${runId} ${imgVector}`,
      screenshotName: "Screen Sender",
      screenshotUrl: javascriptUrl,
      pngBase64,
    };
    sdkPage = await startBrowserSdkPage({ entrySource, bodyHtml, config, title: "Shop" });
    const sdk = await context.newPage();
    await sdk.goto(sdkPage.url);
    await expect(sdk.getByRole("status")).toHaveText("SDK ready");

    await sdk.getByRole("button", { name: "Report an error" }).click();
    await expect(sdk.getByRole("status")).toHaveText(/^Error [0-9a-f]{32}$/);
    const errorId = (await sdk.getByRole("status").textContent())!.slice("Error ".length);
    await expect(sdk.getByRole("list", { name: "Deliveries" }).getByRole("listitem")).toHaveText(["error answered 200"]);

    // The widget: its trigger button, its form (in the integration's shadow root, which getByRole pierces).
    const widgetMessage = `The pay button does nothing ${runId} ${scriptVector}`;
    await sdk.getByRole("button", { name: "Report a Bug" }).click();
    await sdk.getByLabel("Name").fill(`Widget ${imgVector}`);
    await sdk.getByLabel("Email").fill("widget@example.com");
    await sdk.getByLabel(/Description/).fill(widgetMessage);
    await sdk.getByRole("button", { name: "Send Bug Report" }).click();
    await expect(sdk.getByText("Thank you for your report!")).toBeVisible();

    await sdk.getByRole("button", { name: "Send feedback with a screenshot" }).click();
    await expect(sdk.getByRole("status")).toHaveText(/^Feedback [0-9a-f]{32}$/);
    await expect(sdk.getByRole("list", { name: "Deliveries" }).getByRole("listitem")).toHaveText(["error answered 200", "feedback answered 200", "feedback answered 200"]);
    await sdk.close();

    // A legacy user report on the same error, as older SDKs send it.
    const reportComments = `Crashed when I paid ${runId} ${scriptVector}`;
    const report = { event_id: errorId, name: `Reporter ${scriptVector}`, email: "reporter@example.com", comments: reportComments };
    const envelope = `${JSON.stringify({ event_id: errorId })}\n${JSON.stringify({ type: "user_report" })}\n${JSON.stringify(report)}`;
    const posted = await fetch(`${e2eBaseUrl}/api/${projectId}/envelope/?sentry_version=7&sentry_key=${publicKey}`, { method: "POST", body: envelope });
    expect(posted.status).toBe(200);

    // @sentry/node: an error and captureFeedback with associatedEventId.
    const nodeMessage = `The server said no ${runId}`;
    const nodeRun = await runSdkScript(
      "capture-feedback.mjs",
      { LANTERN_TEST_DSN: dsn, LANTERN_TEST_RELEASE: `api@${runId}`, LANTERN_TEST_ENVIRONMENT: "production", LANTERN_TEST_FEEDBACK: JSON.stringify({ error: `Node failure ${runId}`, message: nodeMessage, name: "Node Person", email: "node@example.com", url: "https://api.example.com/orders" }) },
      60_000,
    );
    expect(nodeRun.code, nodeRun.stderr).toBe(0);

    const api = (path: string) => page.request.get(`${e2eBaseUrl}/api/0${path}`);
    // Digest runs beside ingest: wait until the project's feedback list holds all four.
    await expect.poll(async () => ((await (await api(`/projects/lantern/${projectSlug}/user-feedback/`)).json()) as unknown[]).length, { timeout: 30_000 }).toBe(4);
    const projectReports = (await (await api(`/projects/lantern/${projectSlug}/user-feedback/`)).json()) as { id: string; eventID: string; name: string | null; email: string | null; comments: string; dateCreated: string; user: unknown; event: { id: string; eventID: string }; issue: { id: string } | null }[];
    expect(projectReports.map((item) => item.comments).sort()).toEqual([config.screenshotMessage, nodeMessage, reportComments, widgetMessage].sort());
    const widgetReport = projectReports.find((item) => item.comments === widgetMessage)!;
    expect(widgetReport).toMatchObject({ eventID: errorId, name: `Widget ${imgVector}`, email: "widget@example.com", event: { id: errorId, eventID: errorId }, dateCreated: expect.stringMatching(/^\d{4}-/) });
    const issueId = Number(widgetReport.issue!.id);
    const nodeReport = projectReports.find((item) => item.comments === nodeMessage)!;
    expect(nodeReport).toMatchObject({ eventID: (nodeRun.facts as { eventId: string }).eventId, name: "Node Person", email: "node@example.com" });
    expect(Number(nodeReport.issue!.id)).not.toBe(issueId);

    const issueReports = (await (await api(`/organizations/lantern/issues/${issueId}/user-reports/`)).json()) as { comments: string; name: string }[];
    expect(issueReports.map((item) => item.comments).sort()).toEqual([config.screenshotMessage, reportComments, widgetMessage].sort());
    expect(issueReports.find((item) => item.comments === reportComments)).toMatchObject({ name: `Reporter ${scriptVector}`, email: "reporter@example.com" });

    // The issue page: "User feedback" with the three, their names, e-mails, URL as text, the screenshot.
    const seen = watch(page);
    await page.goto(`/projects/${projectSlug}/issues/${issueId}`);
    const section = page.getByRole("region", { name: "User feedback" });
    await expect(section.getByRole("article")).toHaveCount(3);
    const widgetArticle = section.getByRole("article", { name: `Feedback from Widget ${imgVector}` });
    await expect(widgetArticle.getByTestId("feedback-message")).toHaveText(widgetMessage);
    await expect(widgetArticle).toContainText("widget@example.com");
    await expect(widgetArticle).toContainText("feedback widget");
    await expect(widgetArticle.getByRole("link", { name: errorId })).toHaveAttribute("href", `/projects/${projectSlug}/issues/${issueId}/events/${errorId}`);
    const screenshotArticle = section.getByRole("article", { name: "Feedback from Screen Sender" });
    await expect(screenshotArticle.getByTestId("feedback-message")).toHaveText(config.screenshotMessage);
    // The javascript: URL is text, never a link.
    await expect(screenshotArticle.getByText(javascriptUrl, { exact: true })).toBeVisible();
    await expect(screenshotArticle.getByRole("link", { name: javascriptUrl })).toHaveCount(0);
    const screenshot = screenshotArticle.getByRole("img", { name: "Screenshot: screenshot.png" });
    await expect(screenshot).toBeVisible();
    expect(await screenshot.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(2);
    const screenshotResponse = await page.request.get(new URL((await screenshot.getAttribute("src"))!, e2eBaseUrl).toString());
    expect(screenshotResponse.status()).toBe(200);
    expect(screenshotResponse.headers()).toMatchObject({ "content-type": "image/png", "x-content-type-options": "nosniff", "content-disposition": expect.stringContaining("screenshot.png") });
    expect(Buffer.from(await screenshotResponse.body()).equals(Buffer.from(pngBase64, "base64"))).toBe(true);
    await expect(section.getByRole("article", { name: `Feedback from Reporter ${scriptVector}` }).getByTestId("feedback-message")).toHaveText(reportComments);
    await expectInert(page, seen);

    // The project's Feedback list: all four, searchable, resolvable, assignable.
    await page.goto(`/projects/${projectSlug}/feedback`);
    await expect(page.getByRole("navigation", { name: "Project" }).getByRole("link", { name: "Feedback" })).toHaveAttribute("aria-current", "page");
    const list = page.getByRole("list", { name: "Feedback" });
    await expect(list.getByRole("article")).toHaveCount(4);
    await expectInert(page, seen);
    await page.getByRole("searchbox", { name: "Search feedback" }).fill("reporter@example.com");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(list.getByRole("article")).toHaveCount(1);
    const reporter = list.getByRole("article", { name: `Feedback from Reporter ${scriptVector}` });
    await reporter.getByLabel("Assignee").selectOption({ label: "E2E Owner" });
    await reporter.getByRole("button", { name: "Assign" }).click();
    await expect(reporter).toContainText("assigned to E2E Owner");
    await reporter.getByRole("button", { name: "Resolve" }).click();
    await expect(page.getByText("No feedback matches")).toBeVisible();
    await page.getByRole("navigation", { name: "Feedback status" }).getByRole("link", { name: "Resolved" }).click();
    await expect(list.getByRole("article", { name: `Feedback from Reporter ${scriptVector}` })).toContainText("Resolved, assigned to E2E Owner");

    // Every project's Feedback list, from the main navigation.
    await page.goto("/projects");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Feedback" }).click();
    await expect(page).toHaveURL(/\/feedback$/);
    await expect(page.getByRole("list", { name: "Feedback" }).getByRole("article", { name: "Feedback from Node Person" })).toContainText(nodeMessage);
    await expectInert(page, seen);
  });

  test("the user-feedback endpoint takes a report with the DSN, refuses bad input with a reason, and another project's DSN", async () => {
    test.setTimeout(120_000);
    const runId = randomUUID().slice(0, 8);
    const dsn = execFileSync(process.execPath, ["cli/lantern.mjs", "project", "create", `reports ${runId}`, "--platform", "javascript"], { env: { ...process.env, ...e2eServerEnvironment }, encoding: "utf8" }).trim();
    const otherDsn = execFileSync(process.execPath, ["cli/lantern.mjs", "project", "create", `other ${runId}`, "--platform", "javascript"], { env: { ...process.env, ...e2eServerEnvironment }, encoding: "utf8" }).trim();
    const endpoint = `${e2eBaseUrl}/api/0/projects/lantern/reports-${runId}/user-feedback/`;
    const eventId = randomBytes(16).toString("hex");
    const send = (authorization: string, body: unknown) => fetch(endpoint, { method: "POST", headers: { Authorization: authorization, "Content-Type": "application/json" }, body: JSON.stringify(body), signal: AbortSignal.timeout(20_000) });
    const good = { event_id: eventId, name: "Dee", email: "dee@example.com", comments: "Nothing loads." };

    const accepted = await send(`DSN ${dsn}`, good);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ eventID: eventId, name: "Dee", email: "dee@example.com", comments: "Nothing loads.", user: null, event: { id: eventId, eventID: eventId } });

    const tooLong = await send(`DSN ${dsn}`, { ...good, event_id: randomBytes(16).toString("hex"), comments: "x".repeat(4097) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toEqual({ detail: "comments have at most 4096 characters." });
    const noEvent = await send(`DSN ${dsn}`, { ...good, event_id: "<script>" });
    expect(noEvent.status).toBe(400);
    expect(((await noEvent.json()) as { detail: string }).detail).toContain("event_id");
    expect((await send(`DSN ${otherDsn}`, good)).status).toBe(403);
    expect((await send("DSN not a url", good)).status).toBe(401);
    expect((await send("Bearer nope", good)).status).toBe(401);
  });
});
