import { authorize, type AccessContext } from "../access/authorize";
import { visibleProjectIds } from "../access/viewer";
import type { NotificationSettings } from "@/lib/views/alerts";
export type { NotificationSettings } from "@/lib/views/alerts";

/**
 * The signed-in person's own e-mail preferences. Everything is on unless they turned it off: a row in
 * notification_opt_outs is an "off" (topic "alert" per project, "workflow" with project 0).
 */
export async function listNotificationSettings(context: AccessContext): Promise<NotificationSettings> {
  authorize(context, "project.list");
  const visible = visibleProjectIds(context.viewer);
  const projects = await context.db
    .selectFrom("projects")
    .$if(visible !== null, (query) => query.where("id", "in", visible!.length > 0 ? visible! : [-1]))
    .select(["id", "slug", "name"])
    .orderBy("is_internal")
    .orderBy("name")
    .execute();
  const optOuts = await context.db.selectFrom("notification_opt_outs").select(["topic", "project_id"]).where("user_id", "=", context.viewer.userId).execute();
  const alertOff = new Set(optOuts.filter((row) => row.topic === "alert").map((row) => Number(row.project_id)));
  return {
    projects: projects.map((project) => ({ id: project.id, slug: project.slug, name: project.name, alertEmail: !alertOff.has(project.id) })),
    workflowEmail: !optOuts.some((row) => row.topic === "workflow"),
  };
}
