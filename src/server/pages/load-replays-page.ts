import type { AccessContext } from "../access/authorize";
import { isAppError } from "../errors";
import { buildDsn } from "../projects/build-dsn";
import { listIssueReplays } from "../replays/list-issue-replays";
import { listReplays } from "../replays/list-replays";
import { getAppContext } from "../app-context";
import { replayRanges, type ReplayListState } from "@/lib/replay-list-params";
import type { ReplayView } from "@/lib/views/replay";

export interface ReplayListData {
  replays: ReplayView[];
  nextCursor: string | null;
  /** The search parser's reason when the query cannot run: the page shows it instead of rows. */
  error: string | null;
}

const pageSize = 50;

/** A replay list page's rows for its URL state, of every project the viewer sees or of one. */
export async function loadReplayList(context: AccessContext, state: ReplayListState, projectSlug?: string, now = Date.now()): Promise<ReplayListData> {
  try {
    const { replays, nextCursor } = await listReplays(context, {
      projectSlugs: projectSlug === undefined ? undefined : [projectSlug],
      query: state.query === "" ? undefined : state.query,
      sort: state.sort,
      start: now - replayRanges[state.range],
      end: now,
      cursor: state.cursor ?? undefined,
      limit: pageSize,
    });
    return { replays, nextCursor, error: null };
  } catch (error) {
    if (isAppError(error) && error.code === "bad_request") return { replays: [], nextCursor: null, error: error.message };
    throw error;
  }
}

/** The project's DSN for the "turn Session Replay on" snippet: its first active key's, or null without one. */
export function replaySetupDsn(context: AccessContext, project: { id: number }, keys: { public_key: string; is_active: unknown }[]): string | null {
  const key = keys.find((candidate) => Boolean(candidate.is_active));
  return key ? buildDsn(context.config.publicUrl, key.public_key, project.id) : null;
}

export type IssueReplayRow = Awaited<ReturnType<typeof listIssueReplays>>[number];

/**
 * The issue page's "Replays", read as the viewer. The page streams it (Suspense), so it is handed over as a
 * promise that never rejects: a failure is logged and shown as "could not be read" (null) instead of taking
 * the whole page down.
 */
export async function loadIssueReplays(issueId: number): Promise<IssueReplayRow[] | null> {
  try {
    return await listIssueReplays(await getAppContext(), issueId);
  } catch (error) {
    console.error("lantern: reading the replays of an issue for the issue page failed", error);
    return null;
  }
}
