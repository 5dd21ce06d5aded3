import { z } from "zod";
import type { Selectable } from "kysely";
import type { SavedSearchesTable } from "../../db/schema";
import { issueSorts, type IssueSort } from "../search/issue-cursor";
import type { SavedSearch } from "@/lib/views/issues";
export type { SavedSearch } from "@/lib/views/issues";

export const savedSearchKinds = ["issues", "logs"] as const;
export type SavedSearchKind = (typeof savedSearchKinds)[number];

/** A person keeps at most this many saved searches: tabs, not an archive. */
export const maxSavedSearchesPerPerson = 50;

export const saveSearchInput = z.object({
  name: z.string().trim().min(1, "Give the search a name.").max(60, "A name has at most 60 characters."),
  query: z.string().trim().max(500, "A query has at most 500 characters."),
  sort: z.enum(issueSorts),
  projectId: z.number().int().positive().nullable(),
  isShared: z.boolean(),
  /** The issue list's (default) or the logs explorer's: each list shows only its own. */
  kind: z.enum(savedSearchKinds).default("issues"),
});
export type SaveSearchInput = z.infer<typeof saveSearchInput>;

export function savedSearchOf(row: Selectable<SavedSearchesTable>, viewerUserId: string): SavedSearch {
  const sort = (issueSorts as readonly string[]).includes(row.sort) ? (row.sort as IssueSort) : "last_seen";
  return {
    id: Number(row.id),
    name: row.name,
    query: row.query,
    sort,
    projectId: row.project_id === null ? null : Number(row.project_id),
    isShared: Number(row.is_shared) === 1,
    isMine: row.owner_user_id === viewerUserId,
  };
}
