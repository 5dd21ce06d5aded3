import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

export interface AccountRef {
  id: string;
  email: string;
  name: string;
  role: string;
}

/**
 * The account an issue's assignee names: "user:<e-mail>" (how Lantern records a signed-in person), or an
 * e-mail address or a person's name as typed into the free-text assignee; null when it names nobody.
 */
export async function findAssigneeUser(db: Kysely<Database>, assignee: string | null): Promise<AccountRef | null> {
  if (!assignee) return null;
  return pickAssignee(await db.selectFrom("users").select(["id", "email", "name", "role"]).execute(), assignee);
}

/** The one of `people` the assignee names (by e-mail first, then by name), if any. */
export function pickAssignee<T extends { email: string; name: string }>(people: T[], assignee: string | null): T | null {
  if (!assignee) return null;
  const text = assignee.startsWith("user:") ? assignee.slice("user:".length) : assignee;
  const wanted = text.trim().toLowerCase();
  if (!wanted) return null;
  return people.find((person) => person.email.toLowerCase() === wanted) ?? people.find((person) => person.name.trim().toLowerCase() === wanted) ?? null;
}
