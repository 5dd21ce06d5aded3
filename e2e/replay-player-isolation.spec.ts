import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Frame, type Page } from "@playwright/test";
import { uniqueToken } from "../tests/support/sdk-helpers";
import { openLanternDatabase } from "./support/lantern-database";
import { createProjectDsn } from "./support/lantern-process";
import {
  addNodesEvent,
  documentNode,
  element,
  fullSnapshotEvent,
  metaEvent,
  newReplayId,
  NodeIds,
  parseDsn,
  replayEnvelope,
  sendEnvelope,
  text,
  xssCorpusRecording,
  type DsnParts,
  type RrwebEvent,
} from "./support/replay-recordings";
import { e2eBaseUrl, e2eServerEnvironment } from "./support/server";

/**
 * The replay player does not run the recording (issue 33, acceptance 3), and segments that came out of
 * order, twice or too big still play as one timeline (acceptance 4). Recordings are sent through the real
 * ingest endpoint as the browser SDK sends them. The hostile recording holds the XSS corpus (scripts,
 * handlers, javascript: links, srcdoc frames, meta refresh, base, an auto-submitting form, SVG handlers) and
 * an image on a loopback "tracker" server: nothing may run in any frame, no dialog may open, and the tracker
 * may get a request only after the viewer opted in to remote resources for that replay. From the frames that
 * hold the player and the recorded page, Lantern's cookies and pages are out of reach.
 */

interface Tracker {
  url: string;
  requests: string[];
  server: Server;
}

let tracker: Tracker;
let dsn: DsnParts;
const hostileReplayId = newReplayId();
const segmentsReplayId = newReplayId();
const heading = `Recorded checkout ${uniqueToken()}`;

async function startTracker(): Promise<Tracker> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    response.writeHead(200, { "content-type": "text/plain" });
    response.end("window.__xss = 1;");
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tracker.png`, requests, server };
}

/** Segments 0, 1 and 2 of a small page: each later segment adds a line. */
function orderedSegments(startMs: number): { segmentId: number; events: RrwebEvent[] }[] {
  const ids = new NodeIds();
  const { node, bodyId } = documentNode(ids, () => [], (ids) => [element(ids, "h1", {}, [text(ids, "Segments page")])]);
  return [
    { segmentId: 0, events: [metaEvent(startMs, "https://shop.example/segments"), fullSnapshotEvent(startMs + 1, node)] },
    { segmentId: 1, events: [addNodesEvent(startMs + 2_000, bodyId, [element(ids, "p", { id: "one" }, [text(ids, "Segment one reached")])])] },
    {
      segmentId: 2,
      events: [
        addNodesEvent(startMs + 4_000, bodyId, [element(ids, "p", { id: "two" }, [text(ids, "Segment two reached")])]),
        { type: 3, timestamp: startMs + 5_000, data: { source: 1, positions: [{ x: 5, y: 5, id: bodyId, timeOffset: 0 }] } },
      ],
    },
  ];
}

async function waitForSegments(replayId: string, count: number): Promise<void> {
  const database = openLanternDatabase();
  try {
    await expect
      .poll(async () => Number((await database.db.selectFrom("replays").select("count_segments").where("replay_id", "=", replayId).executeTakeFirst())?.count_segments ?? 0), {
        message: `replay ${replayId} has ${count} segments stored`,
        timeout: 30_000,
      })
      .toBe(count);
  } finally {
    await database.close();
  }
}

test.beforeAll(async () => {
  tracker = await startTracker();
  dsn = parseDsn(await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, `replay player ${uniqueToken()}`));
  const startMs = Date.now() - 120_000;
  const hostile = await sendEnvelope(e2eBaseUrl, dsn, replayEnvelope(hostileReplayId, { segmentId: 0, events: xssCorpusRecording(startMs, tracker.url, heading) }, startMs, { urls: ["https://shop.example/checkout"] }));
  expect(hostile.status, hostile.body).toBe(200);

  const segments = orderedSegments(startMs);
  for (const segmentId of [0, 2, 1, 1]) {
    const sent = await sendEnvelope(e2eBaseUrl, dsn, replayEnvelope(segmentsReplayId, segments[segmentId]!, startMs, { urls: ["https://shop.example/segments"] }));
    expect(sent.status, sent.body).toBe(200);
  }
  // Random bytes do not compress: over the 10 MiB cap for one compressed segment.
  const oversized = await sendEnvelope(e2eBaseUrl, dsn, replayEnvelope(segmentsReplayId, { segmentId: 3, events: [], rawBody: randomBytes(10 * 1024 * 1024 + 4096) }, startMs));
  expect(oversized.status, "a segment over the cap is refused").toBe(413);
  expect(oversized.body, "with a reason").toContain("a replay segment is at most");

  await waitForSegments(hostileReplayId, 1);
  await waitForSegments(segmentsReplayId, 3);
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => tracker.server.close(() => resolve()));
});

/** Frames of the player: the loader (Lantern's), the player (data:, opaque) and rrweb's recorded page. */
async function playerFrames(page: Page): Promise<{ loader: Frame; player: Frame; recorded: Frame }> {
  await expect(page.getByTestId("replay-player")).toHaveAttribute("data-first-frame", "true", { timeout: 20_000 });
  const loader = await (await page.getByTestId("replay-player-frame").elementHandle())!.contentFrame();
  const player = loader!.childFrames()[0]!;
  const recorded = player.childFrames()[0]!;
  expect(player.url()).toMatch(/^data:text\/html/);
  return { loader: loader!, player, recorded };
}

async function xssFlags(page: Page): Promise<unknown[]> {
  const flags: unknown[] = [];
  for (const frame of page.frames()) flags.push(await frame.evaluate(() => (window as unknown as { __xss?: unknown }).__xss ?? null).catch(() => null));
  return flags;
}

test("the recorded XSS corpus runs nowhere, loads nothing until the viewer opts in, and cannot reach Lantern", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`/replays/${hostileReplayId}`);
  const { player, recorded } = await playerFrames(page);
  await expect(recorded.getByRole("heading", { name: heading })).toBeVisible();
  // The player reaches the mutation added after a second (the later onerror image) and plays on.
  await page.getByRole("button", { name: /^Go to 0:01/ }).first().click();
  await page.waitForTimeout(1_500);

  expect(dialogs).toEqual([]);
  expect((await xssFlags(page)).filter((flag) => flag !== null)).toEqual([]);
  expect(tracker.requests, "no request to the recorded remote URL before the opt-in").toEqual([]);

  // Lantern's session and pages are out of reach from the player and from the recorded page (whose parent
  // is the player, in the same opaque origin; the loader above them is Lantern's).
  for (const [frame, loaderPath] of [
    [player, "parent"],
    [recorded, "parent.parent"],
  ] as const) {
    const reach = await frame.evaluate((path) => {
      const attempt = (read: () => unknown) => {
        try {
          const value = read();
          return value === "" ? "empty" : "read";
        } catch {
          return "threw";
        }
      };
      const loader = path === "parent" ? window.parent : window.parent.parent;
      return { cookie: attempt(() => document.cookie), parent: attempt(() => loader.document.title), top: attempt(() => window.top!.document.title), storage: attempt(() => window.localStorage.length) };
    }, loaderPath);
    expect(reach.cookie === "threw" || reach.cookie === "empty", `cookie: ${reach.cookie}`).toBe(true);
    expect(reach.parent).toBe("threw");
    expect(reach.top).toBe("threw");
    expect(reach.storage).toBe("threw");
  }

  // The page still shows its own UI, and recorded text as text.
  await expect(page.getByRole("heading", { name: /^Replay of/ })).toBeVisible();
  await expect(page.getByTestId("replay-facts")).toContainText("replayed@example.com");
  await page.getByRole("tab", { name: /Console/ }).click();
  await expect(page.getByTestId("replay-console-row").first()).toContainText("<img src=x onerror=alert(1)>");

  // The opt-in reloads the player for this replay only; now the recorded image is fetched, still nothing runs.
  await page.getByRole("button", { name: "Load remote images and styles" }).click();
  await expect(page.getByTestId("replay-remote-on")).toBeVisible();
  const reloaded = await playerFrames(page);
  await expect(reloaded.recorded.getByRole("heading", { name: heading })).toBeVisible();
  await expect.poll(() => tracker.requests.filter((request) => request.startsWith("GET /tracker.png")).length, { message: "the tracker image is loaded once opted in" }).toBeGreaterThan(0);
  expect(tracker.requests.filter((request) => request.includes("?script")), "a recorded script is never fetched").toEqual([]);
  await page.waitForTimeout(1_000);
  expect(dialogs).toEqual([]);
  expect((await xssFlags(page)).filter((flag) => flag !== null)).toEqual([]);

  // Remembered for this replay in this tab, not for others.
  await page.reload();
  await expect(page.getByTestId("replay-remote-on")).toBeVisible();
  await page.goto(`/replays/${segmentsReplayId}`);
  await expect(page.getByRole("button", { name: "Load remote images and styles" })).toBeVisible();
});

test("segments sent out of order and twice play as one timeline; a refused segment leaves the rest playable", async ({ page }) => {
  await page.goto(`/replays/${segmentsReplayId}?t=999`);
  const { recorded } = await playerFrames(page);
  await expect(recorded.getByRole("heading", { name: "Segments page" })).toBeVisible();
  await expect(recorded.locator("#one")).toHaveText("Segment one reached");
  await expect(recorded.locator("#two")).toHaveText("Segment two reached");
  await expect(recorded.locator("p")).toHaveCount(2);
  await expect(page.getByTestId("replay-facts")).toContainText("Segments3");
});
