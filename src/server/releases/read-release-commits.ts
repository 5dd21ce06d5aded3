import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { ReleaseCommit, ReleaseCommitFile } from "@/lib/views/release-commits";

/** The stored files of a commit; the column is Lantern's own JSON, but a row is read defensively all the same. */
function parseFiles(text: string): ReleaseCommitFile[] {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value.flatMap((file: unknown) => {
      if (typeof file !== "object" || file === null) return [];
      const { path, type } = file as { path?: unknown; type?: unknown };
      return typeof path === "string" ? [{ path, type: typeof type === "string" ? type : "M" }] : [];
    });
  } catch {
    return [];
  }
}

/**
 * The commits of each version, in the order CI sent them (git log's: newest first), at most `limit` per
 * version. The caller authorized reading the release.
 */
export async function readReleaseCommits(db: Kysely<Database>, versions: readonly string[], limit = 1_000): Promise<Map<string, ReleaseCommit[]>> {
  const found = new Map<string, ReleaseCommit[]>();
  if (versions.length === 0) return found;
  const rows = await db.selectFrom("release_commits").selectAll().where("version", "in", [...versions]).orderBy("version").orderBy("position").execute();
  for (const row of rows) {
    const list = found.get(row.version) ?? [];
    if (list.length >= limit) continue;
    list.push(toCommit(row));
    found.set(row.version, list);
  }
  return found;
}

function toCommit(row: { commit_id: string; repository: string | null; message: string | null; author_name: string | null; author_email: string | null; timestamp: number | null; files: string }): ReleaseCommit {
  return {
    commitId: row.commit_id,
    repository: row.repository,
    message: row.message,
    authorName: row.author_name,
    authorEmail: row.author_email,
    timestamp: row.timestamp === null ? null : Number(row.timestamp),
    files: parseFiles(row.files),
  };
}

/**
 * What the release API shows of each version's commits without reading them all: how many, the newest
 * (latest timestamp, then the first sent) and the distinct authors (at most 100 per version).
 */
export async function summarizeReleaseCommits(db: Kysely<Database>, versions: readonly string[]): Promise<Map<string, { count: number; newest: ReleaseCommit | null; authors: { name: string | null; email: string | null }[] }>> {
  const summaries = new Map<string, { count: number; newest: ReleaseCommit | null; authors: { name: string | null; email: string | null }[] }>();
  if (versions.length === 0) return summaries;
  const [counts, newest, authors] = await Promise.all([
    countReleaseCommits(db, versions),
    db
      .selectFrom("release_commits as commit")
      .selectAll()
      .where("commit.version", "in", [...versions])
      .where(
        "commit.id",
        "=",
        (eb) => eb.selectFrom("release_commits as other").select("other.id").whereRef("other.version", "=", "commit.version").orderBy(sql`coalesce(other.timestamp, -1)`, "desc").orderBy("other.position").limit(1),
      )
      .execute(),
    db.selectFrom("release_commits").select(["version", "author_name", "author_email"]).distinct().where("version", "in", [...versions]).orderBy("version").orderBy("author_email").orderBy("author_name").execute(),
  ]);
  for (const version of versions) {
    const row = newest.find((candidate) => candidate.version === version);
    summaries.set(version, {
      count: counts.get(version) ?? 0,
      newest: row ? toCommit(row) : null,
      authors: authors.filter((author) => author.version === version && (author.author_name !== null || author.author_email !== null)).slice(0, 100).map((author) => ({ name: author.author_name, email: author.author_email })),
    });
  }
  return summaries;
}

/** How many commits each version has (the API's commitCount). */
export async function countReleaseCommits(db: Kysely<Database>, versions: readonly string[]): Promise<Map<string, number>> {
  if (versions.length === 0) return new Map();
  const rows = await db
    .selectFrom("release_commits")
    .select((eb) => ["version", eb.fn.countAll<number>().as("total")])
    .where("version", "in", [...versions])
    .groupBy("version")
    .execute();
  return new Map(rows.map((row) => [row.version, Number(row.total)]));
}
