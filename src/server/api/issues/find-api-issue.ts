import { authorizeIssues, type AccessContext } from "../../access/authorize";
import type { Verb } from "../../access/policy";
import type { IssueRow } from "../../db/schema";
import { AppError } from "../../errors";
import { getIssue } from "../../issues/get-issue";

const notFound = (ref: string) => new AppError("not_found", `No issue ${ref}.`);

/**
 * The issue an API path names — by id, or by short id (`SHOP-42`) — if the viewer may see its project
 * and may `verb`; otherwise 404, whether it exists or not. A merged issue is followed to the
 * issue it was merged into, as Sentry redirects a merged group.
 */
export async function findApiIssue(context: AccessContext, ref: string, verb: Verb): Promise<IssueRow> {
  const id = issueIdOf(ref);
  if (id === null) throw notFound(ref);
  await authorizeIssues(context, verb, [id]);
  let issue = await getIssue(context.db, id);
  if (!/^\d+$/.test(ref)) {
    const project = await context.db.selectFrom("projects").select("slug").where("id", "=", issue.project_id).executeTakeFirst();
    if (!project || `${project.slug.toUpperCase()}-${id}` !== ref.toUpperCase()) throw notFound(ref);
  }
  for (let hops = 0; issue.status === "merged" && issue.merged_into_id !== null && hops < 20; hops++) {
    await authorizeIssues(context, verb, [issue.merged_into_id]);
    issue = await getIssue(context.db, issue.merged_into_id);
  }
  return issue;
}

/** `42` or `SHOP-42` → 42; null for anything else. */
export function issueIdOf(ref: string): number | null {
  const match = /^(?:[A-Za-z0-9_-]+-)?(\d{1,15})$/.exec(ref);
  if (!match) return null;
  const id = Number(match[1]);
  return id > 0 ? id : null;
}
