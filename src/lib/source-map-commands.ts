/** Where uploads go: this instance's URL, its organization slug and a project's slug. */
export interface UploadTarget {
  url: string;
  org: string;
  project: string;
}

/** The `lantern token create` line that makes a token able to upload and nothing else (for CI). */
export function uploadTokenCommand(email: string): string {
  return `lantern token create --user ${shellWord(email)} --scopes upload --name CI`;
}

/**
 * The unmodified sentry-cli, pointed at Lantern: inject debug IDs into the built files, then upload them.
 * `directory` is the build output (`dist`, `build`, `.next`…).
 */
export function sentryCliCommands(target: UploadTarget, directory = "./dist"): string {
  return [
    `export SENTRY_URL=${shellWord(target.url)}`,
    "export SENTRY_AUTH_TOKEN=sntrys_…   # a token with the upload scope",
    `npx sentry-cli sourcemaps inject ${directory}`,
    `npx sentry-cli sourcemaps upload --org ${shellWord(target.org)} --project ${shellWord(target.project)} ${directory}`,
  ].join("\n");
}

/** The release path, for builds without debug IDs: files are matched by release and URL. */
export function sentryCliReleaseCommands(target: UploadTarget, directory = "./dist"): string {
  return [
    `npx sentry-cli sourcemaps upload --org ${shellWord(target.org)} --project ${shellWord(target.project)} \\`,
    `  --release "$RELEASE" --url-prefix '~/assets' ${directory}`,
  ].join("\n");
}

/** Quotes a word for a POSIX shell only when it needs it (slugs and URLs usually do not). */
function shellWord(word: string): string {
  return /^[\w@%+=:,./~-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
