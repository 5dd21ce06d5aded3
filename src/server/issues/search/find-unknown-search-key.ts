import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { derivedTagKeys } from "../event-tag-pairs";
import type { IssueQuery, IssueQueryError } from "./issue-query";

/** Tag keys every project knows: the ones digest derives, and the digest of a Next.js error page. */
const knownTagKeys = new Set<string>([...derivedTagKeys, "digest"]);

export interface SearchKeyScope {
  projectId?: number;
  /** The projects the viewer may see (null: all). */
  visibleProjectIds: number[] | null;
}

/**
 * The first tag key of a query (in `key:value` or `has:key`) that is neither derived by digest nor a tag
 * of any project the viewer sees, as an error naming it — so a typo (`bogusfield:xyz`) says so instead of
 * listing nothing. One probe per unfamiliar key on project_tag_values' primary key (project, key, …).
 */
export async function findUnknownSearchKey(db: Kysely<Database>, query: IssueQuery, scope: SearchKeyScope): Promise<IssueQueryError | null> {
  const keys = [...new Set(query.filters.flatMap((filter) => (filter.kind === "tag" || filter.kind === "has" ? [filter.key] : [])))].filter((key) => !knownTagKeys.has(key));
  for (const key of keys) {
    if (await isTagKeyOfAnyProject(db, key, scope)) continue;
    const { position, length } = whereKeyIs(query.text, key);
    return {
      message: `Unknown search key “${key}”: no project you can see has a tag by that name. Use a built-in key (is:, level:, release:, environment:, user.email:, error.type:, browser.name:, …) or one of your tags.`,
      position,
      length,
    };
  }
  return null;
}

async function isTagKeyOfAnyProject(db: Kysely<Database>, key: string, { projectId, visibleProjectIds }: SearchKeyScope): Promise<boolean> {
  let projectIds: number[];
  if (projectId !== undefined) projectIds = [projectId];
  else if (visibleProjectIds !== null) projectIds = visibleProjectIds;
  else projectIds = (await db.selectFrom("projects").select("id").execute()).map((project) => project.id);
  if (projectIds.length === 0) return false;
  // One index probe per project (the primary key leads with project and key), not a scan of a key across projects.
  const found = await db.selectFrom("project_tag_values").select("key").where("project_id", "in", projectIds).where("key", "=", key).limit(1).executeTakeFirst();
  return found !== undefined;
}

/** Where `key:` or `has:key` stands in the text (the first match), for the search bar's marker. */
function whereKeyIs(text: string, key: string): { position: number; length: number } {
  const escaped = key.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&");
  const match = new RegExp(`(?:^|\\s)!?(?:${escaped}:|has:${escaped}(?=\\s|$))`).exec(text);
  if (!match) return { position: 0, length: text.length };
  return { position: match.index + match[0].lastIndexOf(key), length: key.length };
}
