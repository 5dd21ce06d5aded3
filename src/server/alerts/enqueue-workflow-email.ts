import type { Kysely } from "kysely";
import type { Database, IssueRow } from "../db/schema";
import { buildAlertMessage } from "./build-alert-message";
import { enqueueDeliveries } from "./enqueue-deliveries";
import { findAssigneeUsers } from "./find-assignee-user";
import { wantsWorkflowEmail } from "./resolve-email-recipients";

export interface WorkflowChange {
  issue: IssueRow;
  reason: "assigned" | "comment";
  /** Who did it, as recorded ("user:<e-mail>"); nobody is told about their own action. */
  actor: string;
  comment?: string;
}

const headlines = { assigned: "An issue was assigned to you", comment: "New comment on an issue assigned to you" } as const;

/**
 * Workflow e-mail to the issue's assignee — the person, or each member of the assigned team — in the
 * caller's transaction (so it is sent only if the assignment or comment commits): an issue was assigned to
 * them, or someone commented on their issue. Nobody is told about their own action, nor anyone who turned
 * workflow e-mail off. Returns whether any was enqueued.
 */
export async function enqueueWorkflowEmail(trx: Kysely<Database>, change: WorkflowChange): Promise<boolean> {
  const people = [];
  for (const person of await findAssigneeUsers(trx, change.issue)) {
    if (change.actor.toLowerCase() !== `user:${person.email.toLowerCase()}` && (await wantsWorkflowEmail(trx, person.id))) people.push(person);
  }
  if (people.length === 0) return false;
  const project = await trx.selectFrom("projects").select(["id", "slug", "name"]).where("id", "=", change.issue.project_id).executeTakeFirstOrThrow();
  const message = buildAlertMessage({
    reason: change.reason,
    headline: headlines[change.reason],
    issue: change.issue,
    project: { id: Number(project.id), slug: project.slug, name: project.name },
    environment: null,
    release: change.issue.last_release,
    eventId: null,
    rule: null,
    actor: change.actor.startsWith("user:") ? change.actor.slice("user:".length) : change.actor,
    comment: change.comment ?? null,
    now: Date.now(),
  });
  await enqueueDeliveries(
    trx,
    people.map((person) => ({ projectId: change.issue.project_id, ruleId: null, issueId: change.issue.id, channelId: null, kind: "email" as const, recipient: person.email, message })),
  );
  return true;
}
