import { authorizeProjectId, type AccessContext } from "../access/authorize";
import { readReleaseCommits } from "./read-release-commits";
import type { ReleaseCommit } from "@/lib/views/release-commits";
export type { ReleaseCommit } from "@/lib/views/release-commits";

/** The release page lists this many; `sentry-cli set-commits --local` sends 20 unless told otherwise. */
const maxCommits = 200;

/**
 * The commits CI sent for release `version` of a project, in the order sent (git log's: newest first), for the
 * release page's Commits section. Empty when the project has no such release or CI sent none.
 */
export async function listReleaseCommits(context: AccessContext, projectId: number, version: string): Promise<ReleaseCommit[]> {
  await authorizeProjectId(context, "release.list", projectId);
  const release = await context.db.selectFrom("releases").select("version").where("project_id", "=", projectId).where("version", "=", version).executeTakeFirst();
  if (!release) return [];
  return (await readReleaseCommits(context.db, [version], maxCommits)).get(version) ?? [];
}
