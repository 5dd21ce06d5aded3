import type { AccessContext } from "../../access/authorize";
import { AppError } from "../../errors";
import { countReplaysForIssues } from "../../replays/count-replays-for-issues";
import { getReplay } from "../../replays/get-replay";
import { listIssueReplays } from "../../replays/list-issue-replays";
import { listReplays } from "../../replays/list-replays";
import { readReplaySegments } from "../../replays/read-replay-segments";
import type { ApiAnswer } from "../handle-api-request";
import { requireOrganization } from "../organization";
import { linkHeader } from "../pagination";
import { parseOffsetPage } from "../../spans/parse-span-search";
import { parseReplayListRequest } from "./parse-replay-list-request";
import { normalizeReplayId, parseReplayFields, pickReplayFields, serializeReplay } from "./serialize-replay";

const replayNotFound = () => new AppError("not_found", "No replay has this id.");

/** A replay id from a path: Sentry's clients send UUIDs with dashes; anything that is not one names no replay. */
function replayIdOf(text: string): string {
  const id = normalizeReplayId(decodeURIComponent(text));
  if (id === null) throw replayNotFound();
  return id;
}

/** `GET /organizations/{org}/replays/`: `{data: [...]}`, newest first unless sorted otherwise, one page with its Link header. */
export async function listApiReplays(context: AccessContext, input: { organizationSlug: string; url: URL }): Promise<ApiAnswer> {
  requireOrganization(context.config, input.organizationSlug);
  const fields = parseReplayFields(input.url.searchParams);
  const request = parseReplayListRequest(input.url.searchParams);
  const { replays, nextCursor } = await listReplays(context, request);
  const previous = { cursor: "0:0:1", hasResults: false };
  const next = nextCursor === null ? { cursor: request.cursor ?? "0:0:0", hasResults: false } : { cursor: nextCursor, hasResults: true };
  return {
    body: { data: replays.map((replay) => pickReplayFields(serializeReplay(replay), fields)) },
    headers: { Link: linkHeader(input.url, context.config.publicUrl, { previous, next }) },
  };
}

/** `GET /organizations/{org}/replays/{id}/` and `GET /projects/{org}/{project}/replays/{id}/`: `{data: {...}}`. */
export async function getApiReplay(context: AccessContext, input: { organizationSlug: string; projectIdOrSlug?: string; replayId: string; url: URL }): Promise<ApiAnswer> {
  requireOrganization(context.config, input.organizationSlug);
  const fields = parseReplayFields(input.url.searchParams);
  const projectSlug = input.projectIdOrSlug === undefined ? undefined : await projectSlugOf(context, input.projectIdOrSlug);
  const replay = await getReplay(context, replayIdOf(input.replayId), projectSlug === undefined ? undefined : { projectSlug });
  return { body: { data: pickReplayFields(serializeReplay(replay), fields) } };
}

/** Segments per page at most, as Sentry pages them. */
const maxSegmentsPerPage = 100;

/**
 * `GET /projects/{org}/{project}/replays/{id}/recording-segments/`: with `download=true`, Sentry's array of
 * segments, each the array of its rrweb events, in segment order (a video segment is an empty array); without,
 * the segments' metadata in `{data: [...]}`. Offset cursors (`0:<offset>:<isPrevious>`) and `per_page`.
 */
export async function listApiReplaySegments(context: AccessContext, input: { organizationSlug: string; projectIdOrSlug: string; replayId: string; url: URL }): Promise<ApiAnswer> {
  requireOrganization(context.config, input.organizationSlug);
  const { searchParams } = input.url;
  const { offset, limit: asked } = parseOffsetPage(searchParams, 100_000);
  const limit = Math.min(asked, maxSegmentsPerPage);
  const projectSlug = await projectSlugOf(context, input.projectIdOrSlug);
  // One more than the page: it only says whether another page follows.
  const { replay, segments } = await readReplaySegments(context, replayIdOf(input.replayId), { projectSlug, offset, limit: limit + 1 });
  const page = segments.slice(0, limit);
  const previous = { cursor: `0:${Math.max(0, offset - limit)}:1`, hasResults: offset > 0 };
  const next = { cursor: `0:${offset + limit}:0`, hasResults: segments.length > limit };
  const headers = { Link: linkHeader(input.url, context.config.publicUrl, { previous, next }) };
  if (isDownload(searchParams)) return { body: page.map((segment) => segment.events), headers };
  return { body: { data: page.map((segment) => segmentMetadata(replay.id, replay.projectId, segment)) }, headers };
}

/** `GET /projects/{org}/{project}/replays/{id}/recording-segments/{segment_id}/`: the segment's rrweb events with `download=true`, else its metadata. */
export async function getApiReplaySegment(context: AccessContext, input: { organizationSlug: string; projectIdOrSlug: string; replayId: string; segmentId: string; url: URL }): Promise<ApiAnswer> {
  requireOrganization(context.config, input.organizationSlug);
  if (!/^\d{1,9}$/.test(input.segmentId)) throw new AppError("not_found", "No segment has this id.");
  const segmentId = Number(input.segmentId);
  const projectSlug = await projectSlugOf(context, input.projectIdOrSlug);
  // Segments are numbered from 0 as the SDK sends them, so a segment's place is at most its id; read up to it.
  const { replay, segments } = await readReplaySegments(context, replayIdOf(input.replayId), { projectSlug, offset: 0, limit: Math.min(segmentId + 1, 10_000) });
  const segment = segments.find((candidate) => candidate.segmentId === segmentId);
  if (!segment) throw new AppError("not_found", "This replay has no segment with this id.");
  if (isDownload(input.url.searchParams)) return { body: segment.events };
  return { body: { data: segmentMetadata(replay.id, replay.projectId, segment) } };
}

function isDownload(searchParams: URLSearchParams): boolean {
  const value = searchParams.get("download");
  return value !== null && value !== "false" && value !== "0";
}

function segmentMetadata(replayId: string, projectId: number, segment: { segmentId: number; kind: string; size: number }) {
  return { replayId, segmentId: segment.segmentId, projectId: String(projectId), kind: segment.kind, size: segment.size };
}

/**
 * The project a path names by slug or, as Sentry's MCP server sends it, by numeric id. Only the slug is looked
 * up here; the replay verbs authorize the viewer, and a project they cannot see answers as one that is missing.
 */
async function projectSlugOf(context: AccessContext, idOrSlug: string): Promise<string> {
  const text = decodeURIComponent(idOrSlug);
  const bySlug = await context.db.selectFrom("projects").select("slug").where("slug", "=", text).executeTakeFirst();
  if (bySlug) return bySlug.slug;
  if (/^\d{1,12}$/.test(text)) {
    const byId = await context.db.selectFrom("projects").select("slug").where("id", "=", Number(text)).executeTakeFirst();
    if (byId) return byId.slug;
  }
  throw new AppError("not_found", `No project is called "${text.slice(0, 100)}".`);
}

/** Issues (or replays) named at most in one replay-count call. */
const maxCountedIds = 25;

/**
 * `GET /organizations/{org}/replay-count/?query=issue.id:[1,2]`: `{"<issue id>": count}` for the issues with
 * replays (others are left out, as Sentry does); with `returnIds=true`, `{"<issue id>": [replay ids]}`.
 * `replay_id:[…]` answers each replay that exists with 1. Up to 25 ids per call.
 */
export async function countApiReplays(context: AccessContext, input: { organizationSlug: string; url: URL }): Promise<ApiAnswer> {
  requireOrganization(context.config, input.organizationSlug);
  const { key, values } = parseCountQuery(input.url.searchParams.get("query") ?? "");
  const returnIds = input.url.searchParams.get("returnIds") === "true" || input.url.searchParams.get("returnIds") === "1";
  if (key === "replay_id") {
    const answer: Record<string, number | string[]> = {};
    for (const value of values) {
      const id = normalizeReplayId(value);
      if (id === null) throw new AppError("bad_request", `Invalid replay id "${value.slice(0, 40)}".`);
      const found = await getReplay(context, id).then(
        () => true,
        (error: unknown) => {
          if (error instanceof AppError && error.code === "not_found") return false;
          throw error;
        },
      );
      if (found) answer[value] = returnIds ? [id] : 1;
    }
    return { body: answer };
  }
  const issueIds = values.map((value) => {
    if (!/^\d{1,12}$/.test(value)) throw new AppError("bad_request", `Invalid issue id "${value.slice(0, 40)}": issue.id takes numeric ids.`);
    return Number(value);
  });
  if (returnIds) {
    const answer: Record<string, string[]> = {};
    for (const issueId of issueIds) {
      const replays = await listIssueReplays(context, issueId);
      const ids = [...new Set(replays.map((item) => item.replay.id))];
      if (ids.length > 0) answer[String(issueId)] = ids;
    }
    return { body: answer };
  }
  const counts = await countReplaysForIssues(context, issueIds);
  return { body: Object.fromEntries([...counts].filter(([, count]) => count > 0).map(([issueId, count]) => [String(issueId), count])) };
}

/** `issue.id:[1,2]`, `issue.id:1` or `replay_id:[…]`: the one key a replay count is asked by, and its values. */
function parseCountQuery(query: string): { key: "issue.id" | "replay_id"; values: string[] } {
  const match = /^\s*(issue\.id|replay_id):(?:\[([^\]]*)\]|(\S+))\s*$/.exec(query);
  if (!match) {
    throw new AppError("bad_request", 'Give query=issue.id:[<ids>] or query=replay_id:[<ids>] (Lantern counts replays by issue or by replay, not by transaction).');
  }
  const values = (match[2] ?? match[3] ?? "").split(",").map((value) => value.trim().replace(/^"|"$/g, "")).filter(Boolean);
  if (values.length === 0) throw new AppError("bad_request", "Name at least one id.");
  if (values.length > maxCountedIds) throw new AppError("bad_request", `At most ${maxCountedIds} ids per call.`);
  return { key: match[1] as "issue.id" | "replay_id", values: [...new Set(values)] };
}
