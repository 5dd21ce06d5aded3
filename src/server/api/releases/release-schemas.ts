import { z } from "zod";

/**
 * Sentry's release and deploy shapes (https://docs.sentry.io/api/releases/), as sentry-cli and the bundler
 * plugins send and read them. A release is a version across projects: Lantern keeps one `releases` row per
 * project and version (events create them too), deploys by version. Commits and refs are accepted and not
 * stored (Lantern has no repository integration), so their counts are zero.
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

export const ApiRelease = z.object({
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
  commitCount: z.literal(0),
  lastCommit: z.null(),
  authors: z.array(z.never()),
  deployCount: z.number().int(),
  lastDeploy: ApiDeploy.nullable(),
  firstEvent: isoTime.nullable(),
  lastEvent: isoTime.nullable(),
  projects: z.array(ApiReleaseProject),
});
export type ApiRelease = z.infer<typeof ApiRelease>;

const dateInput = z.string().max(64).nullable().optional().meta({ description: "ISO 8601" });
/** What the CLI may send about a repository: read, not stored. */
const ignoredList = z.array(z.unknown()).max(10_000).optional().meta({ description: "Accepted and ignored (no repository integration)" });

export const ApiReleaseCreate = z.object({
  version: z.string(),
  projects: z.array(z.string().max(200)).min(1, "name at least one project").max(100),
  ref: z.string().max(1_000).nullable().optional(),
  url: z.string().max(1_000).nullable().optional().meta({ description: "Accepted and not stored" }),
  dateReleased: dateInput,
  refs: ignoredList,
  commits: ignoredList,
});

export const ApiReleaseUpdate = z.object({
  ref: z.string().max(1_000).nullable().optional(),
  url: z.string().max(1_000).nullable().optional().meta({ description: "Accepted and not stored" }),
  dateReleased: dateInput.meta({ description: "Finalizes the release (null: unfinalize)" }),
  refs: ignoredList,
  commits: ignoredList,
});

export const ApiDeployCreate = z.object({
  environment: z.string().min(1).max(64),
  name: z.string().max(200).nullable().optional(),
  url: z.string().max(1_000).nullable().optional(),
  dateStarted: dateInput,
  dateFinished: dateInput,
  projects: z.array(z.string().max(200)).max(100).optional().meta({ description: "Accepted; deploys belong to the release" }),
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
