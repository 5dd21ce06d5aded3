import { z } from "zod";
import { codeSpan, table } from "@/lib/mcp-markdown";
import type { ReplayView } from "@/lib/views/replay";
import type { AccessContext } from "../../access/authorize";
import { AppError } from "../../errors";
import { getReplay } from "../../replays/get-replay";
import { readReplaySegments } from "../../replays/read-replay-segments";
import { defineTool } from "../mcp-tool";
import { checkOrganization, organizationSlug, pageUrl, regionUrl } from "./arguments";
import { summarizeReplayActivity } from "./replay-activity";

/** Segments read for the activity summary: the first ten minutes at the SDK's one segment per 5 s. */
const maxReadSegments = 120;

/** The replay id a call names: `replayId` (dashes allowed) or the segment after `/replays/` of `replayUrl` (Lantern's or Sentry's URL). */
export function replayIdOf(args: { replayId?: string; replayUrl?: string }): string {
  const text = args.replayId ?? (args.replayUrl ? /\/replays\/([0-9a-fA-F-]{32,36})(?:[/?#]|$)/.exec(replayPathOf(args.replayUrl))?.[1] : undefined);
  if (text === undefined) throw new AppError("bad_request", args.replayUrl ? "replayUrl does not name a replay (expected …/replays/<id>/)." : "Give replayId (with organizationSlug) or replayUrl.");
  const id = text.trim().replaceAll("-", "").toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(id)) throw new AppError("bad_request", "A replay id is 32 hex digits (dashes allowed).");
  return id;
}

function replayPathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

const formatOffset = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, "0")}s`;
};
const nameVersion = (part: { name: string | null; version: string | null }) => [part.name, part.version].filter(Boolean).join(" ") || "unknown";

export const getReplayDetails = defineTool({
  name: "get_replay_details",
  title: "Replay details",
  description:
    "A session replay's summary: who, where (pages), browser and OS, duration, its errors (with their event ids) and traces, and what the user did — pages visited, clicks, console errors and failed requests, each at its moment in the recording. By replayUrl or by organizationSlug and replayId.",
  input: {
    replayUrl: z.string().url().max(2000).optional().describe("The replay's URL, Lantern's (/replays/<id>) or Sentry's (…/replays/<id>/)."),
    organizationSlug: organizationSlug.optional(),
    replayId: z.string().max(40).optional().describe("The replay's id, 32 hex digits (dashes allowed)."),
    regionUrl,
  },
  isWrite: false,
  run: async (context, args) => {
    checkOrganization(context, args.organizationSlug);
    const replay = await getReplay(context, replayIdOf(args));
    return replayMarkdown(context, replay);
  },
});

async function replayMarkdown(context: AccessContext, replay: ReplayView): Promise<string> {
  const { segments } = await readReplaySegments(context, replay.id, { projectSlug: replay.projectSlug, offset: 0, limit: maxReadSegments });
  const activity = summarizeReplayActivity(segments, replay.startedAt);
  const lines = [
    `# Replay ${codeSpan(replay.id)}`,
    "",
    `- Page: ${pageUrl(context, `/replays/${replay.id}`)}`,
    `- Project: ${codeSpan(replay.projectSlug)}; type: ${codeSpan(replay.replayType)}`,
    `- Started: ${new Date(replay.startedAt).toISOString()}; duration: ${formatOffset(replay.durationMs)}`,
    `- User: ${codeSpan(replay.user.display)}`,
    `- Browser: ${codeSpan(nameVersion(replay.browser))}; OS: ${codeSpan(nameVersion(replay.os))}${replay.device.name || replay.device.model ? `; device: ${codeSpan(replay.device.name ?? replay.device.model ?? "")}` : ""}`,
    `- Release: ${replay.release === null ? "none" : codeSpan(replay.release)}; environment: ${replay.environment === null ? "none" : codeSpan(replay.environment)}`,
    `- Errors: ${replay.countErrors}; clicks: ${replay.countClicks} (dead ${replay.countDeadClicks}, rage ${replay.countRageClicks}); segments: ${replay.countSegments}`,
  ];
  if (replay.dropped.length > 0) lines.push(`- Not stored: ${replay.dropped.map(codeSpan).join(", ")}`);
  if (replay.urls.length > 0) lines.push("", "## Pages", "", ...replay.urls.slice(0, 20).map((url) => `- ${codeSpan(url)}`));
  lines.push("", "## Activity", "");
  lines.push(`Pages visited: ${activity.pages}; clicks: ${activity.clicks}; console errors: ${activity.consoleErrors}; failed requests: ${activity.failedRequests}${replay.countSegments > segments.length ? ` (in the first ${segments.length} of ${replay.countSegments} segments)` : ""}.`);
  if (activity.items.length > 0) {
    lines.push("", table(["At", "What", "Detail"], activity.items.map((item) => [{ text: formatOffset(item.offsetMs) }, { text: item.kind }, item.text])));
  } else lines.push("", "No activity recorded.");
  if (replay.errorIds.length > 0) {
    lines.push("", "## Errors", "", ...replay.errorIds.slice(0, 20).map((eventId) => `- Event ${codeSpan(eventId)} (get_issue_details with eventId shows its issue)`));
  }
  if (replay.traceIds.length > 0) lines.push("", "## Traces", "", ...replay.traceIds.slice(0, 10).map((traceId) => `- ${codeSpan(traceId)} (get_trace_details)`));
  return lines.join("\n");
}
