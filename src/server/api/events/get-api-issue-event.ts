import type { AccessContext } from "../../access/authorize";
import { AppError } from "../../errors";
import { getIssueEvent, type EventChoice } from "../../events/get-issue-event";
import { findApiIssue } from "../issues/find-api-issue";
import type { ApiEvent } from "../schemas";
import { loadSerializableEvents } from "./load-serializable-events";
import { serializeEvent } from "./serialize-event";

const eventIdPattern = /^(?:[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** `latest`, `oldest`, `recommended` (Lantern recommends the latest) or an event id. */
export function parseEventChoice(text: string): EventChoice {
  if (text === "latest" || text === "recommended") return "latest";
  if (text === "oldest") return "oldest";
  if (!eventIdPattern.test(text)) throw new AppError("not_found", `No event ${text}.`);
  return { eventId: text };
}

/** One event of an issue with the ids of its older and newer neighbours (Sentry's previousEventID / nextEventID). */
export async function getApiIssueEvent(context: AccessContext, issueRef: string, choice: string): Promise<ApiEvent> {
  const event = parseEventChoice(choice);
  const issue = await findApiIssue(context, issueRef, "event.read");
  const found = await getIssueEvent(context, { projectId: issue.project_id, issueId: issue.id, event });
  if (!found) throw new AppError("not_found", "This issue has no stored events.");
  return serializeWithNeighbours(context, found);
}

export async function serializeWithNeighbours(context: AccessContext, found: { id: number; olderEventId: string | null; newerEventId: string | null }): Promise<ApiEvent> {
  const event = (await loadSerializableEvents(context.db, [found.id])).get(found.id);
  if (!event) throw new AppError("not_found", "This event is no longer stored.");
  return serializeEvent({ ...event, olderEventId: found.olderEventId, newerEventId: found.newerEventId });
}
