import { authorizeIssues, type AccessContext } from "../access/authorize";
import { readEventPayload } from "../events/read-event-payload";
import { readReleaseCommits } from "./read-release-commits";
import { readExceptions } from "@/lib/event-payload";
import { frameMatchesFile } from "@/lib/match-commit-file";
import type { SuspectCommit } from "@/lib/views/release-commits";
export type { SuspectCommit } from "@/lib/views/release-commits";

/**
 * The suspect commit of an issue, deterministic and without a repository integration (Sentry needs GitHub or
 * GitLab for it): among the commits CI sent for the issue's first release (`set-commits`), the newest (latest
 * timestamp, then the first sent) that changed a file an in-app frame of the issue's newest event is in —
 * matched by path suffix (lib/match-commit-file.ts). Frames are read as stored, so source-mapped frames name
 * their original files. Null when the issue has no first release, no event, or no commit touched its frames.
 */
export async function findSuspectCommit(context: AccessContext, issueId: number): Promise<SuspectCommit | null> {
  await authorizeIssues(context, "issue.read", [issueId]);
  const { db } = context;
  const issue = await db.selectFrom("issues").select(["project_id", "first_release"]).where("id", "=", issueId).executeTakeFirst();
  if (!issue?.first_release) return null;
  const release = issue.first_release;
  const commits = (await readReleaseCommits(db, [release])).get(release) ?? [];
  if (commits.length === 0) return null;
  const event = await db
    .selectFrom("events")
    .select("payload")
    .where("project_id", "=", issue.project_id)
    .where("issue_id", "=", issueId)
    .orderBy("timestamp", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!event) return null;
  const framePaths = readExceptions(readEventPayload(event.payload))
    .flatMap((exception) => exception.frames)
    .filter((frame) => frame.inApp)
    .flatMap((frame) => [frame.absPath, frame.filename].filter((path): path is string => path !== null));
  if (framePaths.length === 0) return null;
  let suspect: SuspectCommit | null = null;
  for (const commit of commits) {
    const matchedFiles = commit.files.map((file) => file.path).filter((path) => framePaths.some((framePath) => frameMatchesFile(framePath, path)));
    if (matchedFiles.length === 0) continue;
    if (suspect === null || (commit.timestamp ?? -Infinity) > (suspect.timestamp ?? -Infinity)) suspect = { ...commit, release, matchedFiles };
  }
  return suspect;
}
