import { authorizeProjectId, type AccessContext } from "../../access/authorize";
import { recordAuditEvent } from "../../audit/record-audit-event";
import { AppError } from "../../errors";
import { projectKeyLabel, projectKeyRef } from "../schemas";
import { getProjectKey } from "./get-project-key";

const renameProjectKeyInput = projectKeyRef.extend({ label: projectKeyLabel });

/** Renames a client key (its label, Sentry's key `name`): owners and admins; the DSN stays the same. */
export async function renameProjectKey(context: AccessContext, input: { projectId: number; keyId: number; label: string }): Promise<void> {
  const parsed = renameProjectKeyInput.safeParse(input);
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "This name cannot be used.");
  const { label, ...ref } = parsed.data;
  const project = await authorizeProjectId(context, "key.rename", ref.projectId);
  const { key } = await getProjectKey(context.db, ref);
  if (key.label === label) return;
  await context.db.updateTable("project_keys").set({ label }).where("id", "=", ref.keyId).execute();
  await recordAuditEvent(context.db, context.source, { action: "key.renamed", target: `project:${project.slug}`, data: { keyId: ref.keyId, from: key.label, to: label } });
}
