import { sql } from "kysely";
import { authorizeProjectId, type AccessContext } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { retryDeadlocks } from "../db/retry-deadlocks";
import { writeTransaction } from "../db/write-transaction";
import { AppError } from "../errors";
import { perIssueTables } from "../issues/delete-issues";
import { lockAgainstDigest } from "../issues/lock-against-digest";

/**
 * Deletes a project with everything it holds, in one transaction: its issues' counters, tags, activity and
 * comments here, and — through the foreign keys' ON DELETE CASCADE — its keys, intake, events,
 * attachments, issues, hashes, releases, sessions, outcomes and team links; its spans and log lines by project id. Lantern's own project cannot be
 * deleted (self-monitoring is switched off with LANTERN_SELF_MONITORING instead).
 */
export async function deleteProject(context: AccessContext, { projectId, confirmSlug }: { projectId: number; confirmSlug: string }): Promise<{ slug: string }> {
  const authorized = await authorizeProjectId(context, "project.delete", projectId);
  // Typing the slug out is the confirmation, for every caller: a forged request cannot skip it.
  if (confirmSlug !== authorized.slug) throw new AppError("bad_request", `Type ${authorized.slug} to confirm.`);
  const { database } = context;
  const deleted = await retryDeadlocks(database, () => writeTransaction(database, async (trx) => {
    const project = await trx.selectFrom("projects").select(["id", "slug", "is_internal"]).where("id", "=", projectId).executeTakeFirst();
    if (!project) throw new AppError("not_found", `No project has id ${projectId}.`);
    if (project.is_internal) throw new AppError("conflict", "Lantern's own project cannot be deleted; set LANTERN_SELF_MONITORING=false to stop it.");
    if (database.dialect === "postgres") await lockAgainstDigest(trx, { projectId });
    const issueIds = trx.selectFrom("issues").select("id").where("project_id", "=", projectId);
    for (const table of perIssueTables) await trx.deleteFrom(table).where("issue_id", "in", issueIds).execute();
    // Span tables carry no foreign key (one fewer check per span written): their rows go by project here.
    for (const table of ["spans", "span_payloads", "span_strings", "web_vitals", "transaction_rollups", "span_group_rollups"] as const) await trx.deleteFrom(table).where("project_id", "=", projectId).execute();
    // So do log tables; SQLite's contentless search index forgets a line only when told its id.
    if (database.dialect === "sqlite") await sql`delete from logs_fts where rowid in (select id from logs where project_id = ${projectId})`.execute(trx);
    for (const table of ["logs", "log_payloads", "log_strings"] as const) await trx.deleteFrom(table).where("project_id", "=", projectId).execute();
    await trx.deleteFrom("projects").where("id", "=", projectId).execute();
    return { slug: project.slug };
  }));
  await recordAuditEvent(context.db, context.source, { action: "project.deleted", target: `project:${deleted.slug}`, data: { name: authorized.name } });
  return deleted;
}
