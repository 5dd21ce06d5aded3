import { sql } from "kysely";
import { authorize, type AccessContext } from "../access/authorize";
import type { LogSearch } from "./parse-log-search";
import { entryKey, matchingQuery, needsPayload, payloadEntries, payloadMatches, projectScope, toFound, type FoundLog, type LogRow } from "./search-logs";

export interface TailedLogs {
  /** Oldest first: the order they arrived in. */
  rows: FoundLog[];
  /** The cursor for the next read: the newest id looked at (matching or not). */
  lastId: number;
}

/** Lines handed out per read; a burst beyond it comes over the next reads. */
export const maxTailedLogs = 200;
/** Lines looked at per read when a condition needs payloads. */
const maxTailScanned = 2_000;

/**
 * The live tail's read: lines of the projects the caller sees, newer (by id: the order they were stored in)
 * than `afterId`, that match the search; whatever their timestamp, as long as it is after the window's start
 * (a tail has no end). Each read walks the primary key from the cursor, so a poll costs the new lines only.
 */
export async function tailLogs(context: AccessContext, search: LogSearch, options: { afterId: number; withAttributes?: boolean }): Promise<TailedLogs> {
  authorize(context, "log.search");
  const open: LogSearch = { ...search, window: { startUs: search.window.startUs, endUs: Number.MAX_SAFE_INTEGER } };
  const scope = await projectScope(context, open);
  const payloadChecks = open.conditions.filter(needsPayload);
  const limit = payloadChecks.length > 0 ? maxTailScanned : maxTailedLogs;
  const candidates = (await matchingQuery(context, open, scope, { byIds: true }).where("logs.id", ">", options.afterId).orderBy("logs.id", "asc").limit(limit).execute()) as LogRow[];
  const withAttributes = options.withAttributes === true;
  const entries = payloadChecks.length > 0 || withAttributes ? await payloadEntries(context, candidates) : undefined;
  const matching = payloadChecks.length === 0 ? candidates : candidates.filter((row) => payloadChecks.every((condition) => payloadMatches(condition, entries!.get(entryKey(row)))));
  const kept = matching.slice(0, maxTailedLogs);
  // A cut page resumes after its last line; a scanned one after the last line it looked at.
  const lastId = kept.length < matching.length ? Number(kept.at(-1)!.id) : candidates.length > 0 ? Number(candidates.at(-1)!.id) : options.afterId;
  return { rows: await toFound(context, kept, scope.slugOf, withAttributes, entries), lastId };
}

/** The newest stored line's id (0 when none): where a tail opened now starts. Reads the primary key's end only. */
export async function newestLogId(context: AccessContext): Promise<number> {
  authorize(context, "log.search");
  const row = await context.db.selectFrom("logs").select(sql<number | null>`max(id)`.as("id")).executeTakeFirst();
  return Number(row?.id ?? 0);
}
