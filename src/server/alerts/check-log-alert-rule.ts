import { authorizeProjectId, type AccessContext } from "../access/authorize";
import { isAppError } from "../errors";
import { countLogs } from "../logs/count-logs";
import { AlertFieldError } from "./alert-field-error";
import type { LogAlertRuleInput } from "./log-alert-input";

/**
 * What parsing alone cannot know: each channel exists, and the query runs (a `trace:` that is not 32 hex
 * digits, say, is refused only by the search) — one capped count now, so the rule never fails when it runs.
 */
export async function checkLogAlertRule(context: AccessContext, projectId: number, rule: LogAlertRuleInput): Promise<void> {
  await authorizeProjectId(context, "alert.write", projectId);
  for (const [index, slug] of rule.channels.entries()) {
    const channel = await context.db.selectFrom("notification_channels").select("id").where("slug", "=", slug).executeTakeFirst();
    if (!channel) throw new AlertFieldError(`channels[${index}]`, `no notification channel has the slug "${slug}"`);
  }
  const now = Date.now();
  try {
    await countLogs(context, { projectId, query: rule.query, startMs: now - 60_000, endMs: now, cap: 1 });
  } catch (error) {
    if (isAppError(error) && error.code === "bad_request") throw new AlertFieldError("query", error.message);
    throw error;
  }
}
