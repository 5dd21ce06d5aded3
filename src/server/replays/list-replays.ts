import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { z } from "zod";
import { authorize, authorizeProject, type AccessContext } from "../access/authorize";
import { canSeeProject, visibleProjectIds } from "../access/viewer";
import type { Database } from "../db/schema";
import { AppError } from "../errors";
import { parseReplayQuery, type ReplayCondition, type ReplayTextField } from "./parse-replay-search";
import { selectReplays, toReplayView } from "./replay-views";
import type { ReplayView } from "@/lib/views/replay";

const dayMs = 86_400_000;

export const ListReplaysInput = z.object({
  projectSlugs: z.array(z.string().min(1).max(100)).max(100).optional(),
  projectIds: z.array(z.number().int().positive()).max(1000).optional(),
  query: z.string().max(1000, "A replay search has at most 1000 characters.").default(""),
  start: z.number().int().nonnegative().optional(),
  end: z.number().int().nonnegative().optional(),
  sort: z.string().max(64).default("-started_at"),
  cursor: z.string().max(64).optional(),
  limit: z.number().int().min(1).max(100).default(50),
});
export type ListReplaysInput = z.input<typeof ListReplaysInput>;

type Replays = ExpressionBuilder<Database & { projects: Database["projects"] }, "replays" | "projects">;

const sortColumns: Record<string, (eb: Replays) => Expression<unknown>> = {
  started_at: (eb) => eb.ref("replays.started_at"),
  finished_at: (eb) => eb.ref("replays.finished_at"),
  duration: (eb) => eb("replays.finished_at", "-", eb.ref("replays.started_at")),
  count_errors: (eb) => eb.ref("replays.count_errors"),
  count_segments: (eb) => eb.ref("replays.count_segments"),
  count_urls: (eb) => eb.ref("replays.count_urls"),
  count_dead_clicks: (eb) => eb.ref("replays.count_dead_clicks"),
  count_rage_clicks: (eb) => eb.ref("replays.count_rage_clicks"),
  // Sentry's "activity": how much went wrong, errors weighing most.
  activity: (eb) => sql`${eb.ref("replays.count_errors")} * 4 + ${eb.ref("replays.count_rage_clicks")} * 2 + ${eb.ref("replays.count_dead_clicks")}`,
  "user.display_name": (eb) => sql`coalesce(${eb.ref("replays.user_name")}, ${eb.ref("replays.user_username")}, ${eb.ref("replays.user_email")}, ${eb.ref("replays.user_id")}, ${eb.ref("replays.user_ip")}, '')`,
  "browser.name": (eb) => sql`coalesce(${eb.ref("replays.browser_name")}, '')`,
  "os.name": (eb) => sql`coalesce(${eb.ref("replays.os_name")}, '')`,
};
export const replaySortNames = Object.keys(sortColumns);

/**
 * Replays of one or more projects (default: every project the viewer sees) that overlap the time range
 * (default: the last 14 days), searched with Sentry's replay syntax and sorted by Sentry's field names,
 * a page at a time (the cursor is Sentry's `0:<offset>:0`).
 */
export async function listReplays(context: AccessContext, input: ListReplaysInput): Promise<{ replays: ReplayView[]; nextCursor: string | null }> {
  const parsed = ListReplaysInput.safeParse(input);
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "This replay search cannot be used.");
  const { projectSlugs, projectIds, query, sort, cursor, limit } = parsed.data;
  const end = parsed.data.end ?? Date.now();
  const start = parsed.data.start ?? end - 14 * dayMs;
  const conditions = parseReplayQuery(query);
  const descending = sort.startsWith("-");
  const sortColumn = sortColumns[sort.replace(/^-/, "")];
  if (!sortColumn) throw new AppError("bad_request", `Replays cannot be sorted by "${sort.slice(0, 64)}". Use one of: ${replaySortNames.join(", ")}, with "-" for descending.`);
  const offset = parseCursor(cursor);

  let projects: number[] | null;
  if (projectSlugs !== undefined && projectSlugs.length > 0) {
    projects = [];
    for (const slug of projectSlugs) projects.push((await authorizeProject(context, "replay.list", slug)).project.id);
  } else {
    authorize(context, "replay.list");
    projects = visibleProjectIds(context.viewer);
  }
  if (projectIds !== undefined && projectIds.length > 0) {
    // Ids the viewer cannot see are left out, as Sentry leaves out projects outside one's teams.
    const wanted = projectIds.filter((id) => canSeeProject(context.viewer, id));
    projects = projects === null ? wanted : projects.filter((id) => wanted.includes(id));
  }
  if (projects !== null && projects.length === 0) return { replays: [], nextCursor: null };

  let select = selectReplays(context.db).where("replays.started_at", "<=", end).where("replays.finished_at", ">=", start);
  if (projects !== null) select = select.where("replays.project_id", "in", projects);
  for (const condition of conditions) select = select.where((eb) => conditionExpression(eb, condition));
  const rows = await select
    .orderBy((eb) => sortColumn(eb), descending ? "desc" : "asc")
    .orderBy("replays.id", descending ? "desc" : "asc")
    .limit(limit + 1)
    .offset(offset)
    .execute();
  const replays = rows.slice(0, limit).map(toReplayView);
  return { replays, nextCursor: rows.length > limit ? `0:${offset + limit}:0` : null };
}

function parseCursor(cursor: string | undefined): number {
  if (cursor === undefined || cursor === "") return 0;
  const match = /^(?:\d+:)?(\d+)(?::\d+)?$/.exec(cursor);
  const offset = match ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(offset) || offset > 100_000) throw new AppError("bad_request", "This cursor is not one Lantern gave.");
  return offset;
}

const textColumns: Record<Exclude<ReplayTextField, "user">, string> = {
  id: "replays.replay_id",
  "user.id": "replays.user_id",
  "user.email": "replays.user_email",
  "user.username": "replays.user_username",
  "user.ip": "replays.user_ip",
  url: "replays.urls",
  "browser.name": "replays.browser_name",
  "os.name": "replays.os_name",
  "device.name": "replays.device_name",
  release: "replays.release",
  environment: "replays.environment",
  replay_type: "replays.replay_type",
  platform: "replays.platform",
  error_ids: "replays.error_ids",
  trace_ids: "replays.trace_ids",
  "sdk.name": "replays.sdk_name",
  dist: "replays.dist",
};
/** Lists kept as JSON text: a value matches when it is contained (an id, a url's part). */
const listColumns = new Set(["url", "error_ids", "trace_ids"]);
const userColumns = ["replays.user_id", "replays.user_email", "replays.user_username", "replays.user_name", "replays.user_ip"];

function conditionExpression(eb: Replays, condition: ReplayCondition): Expression<SqlBool> {
  if (condition.kind === "free") return eb.or([...userColumns, "replays.urls"].map((column) => like(column, `*${condition.text}*`)));
  if (condition.kind === "number") {
    const left = condition.field === "duration" ? eb("replays.finished_at", "-", eb.ref("replays.started_at")) : eb.ref(`replays.${condition.field}`);
    const operator = condition.operator === "!=" ? "<>" : condition.operator;
    return eb(left, operator, condition.value);
  }
  const matches = condition.values.map((value) => {
    const normalized = condition.field === "id" || condition.field === "error_ids" || condition.field === "trace_ids" ? value.replaceAll("-", "").toLowerCase() : value;
    if (condition.field === "user") return eb.or(userColumns.map((column) => like(column, normalized)));
    const column = textColumns[condition.field];
    return like(column, listColumns.has(condition.field) && !normalized.includes("*") ? `*${normalized}*` : normalized);
  });
  const any = eb.or(matches);
  return condition.negated ? eb.not(any) : any;
}

/** Case-insensitive equality, or a pattern where the value has `*` (SQL wildcards in the value are literal). */
function like(column: string, value: string): Expression<SqlBool> {
  const pattern = value.replace(/[\\%_]/g, (char) => `\\${char}`).replaceAll("*", "%");
  return sql<SqlBool>`coalesce(lower(${sql.ref(column)}) like lower(${pattern}) escape '\\', false)`;
}
