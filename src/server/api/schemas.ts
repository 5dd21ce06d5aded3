import { z } from "zod";

/**
 * The shapes /api/0/ answers with, as zod schemas: the serializers' return types are inferred from them,
 * and openapi.ts turns them into the OpenAPI document, so the code and the document cannot drift apart.
 * They follow Sentry's public API (https://docs.sentry.io/api/): camelCase fields, ids as strings, times as
 * ISO 8601. A Lantern addition says so in its description.
 */

const isoTime = z.string().meta({ description: "ISO 8601, UTC", format: "date-time" });
const nullableIsoTime = isoTime.nullable();

export const ApiErrorBody = z.object({
  detail: z.string().meta({ description: "What went wrong, for people" }),
  errorId: z.string().optional().meta({ description: "On a 500: the id of the report Lantern filed about itself" }),
});

export const ApiOrganization = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  dateCreated: nullableIsoTime,
  status: z.object({ id: z.literal("active"), name: z.literal("active") }),
  isEarlyAdopter: z.boolean(),
  require2FA: z.boolean(),
  features: z.array(z.string()),
  links: z.object({ organizationUrl: z.string(), regionUrl: z.string().meta({ description: "Where API calls for this organization go: this Lantern" }) }),
});
export type ApiOrganization = z.infer<typeof ApiOrganization>;

export const ApiTeamRef = z.object({ id: z.string(), slug: z.string(), name: z.string() });
export type ApiTeamRef = z.infer<typeof ApiTeamRef>;

export const ApiProject = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  platform: z.string().nullable(),
  dateCreated: isoTime,
  isBookmarked: z.boolean(),
  isMember: z.boolean(),
  hasAccess: z.boolean(),
  isPublic: z.boolean(),
  isInternal: z.boolean().meta({ description: "Lantern: the project Lantern reports its own errors to" }),
  features: z.array(z.string()),
  status: z.literal("active"),
  firstEvent: nullableIsoTime.meta({ description: "When the project's first issue was first seen; null before any" }),
  team: ApiTeamRef.nullable(),
  teams: z.array(ApiTeamRef),
  organization: ApiOrganization,
});
export type ApiProject = z.infer<typeof ApiProject>;

export const ApiProjectRef = z.object({ id: z.string(), name: z.string(), slug: z.string(), platform: z.string().nullable() });
export type ApiProjectRef = z.infer<typeof ApiProjectRef>;

const statsBuckets = z.array(z.tuple([z.number().meta({ description: "Bucket start, Unix seconds" }), z.number().int()]));
export const ApiIssueStats = z.record(z.string(), statsBuckets).meta({ description: 'Event counts per bucket by period: "24h" (hourly), "14d" or "30d" (daily)' });

export const ApiStatusDetails = z
  .object({
    inRelease: z.string().optional(),
    inNextRelease: z.boolean().optional(),
    ignoreCount: z.number().int().optional(),
    ignoreUserCount: z.number().int().optional(),
    ignoreUntil: isoTime.optional(),
    ignoreDuration: z.number().int().optional().meta({ description: "Minutes the issue was ignored for (with ignoreUntil)" }),
  })
  .meta({ description: "Why the issue is in its status and what ends it; empty while unresolved or resolved for good" });
export type ApiStatusDetails = z.infer<typeof ApiStatusDetails>;

export const ApiAssignee = z.union([
  z.object({ type: z.literal("user"), id: z.string(), name: z.string(), email: z.string().nullable() }),
  z.object({ type: z.literal("team"), id: z.string(), name: z.string().meta({ description: "The team's slug, as Sentry names a team actor" }) }),
]);
export type ApiAssignee = z.infer<typeof ApiAssignee>;

export const ApiIssue = z.object({
  id: z.string(),
  shareId: z.null(),
  shortId: z.string().meta({ description: "PROJECT-SLUG-<id>; also accepted wherever an issue id is" }),
  title: z.string(),
  culprit: z.string(),
  permalink: z.string().meta({ description: "The issue page in Lantern's dashboard" }),
  logger: z.string().nullable(),
  level: z.string(),
  status: z.enum(["unresolved", "resolved", "ignored"]),
  statusDetails: ApiStatusDetails,
  substatus: z.string().nullable(),
  isPublic: z.boolean(),
  platform: z.string(),
  project: ApiProjectRef,
  type: z.string(),
  metadata: z.object({ type: z.string().optional(), value: z.string().optional(), title: z.string().optional() }),
  numComments: z.number().int(),
  assignedTo: ApiAssignee.nullable(),
  isBookmarked: z.boolean(),
  isSubscribed: z.boolean(),
  subscriptionDetails: z.null(),
  hasSeen: z.boolean(),
  annotations: z.array(z.unknown()),
  issueType: z.string(),
  issueCategory: z.string(),
  priority: z.enum(["high", "medium", "low"]),
  count: z.string().meta({ description: "Events seen, as a string (as Sentry sends it)" }),
  userCount: z.number().int(),
  firstSeen: isoTime,
  lastSeen: isoTime,
  stats: ApiIssueStats.optional(),
});
export type ApiIssue = z.infer<typeof ApiIssue>;

export const ApiActivity = z.object({ id: z.string(), type: z.string(), data: z.record(z.string(), z.unknown()), dateCreated: isoTime, user: z.object({ id: z.string(), name: z.string() }).nullable() });

export const ApiIssueDetails = ApiIssue.extend({
  activity: z.array(ApiActivity),
  seenBy: z.array(z.unknown()),
  participants: z.array(z.unknown()),
  pluginActions: z.array(z.unknown()),
  pluginIssues: z.array(z.unknown()),
  pluginContexts: z.array(z.unknown()),
  userReportCount: z.number().int(),
  firstRelease: z.object({ version: z.string() }).nullable(),
  lastRelease: z.object({ version: z.string() }).nullable(),
  stats: ApiIssueStats,
});
export type ApiIssueDetails = z.infer<typeof ApiIssueDetails>;

const ignoreConditions = {
  ignoreDuration: z.number().int().positive().max(1_000_000_000).optional().meta({ description: "Minutes" }),
  ignoreCount: z.number().int().positive().max(1_000_000_000).optional(),
  ignoreUserCount: z.number().int().positive().max(1_000_000_000).optional(),
  ignoreWindow: z.number().int().optional().meta({ description: "Accepted and not applied: Lantern counts from the moment of ignoring" }),
  ignoreUserWindow: z.number().int().optional().meta({ description: "Accepted and not applied" }),
};

export const ApiIssueUpdate = z
  .object({
    status: z.enum(["resolved", "resolvedInNextRelease", "unresolved", "ignored"]).optional(),
    substatus: z
      .string()
      .max(64)
      .nullable()
      .optional()
      .meta({ description: "With status ignored: archived_forever and archived_until_escalating ignore forever (Lantern has no escalation forecast); archived_until_condition_met uses the ignore condition given" }),
    statusDetails: z
      .object({
        inRelease: z.string().min(1).max(200).optional(),
        inNextRelease: z.boolean().optional(),
        ...ignoreConditions,
      })
      .optional(),
    ...Object.fromEntries(Object.entries(ignoreConditions).map(([name, schema]) => [name, schema.meta({ description: `As statusDetails.${name} (Sentry's MCP server sends it here)` })])) as typeof ignoreConditions,
    assignedTo: z
      .string()
      .max(320)
      .nullable()
      .optional()
      .meta({ description: '"user:<id>", "team:<id>", "#team-slug", an e-mail address or a name of someone who can see the project; "" or null unassigns' }),
    priority: z.enum(["high", "medium", "low"]).optional(),
    merge: z.boolean().optional().meta({ description: "Merge the issues given by id (bulk update only)" }),
    hasSeen: z.boolean().optional().meta({ description: "Accepted and not stored" }),
    isBookmarked: z.boolean().optional().meta({ description: "Bookmarks the issues for the caller, or removes the caller's bookmarks" }),
    isSubscribed: z.boolean().optional().meta({ description: "Accepted and not stored" }),
  })
  .meta({ description: "Fields to change; other fields of Sentry's API are ignored" });
export type ApiIssueUpdate = z.infer<typeof ApiIssueUpdate>;

export const ApiIssueUpdateResult = z.object({
  status: z.enum(["resolved", "unresolved", "ignored"]).optional(),
  statusDetails: ApiStatusDetails.optional(),
  assignedTo: ApiAssignee.nullable().optional(),
  priority: z.enum(["high", "medium", "low"]).optional(),
  isBookmarked: z.boolean().optional(),
  merge: z.object({ parent: z.string(), children: z.array(z.string()) }).optional(),
});
export type ApiIssueUpdateResult = z.infer<typeof ApiIssueUpdateResult>;

export const ApiTag = z.object({ key: z.string(), value: z.string() });
export const ApiEventUser = z
  .object({ id: z.string().nullable(), email: z.string().nullable(), username: z.string().nullable(), ip_address: z.string().nullable(), name: z.string().nullable(), data: z.record(z.string(), z.unknown()).nullable() })
  .nullable();
export type ApiEventUser = z.infer<typeof ApiEventUser>;

export const ApiEventEntry = z.object({
  type: z.enum(["exception", "message", "threads", "breadcrumbs", "request"]),
  data: z.record(z.string(), z.unknown()),
});
export type ApiEventEntry = z.infer<typeof ApiEventEntry>;

export const ApiEvent = z.object({
  id: z.string().meta({ description: "The event id (32 hex characters), as Sentry's API uses it" }),
  eventID: z.string(),
  groupID: z.string().nullable(),
  projectID: z.string(),
  title: z.string(),
  message: z.string(),
  type: z.string(),
  platform: z.string(),
  dateCreated: isoTime.meta({ description: "The event's own timestamp" }),
  dateReceived: isoTime,
  culprit: z.string().nullable(),
  location: z.string().nullable(),
  metadata: z.object({ type: z.string().optional(), value: z.string().optional(), title: z.string().optional() }),
  entries: z.array(ApiEventEntry),
  tags: z.array(ApiTag),
  contexts: z.record(z.string(), z.unknown()),
  context: z.record(z.string(), z.unknown()).meta({ description: "The event's `extra`" }),
  user: ApiEventUser,
  sdk: z.object({ name: z.string().nullable(), version: z.string().nullable() }).nullable(),
  release: z.object({ version: z.string(), shortVersion: z.string() }).nullable(),
  dist: z.string().nullable(),
  environment: z.string().nullable(),
  fingerprints: z.array(z.string()).meta({ description: "The hash the event joined its issue by" }),
  errors: z.array(z.unknown()).meta({ description: "What normalization repaired or dropped" }),
  packages: z.record(z.string(), z.unknown()),
  size: z.number().int().meta({ description: "Bytes of the stored (compressed) event" }),
  crashFile: z.null(),
  userReport: z.null(),
  sdkUpdates: z.array(z.unknown()),
  occurrence: z.null(),
  _meta: z.record(z.string(), z.unknown()),
  previousEventID: z.string().nullable().meta({ description: "The issue's next older event" }),
  nextEventID: z.string().nullable().meta({ description: "The issue's next newer event" }),
});
export type ApiEvent = z.infer<typeof ApiEvent>;

export const ApiEventSummary = z.object({
  id: z.string(),
  eventID: z.string(),
  groupID: z.string().nullable(),
  projectID: z.string(),
  title: z.string(),
  message: z.string(),
  platform: z.string().nullable(),
  dateCreated: isoTime,
  "event.type": z.string(),
  tags: z.array(ApiTag),
  user: ApiEventUser,
});
export type ApiEventSummary = z.infer<typeof ApiEventSummary>;

export const ApiHash = z.object({
  id: z.string(),
  latestEvent: ApiEvent.nullable().meta({ description: "The newest stored event that joined by this hash among the issue's 200 newest; null otherwise" }),
  mergedBySeer: z.boolean(),
});
export type ApiHash = z.infer<typeof ApiHash>;

export const ApiProjectKey = z.object({
  id: z.string().meta({ description: "The public key, as Sentry uses it" }),
  name: z.string(),
  label: z.string(),
  public: z.string(),
  secret: z.null().meta({ description: "Lantern's keys have no secret part" }),
  projectId: z.number().int(),
  isActive: z.boolean(),
  rateLimit: z.object({ window: z.number().int(), count: z.number().int() }).nullable(),
  dsn: z.object({
    public: z.string(),
    secret: z.string().meta({ description: "The same as `public`: SDKs no longer send a secret" }),
    csp: z.null(),
    security: z.null(),
    minidump: z.null(),
    nel: z.null(),
    unreal: z.null(),
    cdn: z.null(),
    crons: z.null(),
  }),
  browserSdkVersion: z.string(),
  dateCreated: isoTime,
});
export type ApiProjectKey = z.infer<typeof ApiProjectKey>;

export const ApiProjectKeyCreate = z.object({
  name: z.string().trim().min(1).max(64).optional().meta({ description: 'Default "Default"' }),
  rateLimit: z
    .object({ window: z.number().int().positive().max(86_400), count: z.number().int().positive().max(1_000_000) })
    .nullable()
    .optional(),
});
export type ApiProjectKeyCreate = z.infer<typeof ApiProjectKeyCreate>;

export const ApiProjectKeyUpdate = z.object({
  name: z.string().trim().min(1).max(64).optional().meta({ description: "A new name for the key (owners and admins); the DSN stays the same" }),
  isActive: z.boolean().optional(),
  rateLimit: ApiProjectKeyCreate.shape.rateLimit.meta({ description: "At most `count` envelopes per data category every `window` seconds, shared by all instances; null removes it" }),
});
export type ApiProjectKeyUpdate = z.infer<typeof ApiProjectKeyUpdate>;
