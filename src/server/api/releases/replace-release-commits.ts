import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { parseApiTime } from "../parse-api-body";
import type { ApiCommitInput, ApiRefInput } from "./release-schemas";

/**
 * What `sentry-cli releases set-commits` sends, stored as the release's commits (the caller authorized
 * release.write). As in Sentry, set-commits sets: the version's commits are replaced by the new list, in the
 * order sent (git log's, newest first). Without `commits`, each ref (`--commit repo@sha`) becomes a commit
 * that has only its id and repository: with no repository integration, nothing more is known of it.
 * Nothing sent: the commits stay as they are.
 */
export async function replaceReleaseCommits(db: Kysely<Database>, version: string, input: { commits?: ApiCommitInput[]; refs?: ApiRefInput[] }): Promise<void> {
  const commits = input.commits ?? input.refs?.map((ref): ApiCommitInput => ({ id: ref.commit, repository: ref.repository }));
  if (commits === undefined) return;
  const now = Date.now();
  const rows = commits.map((commit, position) => ({
    version,
    position,
    commit_id: commit.id,
    repository: commit.repository ?? null,
    message: commit.message ?? null,
    author_name: commit.author_name ?? null,
    author_email: commit.author_email ?? null,
    timestamp: parseApiTime(commit.timestamp, `commits.${position}.timestamp`) ?? null,
    files: JSON.stringify((commit.patch_set ?? []).map((file) => ({ path: file.path, type: file.type ?? "M" }))),
    created_at: now,
  }));
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("release_commits").where("version", "=", version).execute();
    // A few hundred rows per statement stay under SQLite's and PostgreSQL's bound-parameter limits.
    for (let start = 0; start < rows.length; start += 200) await trx.insertInto("release_commits").values(rows.slice(start, start + 200)).execute();
  });
}
