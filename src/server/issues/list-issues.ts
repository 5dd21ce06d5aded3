import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../db/schema";

export const ListIssuesInput = z.object({
  projectId: z.number().int().positive().optional(),
  /** "unresolved" (the default), "resolved", "ignored" or "all" (all but merged). */
  status: z.enum(["unresolved", "resolved", "ignored", "all"]).default("unresolved"),
  /** Words that must all appear in the title or culprit. */
  query: z.string().trim().max(200).default(""),
  sort: z.enum(["last_seen", "first_seen", "times_seen", "users_seen"]).default("last_seen"),
  limit: z.number().int().min(1).max(100).default(50),
});
export type ListIssuesInput = z.input<typeof ListIssuesInput>;

export interface IssueListItem {
  id: number;
  projectId: number;
  projectSlug: string;
  projectName: string;
  title: string;
  culprit: string;
  level: string;
  status: string;
  substatus: string | null;
  firstSeen: number;
  lastSeen: number;
  timesSeen: number;
  usersSeen: number;
}

/** Issues for the list: read from the issue rows and their counters only, never from event payloads. */
export async function listIssues(db: Kysely<Database>, input: ListIssuesInput = {}): Promise<IssueListItem[]> {
  const { projectId, status, query, sort, limit } = ListIssuesInput.parse(input);
  let select = db
    .selectFrom("issues")
    .innerJoin("projects", "projects.id", "issues.project_id")
    .select([
      "issues.id as id",
      "issues.project_id as projectId",
      "projects.slug as projectSlug",
      "projects.name as projectName",
      "issues.title as title",
      "issues.culprit as culprit",
      "issues.level as level",
      "issues.status as status",
      "issues.substatus as substatus",
      "issues.first_seen as firstSeen",
      "issues.last_seen as lastSeen",
      "issues.times_seen as timesSeen",
      "issues.users_seen as usersSeen",
    ])
    .where("issues.status", status === "all" ? "!=" : "=", status === "all" ? "merged" : status);
  if (projectId !== undefined) select = select.where("issues.project_id", "=", projectId);
  for (const word of query.split(/\s+/).filter(Boolean)) {
    const pattern = `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    select = select.where((eb) => eb.or([eb("issues.title", "like", pattern), eb("issues.culprit", "like", pattern)]));
  }
  return select.orderBy(`issues.${sort}`, "desc").orderBy("issues.id", "desc").limit(limit).execute();
}
