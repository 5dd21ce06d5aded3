import { issueLevels, issueStates } from "./issue-query";

/**
 * The keys of the issue search language that are not plain tags, as autocomplete offers them: what each
 * means, and the values it takes when they are a fixed list (else the project's counted values, or none).
 * The grammar itself is parse-issue-query.ts's.
 */
export interface BuiltInSearchKey {
  key: string;
  description: string;
  /** Fixed values; undefined: suggest the tag's counted values (project_tag_values), [] : nothing to suggest. */
  values?: readonly string[];
}

export const builtInSearchKeys: readonly BuiltInSearchKey[] = [
  { key: "is", description: "Status, or is:unhandled", values: [...issueStates, "unhandled"] },
  { key: "level", description: "Level of the issue", values: issueLevels },
  { key: "release", description: "A release the issue was seen in; latest: the project's newest" },
  { key: "first-release", description: "The release the issue was first seen in; latest: the project's newest" },
  { key: "environment", description: "An environment the issue was seen in" },
  { key: "assigned", description: "me, my_teams, none, #team, or a person", values: ["me", "my_teams", "none"] },
  { key: "bookmarks", description: "Issues you bookmarked", values: ["me"] },
  { key: "issue.priority", description: "high, medium or low", values: ["high", "medium", "low"] },
  { key: "user.id", description: "The user's id" },
  { key: "user.email", description: "The user's e-mail" },
  { key: "user.username", description: "The user's username" },
  { key: "user.ip", description: "The user's IP address" },
  { key: "error.type", description: "Type of the crashing exception" },
  { key: "error.value", description: "Message of the crashing exception", values: [] },
  { key: "error.handled", description: "Whether the app caught the error", values: ["yes", "no"] },
  { key: "has", description: "Issues that have a tag" },
  { key: "first-seen", description: "When first seen: -24h, >2026-01-31", values: ["-1h", "-24h", "-7d", "-30d"] },
  { key: "last-seen", description: "When last seen: -24h, >2026-01-31", values: ["-1h", "-24h", "-7d", "-30d"] },
  { key: "times-seen", description: "Number of events: >10", values: [">10", ">100", ">1000"] },
  { key: "users", description: "Number of users: >=3", values: [">=1", ">=10", ">=100"] },
  { key: "digest", description: "A Next.js error digest", values: [] },
  { key: "trace", description: "A trace id: issues with an event of that trace", values: [] },
  { key: "id", description: "An event id: the issue of that event", values: [] },
  { key: "issue.id", description: "An issue's id or short id", values: [] },
  { key: "issue.category", description: "error, performance, cron or uptime", values: ["error", "performance", "cron", "uptime"] },
];
