import { z } from "zod";
import { platforms } from "@/lib/platforms";

export const createProjectInput = z.object({
  name: z.string().trim().min(1, "Give the project a name").max(64, "Keep the name under 64 characters"),
  platform: z.enum(platforms, { message: `Choose one of: ${platforms.join(", ")}` }).default("other"),
  /** Start with the rule "Notify on every new issue" (e-mail to the project's members), as Sentry does. */
  alertOnNewIssues: z.boolean().default(true),
});
export type CreateProjectInput = z.input<typeof createProjectInput>;

const optionalCount = z.preprocess(
  (value) => (value === "" || value === null || value === undefined ? null : value),
  z.coerce.number({ message: "expected a whole number" }).int("expected a whole number").positive("expected a positive number").nullable(),
);

export const updateProjectSettingsInput = z.object({
  fingerprintRules: z.string().max(100_000, "Keep the rules under 100,000 characters"),
  stacktraceRules: z.string().max(100_000, "Keep the rules under 100,000 characters"),
  /** Empty: the instance default (LANTERN_RETENTION_DAYS). */
  retentionDays: optionalCount,
  /** Empty: the instance default (LANTERN_MAX_EVENTS_PER_ISSUE). */
  maxEventsPerIssue: optionalCount,
  /** Empty: the default, 500 ms. Absent (callers that predate it): left as it is. */
  slowDbQueryMs: optionalCount.optional(),
});
export type UpdateProjectSettingsInput = z.input<typeof updateProjectSettingsInput>;

/** A project's name and platform; its slug (in URLs, the API and sentry-cli's configuration) never changes. */
export const renameProjectInput = createProjectInput.pick({ name: true }).extend({ platform: z.enum(platforms, { message: `Choose one of: ${platforms.join(", ")}` }) });
/** As forms and callers send it: the verb checks the platform. */
export interface RenameProjectInput {
  name: string;
  platform: string;
}

export const projectKeyLabel = z.string().trim().min(1, "Give the key a label").max(64, "Keep the label under 64 characters");

export const createProjectKeyInput = z.object({
  projectId: z.number().int().positive(),
  label: projectKeyLabel,
});
export type CreateProjectKeyInput = z.input<typeof createProjectKeyInput>;

/** A key of a project: verbs check that the key belongs to it, so a form cannot change another project's key. */
export const projectKeyRef = z.object({
  projectId: z.number().int().positive(),
  keyId: z.number().int().positive(),
});
export type ProjectKeyRef = z.input<typeof projectKeyRef>;

/** Upper bounds keep the values inside PostgreSQL's integer column and the limiter's windows a day at most. */
export const maxRateLimitCount = 1_000_000;
export const maxRateLimitWindowSeconds = 86_400;

const limitPart = (max: number, tooLarge: string) =>
  z.preprocess(
    (value) => (value === "" || value === null || value === undefined ? null : value),
    z.coerce.number({ message: "expected a whole number" }).int("expected a whole number").positive("expected a positive number").max(max, tooLarge).nullable(),
  );

/** Both empty: no per-key limit. Otherwise at most `count` envelopes per data category every `windowSeconds`. */
export const setProjectKeyRateLimitInput = projectKeyRef
  .extend({
    count: limitPart(maxRateLimitCount, `at most ${maxRateLimitCount.toLocaleString("en")}`),
    windowSeconds: limitPart(maxRateLimitWindowSeconds, `at most ${maxRateLimitWindowSeconds.toLocaleString("en")} seconds (a day)`),
  })
  .refine((input) => (input.count === null) === (input.windowSeconds === null), {
    message: "Give both a count and a window, or leave both empty for no limit",
    path: ["count"],
  });
export type SetProjectKeyRateLimitInput = z.input<typeof setProjectKeyRateLimitInput>;

const checkbox = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());

export const updateScrubbingSettingsInput = z.object({
  isEnabled: checkbox,
  /** Extra sensitive key words, one per line or comma-separated. */
  extraKeys: z.string().max(10_000, "Keep the list under 10,000 characters"),
  /** Keys never scrubbed, one per line or comma-separated. */
  safeFields: z.string().max(10_000, "Keep the list under 10,000 characters"),
  scrubIpAddresses: checkbox,
  scrubEmails: checkbox,
});
export type UpdateScrubbingSettingsInput = z.input<typeof updateScrubbingSettingsInput>;
