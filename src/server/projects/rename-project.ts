import { authorizeProjectId, type AccessContext } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { AppError } from "../errors";
import { renameProjectInput, type RenameProjectInput } from "./schemas";

/**
 * Renames a project and sets its platform (which picks the set-up page's snippets). The slug stays: DSNs
 * name the project by id, but URLs, the API and sentry-cli's configuration name it by slug.
 */
export async function renameProject(context: AccessContext, projectId: number, input: RenameProjectInput): Promise<void> {
  const project = await authorizeProjectId(context, "project.rename", projectId);
  const { name, platform } = renameProjectInput.parse(input);
  const result = await context.db.updateTable("projects").set({ name, platform }).where("id", "=", projectId).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError("not_found", `There is no project ${projectId}.`);
  await recordAuditEvent(context.db, context.source, {
    action: "project.renamed",
    target: `project:${project.slug}`,
    data: { from: { name: project.name, platform: project.platform }, to: { name, platform } },
  });
}
