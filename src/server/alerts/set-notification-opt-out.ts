import { z } from "zod";
import { authorizeProjectId, requirePermission, type AccessContext } from "../access/authorize";
import { AppError } from "../errors";

export const notificationPreferenceInput = z.discriminatedUnion("topic", [
  z.object({ topic: z.literal("alert"), projectId: z.coerce.number().int().positive(), enabled: z.boolean() }),
  z.object({ topic: z.literal("workflow"), enabled: z.boolean() }),
]);
export type NotificationPreferenceInput = z.input<typeof notificationPreferenceInput>;

/**
 * Turns one of the signed-in person's own e-mails on or off: alert e-mail of a project they can see, or
 * workflow e-mail. "Off" is a row in notification_opt_outs, so a person who never chose gets everything.
 */
export async function setNotificationPreference(context: AccessContext, input: NotificationPreferenceInput): Promise<void> {
  const parsed = notificationPreferenceInput.safeParse(input);
  if (!parsed.success) throw new AppError("bad_request", "Unknown notification setting.");
  const preference = parsed.data;
  let projectId = 0;
  if (preference.topic === "alert") {
    projectId = (await authorizeProjectId(context, "project.read", preference.projectId)).id;
  } else {
    requirePermission(context.viewer, "read");
  }
  // The CLI's system actor is no person and receives no e-mail.
  const user = await context.db.selectFrom("users").select("id").where("id", "=", context.viewer.userId).executeTakeFirst();
  if (!user) throw new AppError("bad_request", "Only a signed-in person has notification settings.");
  const row = { user_id: user.id, topic: preference.topic, project_id: projectId };
  if (preference.enabled) {
    await context.db.deleteFrom("notification_opt_outs").where("user_id", "=", row.user_id).where("topic", "=", row.topic).where("project_id", "=", row.project_id).execute();
  } else {
    await context.db.insertInto("notification_opt_outs").values(row).onConflict((conflict) => conflict.columns(["user_id", "topic", "project_id"]).doNothing()).execute();
  }
}
