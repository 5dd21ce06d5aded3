import { z } from "zod";

/**
 * The states of an issue, as in Sentry: a status, a substatus that says why it is in it, and for
 * resolved and ignored issues the condition that ends the state (stored as JSON on the issue row).
 */
export type IssueStatus = "unresolved" | "resolved" | "ignored" | "merged";
export type UnresolvedSubstatus = "new" | "ongoing" | "regressed" | "escalating";
export type IgnoredSubstatus = "archived_forever" | "archived_until_condition_met";

export const IssueResolution = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("now") }),
  z.object({ kind: z.literal("in_release"), release: z.string().min(1).max(200) }),
  /** `afterRelease`: the newest release when the issue was resolved; only events from a later one reopen it. */
  z.object({ kind: z.literal("next_release"), afterRelease: z.string().nullable() }),
]);
export type IssueResolution = z.infer<typeof IssueResolution>;

export const IgnoreCondition = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("forever") }),
  /** Wakes when the issue has been seen `count` more times than `baseline` (times seen when ignored). */
  z.object({ kind: z.literal("count"), count: z.number().int().positive(), baseline: z.number().int().nonnegative() }),
  /** Wakes when `count` more distinct users than `baseline` are affected. */
  z.object({ kind: z.literal("users"), count: z.number().int().positive(), baseline: z.number().int().nonnegative() }),
  /** Wakes at the first event after `until` (epoch ms), or when the sweep finds it expired. */
  z.object({ kind: z.literal("duration"), until: z.number(), minutes: z.number().int().positive().optional().meta({ description: "The duration asked for (absent on issues ignored before it was kept)" }) }),
]);
export type IgnoreCondition = z.infer<typeof IgnoreCondition>;

export function readResolution(json: string | null): IssueResolution | null {
  return json ? IssueResolution.parse(JSON.parse(json)) : null;
}

export function readIgnoreCondition(json: string | null): IgnoreCondition | null {
  return json ? IgnoreCondition.parse(JSON.parse(json)) : null;
}

/** New and regressed issues count as ongoing after this long (Sentry's 7 days). */
export const settleAfterMs = 7 * 24 * 3_600_000;
