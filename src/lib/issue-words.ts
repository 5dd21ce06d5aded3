import { formatTimestamp } from "./format-time";
import { ownValue } from "./own-value";

/**
 * Issue states and activity in words, as the issue list and page show them. The states mirror
 * src/server/issues/issue-status.ts; stored JSON is read defensively because an unknown shape must
 * still render (as the raw kind) rather than break the page.
 */

const statusLabels: Record<string, string> = { unresolved: "Unresolved", resolved: "Resolved", ignored: "Ignored", merged: "Merged" };
const substatusLabels: Record<string, string> = {
  new: "New",
  ongoing: "Ongoing",
  regressed: "Regressed",
  escalating: "Escalating",
  archived_forever: "Archived forever",
  archived_until_condition_met: "Archived until condition met",
};

export function statusLabel(status: string): string {
  return ownValue(statusLabels, status) ?? words(status);
}

export function substatusLabel(substatus: string): string {
  return ownValue(substatusLabels, substatus) ?? words(substatus);
}

function words(kind: string): string {
  const spaced = kind.replaceAll("_", " ");
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

function parse(json: string | null): Record<string, unknown> | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function plural(count: unknown, one: string, many: string): string {
  return `${String(count)} ${count === 1 ? one : many}`;
}

/** "in release 1.2.0", "in the next release" — null for a plain resolve. */
export function describeResolution(resolution: Record<string, unknown> | string | null): string | null {
  const value = typeof resolution === "string" ? parse(resolution) : resolution;
  if (value?.kind === "in_release" && typeof value.release === "string") return `in release ${value.release}`;
  if (value?.kind === "next_release") return typeof value.afterRelease === "string" ? `in the next release after ${value.afterRelease}` : "in the next release";
  return null;
}

/** "forever", "until it occurs 10 more times", "until 2025-01-01 10:00:00 UTC". */
export function describeIgnoreCondition(condition: Record<string, unknown> | string | null): string | null {
  const value = typeof condition === "string" ? parse(condition) : condition;
  switch (value?.kind) {
    case "forever":
      return "forever";
    case "count":
      return `until it occurs ${plural(value.count, "more time", "more times")}`;
    case "users":
      return `until it affects ${plural(value.count, "more user", "more users")}`;
    case "duration":
      return typeof value.until === "number" ? `until ${formatTimestamp(value.until)}` : "for a while";
    default:
      return null;
  }
}

export interface ActivityItem {
  kind: string;
  actor: string;
  data: Record<string, unknown> | null;
}

/** A person as actions record them ("user:<e-mail>", or a typed name) in words: the e-mail or the name. */
export function personName(actor: string): string {
  return actor.startsWith("user:") ? actor.slice("user:".length) : actor;
}

/** One activity entry as a sentence: "Resolved by ada@example.com", "Regressed in release 1.2", "First seen". */
export function describeActivity({ kind, actor, data }: ActivityItem): string {
  // Transitions digest or the system made on their own are not "by" anyone.
  const by = actor.startsWith("user:") ? ` by ${personName(actor)}` : "";
  const release = typeof data?.release === "string" ? ` in release ${data.release}` : "";
  const reason = typeof data?.reason === "string" ? `: ${data.reason}` : "";
  const issue = typeof data?.issue === "number" ? `issue #${data.issue}` : "another issue";
  const hashes = Array.isArray(data?.hashes) ? plural(data.hashes.length, "hash", "hashes") : "hashes";
  switch (kind) {
    case "first_seen":
      return `First seen${release}`;
    case "set_resolved":
      return `Resolved${by}`;
    case "set_resolved_in_release":
    case "set_resolved_in_next_release":
      return `Resolved ${describeResolution(data) ?? "in a release"}${by}`;
    case "set_ignored":
      return `Ignored ${describeIgnoreCondition(data) ?? ""}`.trimEnd() + by;
    case "set_unresolved":
      return `Reopened${by}${reason}`;
    case "set_regression":
      return `Regressed${release}`;
    case "set_escalating":
      return `Escalating${reason}`;
    case "set_ongoing":
      return "Marked as ongoing";
    case "merge":
      return `Merged ${Array.isArray(data?.issues) ? plural(data.issues.length, "issue", "issues") : "issues"} into this one${by}`;
    case "merged_into":
      return `Merged into ${issue}${by}`;
    case "unmerge_source":
      return `Unmerged ${hashes} into ${issue}${by}`;
    case "unmerge_destination":
      return `Received ${hashes} unmerged from ${issue}${by}`;
    case "note":
      return `Commented${by}`;
    case "assigned":
      return typeof data?.assignee === "string" ? `Assigned to ${personName(data.assignee)}${by}` : `Assigned${by}`;
    case "unassigned":
      // 0017's carry-over: a free-text assignee that named no account keeps its name here.
      return actor === "system" && typeof data?.previous === "string" ? `Unassigned from “${data.previous}”${reason}` : `Unassigned${by}`;
    case "set_priority":
      return typeof data?.priority === "string" ? `Priority set to ${data.priority}${by}` : `Priority changed${by}`;
    default:
      return `${words(kind)}${by}`;
  }
}
