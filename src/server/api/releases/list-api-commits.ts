import type { AccessContext } from "../../access/authorize";
import { readReleaseCommits } from "../../releases/read-release-commits";
import { findReleaseProjects } from "./find-release-projects";
import { serializeCommit } from "./load-api-releases";
import type { ApiCommit, ApiCommitFile } from "./release-schemas";

/** Sentry's "list a release's commits" (`GET …/releases/{version}/commits/`), in the order CI sent them. */
export async function listApiCommits(context: AccessContext, version: string, projectSlug?: string): Promise<ApiCommit[]> {
  await findReleaseProjects(context, "release.list", version, projectSlug);
  return ((await readReleaseCommits(context.db, [version])).get(version) ?? []).map(serializeCommit);
}

/** Sentry's "list files changed in a release's commits" (`GET …/releases/{version}/commitfiles/`): one entry per file of each commit. */
export async function listApiCommitFiles(context: AccessContext, version: string): Promise<ApiCommitFile[]> {
  await findReleaseProjects(context, "release.list", version);
  const commits = (await readReleaseCommits(context.db, [version])).get(version) ?? [];
  return commits.flatMap((commit) =>
    commit.files.map((file, index) => ({
      id: `${commit.commitId}:${index}`,
      filename: file.path,
      type: file.type,
      commitMessage: commit.message,
      author: commit.authorName !== null || commit.authorEmail !== null ? { name: commit.authorName, email: commit.authorEmail } : null,
      repoName: commit.repository,
    })),
  );
}
