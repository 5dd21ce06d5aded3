import { notFound } from "next/navigation";
import type { AccessContext } from "../access/authorize";
import { permissionOf } from "../access/policy";
import { getLogAlertRule, listLogAlertRules } from "../alerts/list-log-alert-rules";
import { listNotificationChannels } from "../alerts/list-notification-channels";
import { isAppError } from "../errors";
import { loadProjectPage } from "./load-project-page";

/** Project → Alerts, its log alert rules (read by members, as issue rules) and the names of the channels they post to. */
export async function loadLogAlertRules(context: AccessContext, projectSlug: string) {
  const [rules, channels] = await Promise.all([listLogAlertRules(context, { projectSlug }), listNotificationChannels(context)]);
  return { rules, channelNames: new Map(channels.map((channel) => [channel.slug, channel.name])) };
}

/** A log alert rule's page (or the new one's): the rule and the channels it may post to. "new" needs alert.write. */
export async function loadLogAlertRulePage(context: AccessContext, projectSlug: string, ruleId: number | "new") {
  const { project } = await loadProjectPage(context, projectSlug, "alert.list");
  const mayChange = context.viewer.permissions.has(permissionOf("alert.write"));
  if (ruleId === "new" && !mayChange) notFound();
  let rule = null;
  if (ruleId !== "new") {
    try {
      rule = await getLogAlertRule(context, { projectSlug, ruleId });
    } catch (error) {
      if (isAppError(error) && error.code === "not_found") notFound();
      throw error;
    }
  }
  const channels = await listNotificationChannels(context);
  return { project, rule, channels: channels.map((channel) => ({ slug: channel.slug, name: channel.name, kind: channel.kind })), mayChange, now: Date.now() };
}
