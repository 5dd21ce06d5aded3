import { authorizeIssues, type AccessContext } from "../../access/authorize";
import { AppError } from "../../errors";
import { parseCursor, type KeysetCursor } from "../pagination";
import { listApiIssues } from "./list-api-issues";
import { parseIssueListRequest } from "./parse-issue-list-request";
import { maxBulkIssues } from "./update-api-issues";

export interface BulkIssuesInput {
  params: URLSearchParams;
  /** A project's endpoint: every issue must be of this project. */
  projectId?: number;
  /** The organization's endpoint narrowed by `project=`. */
  projectIds?: number[];
  /** Without `id=`: change every issue `query` matches (Sentry's implicit "update all"); false refuses that. */
  mayUseQuery: boolean;
}

/**
 * The issues a bulk change applies to: the repeated `id=` parameters (each must be an issue the viewer
 * may see, in the endpoint's project; the verbs then decide whether they may change it — otherwise 404), or without them, as Sentry does for status
 * changes, the issues matching `query` (default is:unresolved), at most 1000.
 */
export async function selectBulkIssues(context: AccessContext, input: BulkIssuesInput): Promise<number[]> {
  const texts = input.params.getAll("id");
  if (texts.length > 0) {
    const ids = texts.map((text) => (/^\d{1,15}$/.test(text) && Number(text) > 0 ? Number(text) : null));
    if (ids.some((id) => id === null)) throw new AppError("bad_request", "Each id must be an issue id.");
    const unique = [...new Set(ids as number[])];
    if (unique.length > maxBulkIssues) throw new AppError("bad_request", `Change at most ${maxBulkIssues} issues at once.`);
    await authorizeIssues(context, "issue.read", unique);
    const allowed = input.projectId !== undefined ? [input.projectId] : input.projectIds;
    if (allowed) {
      const rows = await context.db.selectFrom("issues").select(["id", "project_id"]).where("id", "in", unique).execute();
      const outside = rows.find((row) => !allowed.includes(Number(row.project_id)));
      if (outside) throw new AppError("not_found", `No issue has id ${outside.id}.`);
    }
    return unique;
  }
  if (!input.mayUseQuery) throw new AppError("bad_request", "Name the issues with ?id=…");
  const request = { ...parseIssueListRequest(input.params, input.projectId !== undefined ? "project" : "organization"), statsPeriods: [] };
  const ids: number[] = [];
  let cursor: KeysetCursor | null = null;
  while (ids.length < maxBulkIssues) {
    const page = await listApiIssues(context, { projectId: input.projectId, projectIds: input.projectIds, request: { ...request, cursor, limit: 100 } });
    ids.push(...page.issues.map((issue) => Number(issue.id)));
    if (!page.next.hasResults) break;
    cursor = parseCursor(page.next.cursor);
  }
  return ids.slice(0, maxBulkIssues);
}
