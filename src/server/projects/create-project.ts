import { authorize, type AccessContext } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { insertProject, type CreatedProject } from "./insert-project";
import type { CreateProjectInput } from "./schemas";

/** A new project with its first client key, recorded in the audit log. */
export async function createProject(context: AccessContext, input: CreateProjectInput): Promise<CreatedProject> {
  authorize(context, "project.create");
  const created = await insertProject(context.db, input);
  await recordAuditEvent(context.db, context.source, { action: "project.created", target: `project:${created.project.slug}` });
  return created;
}
