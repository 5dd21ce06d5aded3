import { z } from "zod";
import type { StatusPageSettingsView } from "@/lib/views/uptime";
import { authorizeProject, type AccessContext } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { writeTransaction } from "../db/write-transaction";
import { AppError } from "../errors";

/** A project's public status page settings: off, titled after the project, until someone turns it on. */
export async function getStatusPageSettings(context: AccessContext, projectSlug: string): Promise<StatusPageSettingsView> {
  const { project } = await authorizeProject(context, "uptime.list", projectSlug);
  const row = await context.db.selectFrom("uptime_status_pages").selectAll().where("project_id", "=", project.id).executeTakeFirst();
  return { projectSlug: project.slug, isEnabled: Boolean(row?.is_enabled), title: row?.title ?? `${project.name} status` };
}

export const StatusPageSettingsInput = z.object({
  projectSlug: z.string().min(1).max(100),
  isEnabled: z.boolean(),
  title: z.string().trim().min(1, "title: give the page a title").max(100, "title: at most 100 characters"),
});
export type StatusPageSettingsInput = z.input<typeof StatusPageSettingsInput>;

/** Turns the public status page (/status/<project>) on or off; it shows only monitors marked for it. */
export async function updateStatusPageSettings(context: AccessContext, input: StatusPageSettingsInput): Promise<StatusPageSettingsView> {
  const parsed = StatusPageSettingsInput.safeParse(input);
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "These status page settings cannot be saved.");
  const { project } = await authorizeProject(context, "uptime.write", parsed.data.projectSlug);
  const values = { is_enabled: parsed.data.isEnabled ? 1 : 0, title: parsed.data.title, updated_at: Date.now() };
  await writeTransaction(context.database, (trx) =>
    trx
      .insertInto("uptime_status_pages")
      .values({ project_id: project.id, ...values })
      .onConflict((conflict) => conflict.column("project_id").doUpdateSet(values))
      .execute(),
  );
  await recordAuditEvent(context.db, context.source, { action: "uptime.status_page_changed", target: `project:${project.slug}`, data: { isEnabled: parsed.data.isEnabled } });
  return { projectSlug: project.slug, isEnabled: parsed.data.isEnabled, title: parsed.data.title };
}
