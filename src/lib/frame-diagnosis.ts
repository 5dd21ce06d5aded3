/**
 * Why a minified JavaScript frame was not resolved with a source map (or was, without source context), as
 * facts the resolver found; `describeFrameDiagnosis` turns them into words and the `sentry-cli` command
 * that would fix it. Pure: the issue page renders these (as text) next to the frame.
 */
export type FrameDiagnosis =
  | { code: "no_debug_id_or_release" }
  | { code: "debug_id_not_found"; debugId: string }
  | { code: "release_file_not_found"; release: string; dist: string | null; url: string; closest: string[] }
  | { code: "no_sourcemap_reference"; release: string; dist: string | null; fileUrl: string }
  | { code: "sourcemap_not_found"; release: string; dist: string | null; fileUrl: string; mapUrl: string }
  | { code: "malformed_map"; mapUrl: string; detail: string; release: string | null; dist: string | null }
  | { code: "position_outside_map"; mapUrl: string; line: number; column: number }
  | { code: "no_sources_content"; mapUrl: string; source: string; release: string | null; dist: string | null };

export type FrameDiagnosisCode = FrameDiagnosis["code"];

export interface DiagnosisTarget {
  /** The organization slug sentry-cli is given (`--org`). */
  org: string;
  project: string;
  /** Lantern's base URL (`--url`). */
  url: string;
}

export interface DiagnosisWords {
  /** One line: what is missing. */
  title: string;
  /** What to do, in a sentence. */
  advice: string;
  /** The command that fixes it, run in the project after its production build. */
  command: string;
  /** Uploaded URLs close to the one looked for ("did you mean"). */
  closest: string[];
}

/** Shell words are single-quoted unless they are plainly safe (a `~/` prefix must never reach the shell unquoted). */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_./:@=+-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** `~/assets/app.js` → `~/assets`: the `--url-prefix` that makes sentry-cli name `./dist/app.js` that way. */
export function urlPrefixOf(url: string): string {
  const slash = url.lastIndexOf("/");
  return slash > 0 ? url.slice(0, slash) : "~";
}

const outputDirectory = "./dist";

function cli(target: DiagnosisTarget, args: string[]): string {
  return ["sentry-cli", "--url", target.url, ...args].map(shellQuote).join(" ");
}

function uploadCommand(target: DiagnosisTarget, release: { release: string; dist: string | null; urlPrefix: string } | null): string {
  const args = ["sourcemaps", "upload", "--org", target.org, "--project", target.project];
  if (release) {
    args.push("--release", release.release);
    if (release.dist !== null) args.push("--dist", release.dist);
    args.push("--url-prefix", release.urlPrefix);
  }
  return cli(target, [...args, outputDirectory]);
}

function injectAndUpload(target: DiagnosisTarget): string {
  return `${cli(target, ["sourcemaps", "inject", outputDirectory])} && ${uploadCommand(target, null)}`;
}

export function describeFrameDiagnosis(diagnosis: FrameDiagnosis, target: DiagnosisTarget): DiagnosisWords {
  const words = (title: string, advice: string, command: string, closest: string[] = []): DiagnosisWords => ({ title, advice, command, closest });
  const forRelease = (release: string | null, dist: string | null, url: string) => (release === null ? null : { release, dist, urlPrefix: urlPrefixOf(url) });
  switch (diagnosis.code) {
    case "no_debug_id_or_release":
      return words(
        "No debug ID on this event for this file, and no release",
        `Without either, no source map can be found. Inject debug IDs into the build output (in ${outputDirectory}), deploy the injected files, and upload their maps:`,
        injectAndUpload(target),
      );
    case "debug_id_not_found":
      return words(`No uploaded bundle has debug ID ${diagnosis.debugId}`, "The build this file came from was not uploaded (or its bundle was deleted). Upload that build's output:", uploadCommand(target, null));
    case "release_file_not_found":
      return words(
        diagnosis.closest.length > 0 ? `Release ${diagnosis.release}${diagnosis.dist !== null ? ` (dist ${diagnosis.dist})` : ""} has no file matching ${diagnosis.url}` : `Release ${diagnosis.release}${diagnosis.dist !== null ? ` (dist ${diagnosis.dist})` : ""} has no uploaded files`,
        diagnosis.closest.length > 0 ? "Its closest uploaded names are listed below; upload with the URL prefix the browser loads the file from:" : "Upload the release's files with the URL prefix the browser loads them from:",
        uploadCommand(target, forRelease(diagnosis.release, diagnosis.dist, diagnosis.url)),
        diagnosis.closest,
      );
    case "no_sourcemap_reference":
      return words(
        `${diagnosis.fileUrl} names no source map`,
        `It is uploaded for release ${diagnosis.release}, but has neither a Sourcemap header nor a //# sourceMappingURL comment. Upload the .map files beside it (sentry-cli links them by name):`,
        uploadCommand(target, forRelease(diagnosis.release, diagnosis.dist, diagnosis.fileUrl)),
      );
    case "sourcemap_not_found":
      return words(
        `${diagnosis.fileUrl} points to ${diagnosis.mapUrl}, which release ${diagnosis.release} does not have`,
        "Upload the .map files together with the minified files:",
        uploadCommand(target, forRelease(diagnosis.release, diagnosis.dist, diagnosis.fileUrl)),
      );
    case "malformed_map":
      return words(`The source map ${diagnosis.mapUrl} cannot be read: ${diagnosis.detail}`, "Rebuild and upload the map again:", uploadCommand(target, forRelease(diagnosis.release, diagnosis.dist, diagnosis.mapUrl)));
    case "position_outside_map":
      return words(
        `Line ${diagnosis.line}, column ${diagnosis.column} is outside the source map ${diagnosis.mapUrl}`,
        "The map belongs to another build of this file. Give every build its own debug IDs and upload each build's maps:",
        injectAndUpload(target),
      );
    case "no_sources_content":
      return words(
        `Resolved with ${diagnosis.mapUrl}, but the map has no sourcesContent for ${diagnosis.source}`,
        "So there are no source lines to show. Upload again from the project (without --no-rewrite, sentry-cli inlines the sources it finds), or enable sourcesContent in the bundler:",
        uploadCommand(target, forRelease(diagnosis.release, diagnosis.dist, diagnosis.mapUrl)),
      );
  }
}

/** What the issue page shows beside one frame of a stored event. */
export interface FrameNote {
  /** Resolved now, with source maps uploaded after the event was stored. */
  isResolvedNow: boolean;
  /** Why the frame stays minified (or has no source context), in words, with the command. */
  diagnosis: (DiagnosisWords & { code: FrameDiagnosisCode }) | null;
}

/** The key of a frame's note: `exception:<index in exception.values>:<index in its frames>` (as stored). */
export function frameNoteKey(container: "exception" | "thread" | "event", index: number, frame: number): string {
  return `${container}:${index}:${frame}`;
}
