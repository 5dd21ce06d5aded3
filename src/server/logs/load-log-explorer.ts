import type { AccessContext } from "../access/authorize";
import { countLogsByInterval, type LogHistogram } from "./count-logs-by-interval";
import { isBadRequest, scopedLogSearchOf, type LogExplorerParams } from "./explorer-params";
import { groupLogsByTemplate, type LogTemplateGroup } from "./group-logs-by-template";
import { searchLogs, type FoundLog } from "./search-logs";
import { newestLogId } from "./tail-logs";
import { listTraceErrors } from "./list-trace-errors";
import type { EnvironmentScope } from "@/lib/environment-filter";
import type { LogTraceError } from "@/lib/views/logs";

export interface LogExplorerData {
  /** The parser's (or the search's) reason when the query cannot run: the page shows it instead of lines. */
  error: string | null;
  rows: FoundLog[];
  hasMore: boolean;
  histogram: LogHistogram | null;
  groups: { groups: LogTemplateGroup[]; otherCount: number } | null;
  /** Where a live tail opened now starts. */
  newestId: number;
  /** Attribute keys of the lines shown, for the column picker. */
  attributeKeys: string[];
  /** Error events of the shown lines' traces, by trace id. */
  traceErrors: Record<string, LogTraceError[]>;
  /** The header's environment filter on these lines: applied, or overridden by the query's `environment:`. */
  environmentScope?: EnvironmentScope;
}

const histogramIntervals = 48;

/**
 * What the logs explorer shows for its URL: the newest matching lines with their attributes, the histogram,
 * and (grouped) the template groups, of every project the viewer sees or of one, in the header's environment.
 */
export async function loadLogExplorer(context: AccessContext, params: LogExplorerParams, options: { projectId?: number; environment?: string | null } = {}): Promise<LogExplorerData> {
  const newestId = await newestLogId(context);
  const empty: LogExplorerData = { error: null, rows: [], hasMore: false, histogram: null, groups: null, newestId, attributeKeys: [], traceErrors: {} };
  try {
    const { search, scope: environmentScope } = scopedLogSearchOf(params, options);
    empty.environmentScope = environmentScope;
    const histogram = await countLogsByInterval(context, search, { intervals: histogramIntervals });
    if (params.isGrouped) return { ...empty, histogram, groups: await groupLogsByTemplate(context, search) };
    const { rows, hasMore } = await searchLogs(context, search, { withAttributes: true });
    const keys = new Set<string>();
    for (const row of rows) for (const key of Object.keys(row.attributes ?? {})) if (!key.startsWith("sentry.message.parameter.")) keys.add(key);
    return { ...empty, rows, hasMore, histogram, attributeKeys: [...keys].sort().slice(0, 200), traceErrors: await listTraceErrors(context, rows.map((row) => row.traceId)) };
  } catch (error) {
    if (isBadRequest(error)) return { ...empty, error: error.message };
    throw error;
  }
}
