import type { AccessContext } from "../../access/authorize";
import { authorizeProjectRef } from "../projects/authorize-project-ref";
import { AppError } from "../../errors";
import { getIssueEvent } from "../../events/get-issue-event";
import type { ApiEvent } from "../schemas";
import { parseEventChoice, serializeWithNeighbours } from "./get-api-issue-event";

/** A project's event by its id (Sentry's /projects/{org}/{project}/events/{event_id}/), with its issue's neighbours. */
export async function getApiProjectEvent(context: AccessContext, projectSlug: string, eventIdText: string): Promise<ApiEvent> {
  const { project } = await authorizeProjectRef(context, "event.read", projectSlug);
  const choice = parseEventChoice(eventIdText);
  if (typeof choice === "string") throw new AppError("not_found", `No event ${eventIdText}.`);
  const eventId = choice.eventId.replaceAll("-", "").toLowerCase();
  const row = await context.db.selectFrom("events").select(["id", "issue_id"]).where("project_id", "=", project.id).where("event_id", "=", eventId).executeTakeFirst();
  if (!row) throw new AppError("not_found", `No event ${eventIdText}.`);
  const found = row.issue_id === null ? null : await getIssueEvent(context, { projectId: project.id, issueId: Number(row.issue_id), event: { eventId } });
  return serializeWithNeighbours(context, found ?? { id: Number(row.id), olderEventId: null, newerEventId: null });
}
