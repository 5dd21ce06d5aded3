import { z } from "zod";

/**
 * Sentry's release, deploy and commit shapes (https://docs.sentry.io/api/releases/), as sentry-cli, the
 * bundler plugins and Sentry's MCP server send and read them. A release is a version across projects: Lantern
 * keeps one `releases` row per project and version (events create them too), an integer id per version
 * (`release_versions`), deploys per project, and the commits `set-commits` sends per version.
 */
const isoTime = z.string().meta({ description: "ISO 8601, UTC", format: "date-time" });

export const ApiDeploy = z.object({
  id: z.string(),
  environment: z.string(),
  name: z.string().nullable(),
  url: z.string().nullable(),
  dateStarted: isoTime.nullable(),
  dateFinished: isoTime,
});
export type ApiDeploy = z.infer<typeof ApiDeploy>;

export const ApiReleaseProject = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  platform: z.string().nullable(),
  platforms: z.array(z.string()),
  newGroups: z.number().int().meta({ description: "Issues first seen in this release" }),
  hasHealthData: z.boolean(),
});

export const ApiCommitAuthor = z.object({ name: z.string().nullable(), email: z.string().nullable() });

/** Sentry's commit serializer; Lantern knows the repository only by the name CI gave it. */
export const ApiCommit = z.object({
  id: z.string().meta({ description: "The commit's sha" }),
  message: z.string().nullable(),
  dateCreated: isoTime.nullable(),
  repository: z.object({ name: z.string() }).nullable(),
  author: ApiCommitAuthor.nullable(),
});
export type ApiCommit = z.infer<typeof ApiCommit>;

/** Sentry's commit file change: one file a commit of the release changed. */
export const ApiCommitFile = z.object({
  id: z.string(),
  filename: z.string(),
  type: z.string().meta({ description: "A (added), M (modified) or D (deleted), as git and sentry-cli name them" }),
  commitMessage: z.string().nullable(),
  author: ApiCommitAuthor.nullable(),
  repoName: z.string().nullable(),
});
export type ApiCommitFile = z.infer<typeof ApiCommitFile>;

export const ApiRelease = z.object({
  id: z.number().int().meta({ description: "Stable per version across projects" }),
  version: z.string(),
  shortVersion: z.string(),
  versionInfo: z.object({ package: z.string().nullable(), version: z.object({ raw: z.string() }), description: z.string(), buildHash: z.string().nullable() }),
  status: z.literal("open"),
  ref: z.null(),
  url: z.null(),
  dateCreated: isoTime.meta({ description: "When the release was first seen (created through the API or by an event)" }),
  dateReleased: isoTime.nullable().meta({ description: "Set when the release is finalized" }),
  data: z.object({}),
  newGroups: z.number().int(),
  owner: z.null(),
  commitCount: z.number().int(),
  lastCommit: ApiCommit.nullable().meta({ description: "The newest commit set-commits sent" }),
  authors: z.array(ApiCommitAuthor),
  deployCount: z.number().int(),
  lastDeploy: ApiDeploy.nullable(),
  firstEvent: isoTime.nullable(),
  lastEvent: isoTime.nullable(),
  projects: z.array(ApiReleaseProject),
  currentProjectMeta: z.object({}),
  userAgent: z.string().nullable(),
});
export type ApiRelease = z.infer<typeof ApiRelease>;

const dateInput = z.string().max(64).nullable().optional().meta({ description: "ISO 8601" });
const shortText = (max: number) => z.string().max(max).nullable().optional();

/** `set-commits --local` (git log of the CI checkout): each commit with the files it changed. */
const commitInput = z.object({
  id: z.string().min(1).max(200),
  repository: shortText(200),
  message: shortText(65_536),
  author_name: shortText(200),
  author_email: shortText(200),
  timestamp: dateInput,
  patch_set: z
    .array(z.object({ path: z.string().min(1).max(1_000), type: z.string().max(8).optional() }))
    .max(1_000)
    .optional(),
});
/** `set-commits --commit repo@sha` or `--auto`: a repository and its head commit (and the previous one). */
const refInput = z.object({ repository: z.string().max(200), commit: z.string().min(1).max(200), previousCommit: shortText(200) });
export const maxCommitsPerRelease = 1_000;
const commitList = z.array(commitInput).max(maxCommitsPerRelease).optional().meta({ description: "Replaces the release's commits" });
const refList = z.array(refInput).max(100).optional().meta({ description: "Stored as commits with only their id and repository when `commits` is absent (no repository integration)" });
export type ApiCommitInput = z.infer<typeof commitInput>;
export type ApiRefInput = z.infer<typeof refInput>;

export const ApiReleaseCreate = z.object({
  version: z.string(),
  projects: z.array(z.string().max(200)).min(1, "name at least one project").max(100),
  ref: z.string().max(1_000).nullable().optional(),
  url: z.string().max(1_000).nullable().optional().meta({ description: "Accepted and not stored" }),
  dateReleased: dateInput,
  refs: refList,
  commits: commitList,
});

export const ApiReleaseUpdate = z.object({
  ref: z.string().max(1_000).nullable().optional(),
  url: z.string().max(1_000).nullable().optional().meta({ description: "Accepted and not stored" }),
  dateReleased: dateInput.meta({ description: "Finalizes the release (null: unfinalize)" }),
  refs: refList,
  commits: commitList,
});

export const ApiDeployCreate = z.object({
  environment: z.string().min(1).max(64),
  name: z.string().max(200).nullable().optional(),
  url: z.string().max(1_000).nullable().optional(),
  dateStarted: dateInput,
  dateFinished: dateInput,
  projects: z.array(z.string().max(200)).max(100).optional().meta({ description: "The projects deployed (each must have the release); absent: every project of the release" }),
});

export const ApiReleaseFile = z.object({
  id: z.string(),
  name: z.string(),
  dist: z.string().nullable(),
  sha1: z.string(),
  size: z.number().int(),
  headers: z.record(z.string(), z.string()),
  dateCreated: isoTime,
});
export type ApiReleaseFile = z.infer<typeof ApiReleaseFile>;

export const ApiAuthInfo = z.object({
  version: z.literal("0"),
  auth: z.object({ scopes: z.array(z.string()).meta({ description: "Sentry's scope names for what this credential may do" }) }).nullable(),
  user: z.object({ id: z.string(), name: z.string(), username: z.string(), email: z.string() }).nullable(),
});
export type ApiAuthInfo = z.infer<typeof ApiAuthInfo>;

export const ApiAssembleAnswer = z.object({
  state: z.enum(["not_found", "created", "assembling", "ok", "error"]),
  missingChunks: z.array(z.string()),
  detail: z.string().nullable(),
});

export const ApiChunkUploadOptions = z.object({
  url: z.string(),
  chunkSize: z.number().int(),
  chunksPerRequest: z.number().int(),
  maxFileSize: z.number().int(),
  maxRequestSize: z.number().int(),
  concurrency: z.number().int(),
  hashAlgorithm: z.literal("sha1"),
  compression: z.array(z.string()),
  accept: z.array(z.string()),
  maxWait: z.number().int(),
});
