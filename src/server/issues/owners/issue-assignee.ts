import type { Assignee } from "@/lib/views/issues";
export type { Assignee } from "@/lib/views/issues";
/**
 * Who an issue is assigned to (migration 0017): a person or a team, named in Sentry's actor form
 * ("user:<id>", "team:<id>") wherever it leaves the database — the API's `assignedTo`, activity entries,
 * the picker's choices.
 */
export type AssigneeRef = { kind: "user"; id: string } | { kind: "team"; id: number };

export interface AssigneeColumns {
  assignee_user_id: string | null;
  assignee_team_id: number | string | null;
}

export function assigneeOf(row: AssigneeColumns): AssigneeRef | null {
  if (row.assignee_user_id !== null) return { kind: "user", id: row.assignee_user_id };
  if (row.assignee_team_id !== null) return { kind: "team", id: Number(row.assignee_team_id) };
  return null;
}

export function actorOf(ref: AssigneeRef): string {
  return `${ref.kind}:${ref.id}`;
}

/** The columns that record `ref` (both null unassigns). */
export function assigneeColumns(ref: AssigneeRef | null): { assignee_user_id: string | null; assignee_team_id: number | null } {
  return { assignee_user_id: ref?.kind === "user" ? ref.id : null, assignee_team_id: ref?.kind === "team" ? ref.id : null };
}

/** How a person or team reads in a sentence: a person's name (else e-mail), a team as #slug. */
export function assigneeLabel(assignee: Assignee): string {
  return assignee.type === "team" ? `#${assignee.slug}` : assignee.name.trim() || assignee.email;
}
