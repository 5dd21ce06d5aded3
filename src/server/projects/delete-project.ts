import type { LanternDatabase } from "../db/create-database";
import { writeTransaction } from "../db/write-transaction";
import { AppError } from "../errors";
import { perIssueTables } from "../issues/delete-issues";

/**
 * Deletes a project with everything it holds, in one transaction: its issues' counters, tags, activity and
 * comments here, and — through the foreign keys' ON DELETE CASCADE — its keys, intake, events,
 * attachments, issues, hashes, releases, sessions, outcomes and team links. Lantern's own project cannot be
 * deleted (self-monitoring is switched off with LANTERN_SELF_MONITORING instead).
 */
export async function deleteProject(database: LanternDatabase, { projectId }: { projectId: number }): Promise<{ slug: string }> {
  return writeTransaction(database, async (trx) => {
    const project = await trx.selectFrom("projects").select(["id", "slug", "is_internal"]).where("id", "=", projectId).executeTakeFirst();
    if (!project) throw new AppError("not_found", `No project has id ${projectId}.`);
    if (project.is_internal) throw new AppError("conflict", "Lantern's own project cannot be deleted; set LANTERN_SELF_MONITORING=false to stop it.");
    const issueIds = trx.selectFrom("issues").select("id").where("project_id", "=", projectId);
    for (const table of perIssueTables) await trx.deleteFrom(table).where("issue_id", "in", issueIds).execute();
    await trx.deleteFrom("projects").where("id", "=", projectId).execute();
    return { slug: project.slug };
  });
}
