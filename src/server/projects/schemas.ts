import { z } from "zod";

export const platforms = ["javascript-nextjs", "javascript-react", "javascript", "node", "python", "go", "other"] as const;

export const createProjectInput = z.object({
  name: z.string().trim().min(1, "Give the project a name").max(64, "Keep the name under 64 characters"),
  platform: z.enum(platforms, { message: `Choose one of: ${platforms.join(", ")}` }).default("other"),
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
});
export type UpdateProjectSettingsInput = z.input<typeof updateProjectSettingsInput>;
