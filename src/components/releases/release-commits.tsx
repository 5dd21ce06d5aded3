/**
 * The release's commits. Placeholder: commits sent by `sentry-cli releases set-commits` are not stored yet;
 * the release-data work (migration 0030, release_commits) replaces this component's body with the list.
 */
export function ReleaseCommits() {
  return <p className="text-sm text-muted-foreground">Commits sent by sentry-cli releases set-commits are not stored yet.</p>;
}
