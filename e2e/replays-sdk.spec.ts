import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { gunzipSync, inflateRawSync, inflateSync } from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import { systemContext } from "../src/server/access/system-context";
import { loadConfig } from "../src/server/config";
import type { LanternDatabase } from "../src/server/db/create-database";
import { listIssueReplays } from "../src/server/replays/list-issue-replays";
import { listReplays } from "../src/server/replays/list-replays";
import { readReplaySegments } from "../src/server/replays/read-replay-segments";
import type { ReplayView } from "../src/lib/views/replay";
import { startBrowserSdkPage, type BrowserSdkPage } from "./support/browser-sdk-page";
import { openLanternDatabase } from "./support/lantern-database";
import { countPngColours } from "./support/png-colours";
import { e2eServerEnvironment } from "./support/server";

/**
 * Session Replay end to end (issue 33, acceptance 1 and 2): the real @sentry/browser 10.78.0 with its
 * `replayIntegration`, in Chromium, on its own origin, sending to Lantern's DSN. A checkout page: a heading,
 * a card-note field the user types into, a Pay button whose handler throws. The page exposes `lanternFlush`,
 * which sends the replay's current segment and waits for the transport (`getReplay().flush()`, `flush()`).
 * `lanternReplayId` reads the replay's id without sending anything. `minReplayDuration: 0`: the SDK otherwise holds back replays shorter than 5 s, and this one is shorter.
 */
const entrySource = `
import * as Sentry from "@sentry/browser";

const config = window.lanternTestConfig;
Sentry.init({
  dsn: config.dsn,
  release: config.release,
  integrations: [Sentry.replayIntegration({ maskAllText: false, minReplayDuration: 0 })],
  replaysSessionSampleRate: config.sessionSampleRate,
  replaysOnErrorSampleRate: config.onErrorSampleRate,
});
Sentry.setUser(config.user);

const status = document.getElementById("status");
Sentry.getClient().on("afterSendEvent", (event, response) => {
  if (event.type === undefined && event.exception) status.textContent = "Error sent " + event.event_id + " answered " + (response && response.statusCode);
});
document.getElementById("pay").addEventListener("click", () => {
  throw new Error(config.thrownMessage);
});
window.lanternFlush = async () => {
  const replay = Sentry.getReplay();
  if (replay) await replay.flush();
  await Sentry.flush(5000);
  return replay ? replay.getReplayId() : null;
};
window.lanternReplayId = () => (Sentry.getReplay() ? Sentry.getReplay().getReplayId() : null);
status.textContent = "SDK ready";
`;

const bodyHtml = `
    <main>
      <h1>Checkout of the test shop</h1>
      <label for="card-note">Card note</label>
      <input id="card-note" type="text" autocomplete="off">
      <button type="button" id="pay">Pay</button>
      <p role="status" id="status">Loading</p>
    </main>`;

interface Scenario {
  sdkPage: BrowserSdkPage;
  projectId: number;
  projectSlug: string;
  thrownMessage: string;
  userEmail: string;
}

async function openScenario(page: Page, database: LanternDatabase, rates: { sessionSampleRate: number; onErrorSampleRate: number }): Promise<Scenario> {
  const runId = randomUUID().slice(0, 8);
  const dsn = execFileSync(process.execPath, ["cli/lantern.mjs", "project", "create", `replay shop ${runId}`, "--platform", "javascript"], {
    env: { ...process.env, ...e2eServerEnvironment },
    encoding: "utf8",
  }).trim();
  const projectId = Number(new URL(dsn).pathname.slice(1));
  const project = await database.db.selectFrom("projects").select("slug").where("id", "=", projectId).executeTakeFirstOrThrow();
  const userEmail = `ada.${runId}@example.com`;
  const thrownMessage = `The payment of run ${runId} failed`;
  const config = { dsn, release: `shop@2.0.0+${runId}`, user: { id: `user-${runId}`, email: userEmail }, thrownMessage, ...rates };
  const sdkPage = await startBrowserSdkPage({ entrySource, bodyHtml, config, title: "Checkout" });
  await page.goto(sdkPage.url);
  await expect(page.getByRole("status")).toHaveText("SDK ready");
  return { sdkPage, projectId, projectSlug: project.slug, thrownMessage, userEmail };
}

/** Types into the card-note field, clicks Pay (its handler throws), and waits until the SDK delivered the error; returns its event id. */
async function typeAndPay(page: Page, secret: string): Promise<string> {
  await page.getByLabel("Card note").pressSequentially(secret, { delay: 20 });
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("status")).toHaveText(/^Error sent [0-9a-f]{32} answered 200$/, { timeout: 15_000 });
  return /Error sent ([0-9a-f]{32})/.exec((await page.getByRole("status").textContent()) ?? "")![1]!;
}

function contextOf(database: LanternDatabase) {
  return systemContext(database, loadConfig({ ...e2eServerEnvironment, LANTERN_SELF_MONITORING: "false" }));
}

/** Polls Lantern (digest is asynchronous) until the project's replay satisfies `isDone`; returns it. */
async function digestedReplay(database: LanternDatabase, projectId: number, isDone: (replay: ReplayView) => boolean): Promise<ReplayView> {
  let found: ReplayView | undefined;
  await expect
    .poll(
      async () => {
        const { replays } = await listReplays(contextOf(database), { projectIds: [projectId] });
        found = replays.find(isDone);
        return { replays: replays.length, isDone: found !== undefined };
      },
      { message: "the replay is digested", timeout: 30_000, intervals: [250, 500, 1000] },
    )
    .toEqual({ replays: 1, isDone: true });
  return found!;
}

/** The replay's stored segment bodies, decompressed as stored, as one string. */
async function storedRecordingText(database: LanternDatabase, projectId: number, replayId: string): Promise<string> {
  const rows = await database.db
    .selectFrom("replay_segments")
    .innerJoin("replays", "replays.id", "replay_segments.replay_row_id")
    .select(["replay_segments.encoding", "replay_segments.body"])
    .where("replays.project_id", "=", projectId)
    .where("replays.replay_id", "=", replayId)
    .execute();
  expect(rows.length).toBeGreaterThan(0);
  const decode = (encoding: string, body: Uint8Array) => {
    const bytes = Buffer.from(body);
    if (encoding === "zlib") return inflateSync(bytes);
    if (encoding === "gzip") return gunzipSync(bytes);
    if (encoding === "deflate-raw") return inflateRawSync(bytes);
    return bytes;
  };
  return rows.map((row) => decode(row.encoding, row.body).toString("utf8")).join("\n");
}

test.describe("Session Replay with the real @sentry/browser", () => {
  test("session sampling at 1.0: the replay of typing and a failing Pay is listed with its error, linked from the issue, played with its heading, and the typed text is masked everywhere", async ({ page }) => {
    const database = openLanternDatabase();
    const scenario = await openScenario(page, database, { sessionSampleRate: 1, onErrorSampleRate: 0 });
    const secret = `hunter2-${randomUUID().slice(0, 6)}`;
    try {
      const eventId = await typeAndPay(page, secret);
      const replayId = await page.evaluate(() => (window as unknown as { lanternFlush: () => Promise<string | null> }).lanternFlush());
      expect(replayId).toMatch(/^[0-9a-f]{32}$/);

      const replay = await digestedReplay(database, scenario.projectId, (candidate) => candidate.id === replayId && candidate.countErrors === 1);
      expect(replay).toMatchObject({ id: replayId, countErrors: 1, errorIds: [eventId], replayType: "session", user: { email: scenario.userEmail } });
      expect(replay.urls).toContain(scenario.sdkPage.url);

      // The typed text never left the browser: the SDK masked it, and nothing stored holds it.
      const { segments } = await readReplaySegments(contextOf(database), replayId!, { projectSlug: scenario.projectSlug });
      const recorded = JSON.stringify(segments.map((segment) => segment.events));
      expect(recorded).toContain("Checkout of the test shop");
      expect(recorded).toContain("*".repeat(secret.length));
      expect(recorded).not.toContain(secret);
      expect(await storedRecordingText(database, scenario.projectId, replayId!)).not.toContain(secret);

      // The list: one row, its error highlighted, linking to the player.
      await page.goto(`/projects/${scenario.projectSlug}/replays`);
      await expect(page.getByRole("heading", { name: "Replays", level: 1 })).toBeVisible();
      const rows = page.getByTestId("replay-row");
      await expect(rows).toHaveCount(1);
      await expect(rows.first().getByLabel("1 error")).toHaveText("1");
      await expect(rows.first().getByRole("link", { name: scenario.userEmail })).toHaveAttribute("href", `/replays/${replayId}`);
      // A bad search shows the parser's reason instead of rows.
      await page.getByRole("search", { name: "Replay search" }).getByLabel("Search replays").fill("duration:>soon");
      await page.getByRole("search", { name: "Replay search" }).getByRole("button", { name: "Search" }).click();
      await expect(page.getByRole("main").getByRole("alert")).toContainText("duration");
      await expect(rows).toHaveCount(0);

      // The issue page's "Replays" links to it, opening at the error.
      const event = await database.db.selectFrom("events").select(["issue_id", "replay_id"]).where("project_id", "=", scenario.projectId).where("event_id", "=", eventId).executeTakeFirstOrThrow();
      expect(event.replay_id).toBe(replayId);
      await page.goto(`/projects/${scenario.projectSlug}/issues/${event.issue_id}`);
      await expect(page.getByRole("heading", { name: "Replays (1)" })).toBeVisible();
      await expect(page.getByRole("list", { name: "Replays of this issue" }).getByRole("link", { name: scenario.userEmail })).toHaveAttribute("href", `/replays/${replayId}?event=${eventId}`);

      // The player renders the recorded page, the heading inside it, and the typed value as the SDK masked it.
      await page.getByRole("list", { name: "Replays of this issue" }).getByRole("link", { name: scenario.userEmail }).click();
      await expect(page).toHaveURL(new RegExp(`/replays/${replayId}\\?event=${eventId}$`));
      const player = page.getByTestId("replay-player-frame");
      // Frames: Lantern's loader, the player in it (an opaque data: document), rrweb's recorded page in that.
      await expect(page.getByTestId("replay-player")).toHaveAttribute("data-first-frame", "true", { timeout: 20_000 });
      const loader = await (await player.elementHandle())!.contentFrame();
      const recordedPage = loader!.childFrames()[0]!.childFrames()[0]!;
      await expect(recordedPage.getByRole("heading", { name: "Checkout of the test shop" })).toBeVisible({ timeout: 15_000 });
      // `?event=` opens 5 s before the error (here: the start, before the typing); the end shows the typed value.
      await page.goto(`/replays/${replayId}?t=3600`);
      await expect(page.getByTestId("replay-player")).toHaveAttribute("data-first-frame", "true", { timeout: 20_000 });
      const endFrame = (await (await player.elementHandle())!.contentFrame())!.childFrames()[0]!.childFrames()[0]!;
      await expect(endFrame.getByRole("heading", { name: "Checkout of the test shop" })).toBeVisible({ timeout: 15_000 });
      await expect(endFrame.locator("#card-note")).toHaveValue("*".repeat(secret.length));
      // A screenshot of the player, compared with nothing stored: it must show something, not one flat colour.
      expect(countPngColours(await player.screenshot()), "the player's screenshot is not a blank frame").toBeGreaterThan(2);
    } finally {
      await database.close();
      await scenario.sdkPage.close();
    }
  });

  test("error-only sampling: the buffered replay arrives with the error, the event names it and the issue lists it", async ({ page }) => {
    const database = openLanternDatabase();
    const scenario = await openScenario(page, database, { sessionSampleRate: 0, onErrorSampleRate: 1 });
    try {
      const eventId = await typeAndPay(page, "buffered typing");
      // No flush from the test: the SDK sends the buffer by itself once the error is delivered.
      const replayId = await page.evaluate(() => (window as unknown as { lanternReplayId: () => string | null }).lanternReplayId());
      expect(replayId).toMatch(/^[0-9a-f]{32}$/);

      const replay = await digestedReplay(database, scenario.projectId, (candidate) => candidate.errorIds.includes(eventId));
      expect(replay).toMatchObject({ id: replayId, countErrors: 1, errorIds: [eventId], replayType: "buffer" });

      const event = await database.db.selectFrom("events").select(["issue_id", "replay_id"]).where("project_id", "=", scenario.projectId).where("event_id", "=", eventId).executeTakeFirstOrThrow();
      expect(event.replay_id).toBe(replayId);
      const issueReplays = await listIssueReplays(contextOf(database), Number(event.issue_id));
      expect(issueReplays.map((row) => ({ replayId: row.replay.id, eventId: row.eventId }))).toEqual([{ replayId, eventId }]);

      await page.goto(`/projects/${scenario.projectSlug}/issues/${event.issue_id}`);
      await expect(page.getByRole("heading", { name: "Replays (1)" })).toBeVisible();
      await expect(page.getByRole("list", { name: "Replays of this issue" }).getByRole("link", { name: scenario.userEmail })).toHaveAttribute("href", `/replays/${replayId}?event=${eventId}`);
    } finally {
      await database.close();
      await scenario.sdkPage.close();
    }
  });
});

