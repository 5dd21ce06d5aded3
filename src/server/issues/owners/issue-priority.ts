/** Issue priority (migration 0017), as Sentry names it. */
export const issuePriorities = ["high", "medium", "low"] as const;
export type IssuePriority = (typeof issuePriorities)[number];

/** The priority a new issue gets from its level, Sentry's mapping: fatal and error high, warning medium, the rest low. */
export function priorityOfLevel(level: string): IssuePriority {
  if (level === "fatal" || level === "error") return "high";
  return level === "warning" ? "medium" : "low";
}

export function isIssuePriority(value: string): value is IssuePriority {
  return (issuePriorities as readonly string[]).includes(value);
}
