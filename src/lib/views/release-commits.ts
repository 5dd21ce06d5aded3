/** The commits CI sent for a release (`sentry-cli releases set-commits`), as src/server/releases hands them to pages. */

export interface ReleaseCommitFile {
  path: string;
  /** A (added), M (modified) or D (deleted), as git names it. */
  type: string;
}

export interface ReleaseCommit {
  /** The full sha. */
  commitId: string;
  repository: string | null;
  /** The whole message as sent; its first line is the subject. */
  message: string | null;
  authorName: string | null;
  authorEmail: string | null;
  /** Epoch ms, when the commit was made; null when CI sent only a ref. */
  timestamp: number | null;
  files: ReleaseCommitFile[];
}

/** The commit a frame of the newest event points at (find-suspect-commit.ts). */
export interface SuspectCommit extends ReleaseCommit {
  /** The first release, whose commits were searched. */
  release: string;
  /** The commit's files that match an in-app frame. */
  matchedFiles: string[];
}

/** Git's usual abbreviation of a sha. */
export function shortCommitId(commitId: string): string {
  return /^[0-9a-f]{12,}$/i.test(commitId) ? commitId.slice(0, 7) : commitId;
}

/** The subject: the message's first line. */
export function commitSubject(message: string | null): string {
  return (message ?? "").split("\n", 1)[0]!.trim();
}
