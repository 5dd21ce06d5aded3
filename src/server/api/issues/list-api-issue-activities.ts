import type { AccessContext } from "../../access/authorize";
import { requireOrganization } from "../organization";
import { findApiIssue } from "./find-api-issue";

/** Sentry's activity item (serializers/models/activity.py): a note's text is in `data.text`. */
export interface ApiIssueActivity {
  id: string;
  user: ApiActivityUser | null;
  sentry_app: null;
  type: string;
  data: Record<string, unknown>;
  dateCreated: string;
}

export interface ApiActivityUser {
  id: string;
  name: string;
  username: string;
  email: string;
  avatarUrl: string | null;
}

export const maxActivities = 100;

interface ActivityRow {
  id: number;
  kind: string;
  actor: string;
  data: string | null;
  created_at: number;
}

function parseData(json: string | null): Record<string, unknown> {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Lantern's activity rows in Sentry's shape: actors "user:<e-mail>" become the user object (null for digest
 * and system entries, as Sentry has for its own), and a note carries its comment's text. Lantern records
 * its activity under Sentry's type names already (`set_resolved_in_release`, `set_ignored`, `note`, …).
 */
export async function serializeActivities(context: AccessContext, rows: ActivityRow[]): Promise<ApiIssueActivity[]> {
  const emails = [...new Set(rows.flatMap((row) => (row.actor.startsWith("user:") ? [row.actor.slice(5)] : [])))];
  const users = emails.length === 0 ? [] : await context.db.selectFrom("users").select(["id", "name", "email", "image"]).where("email", "in", emails).execute();
  const userOf = new Map(users.map((user) => [user.email, { id: user.id, name: user.name, username: user.email, email: user.email, avatarUrl: user.image }]));
  const data = rows.map((row) => parseData(row.data));
  const commentIds = data.flatMap((item) => (typeof item.commentId === "number" ? [item.commentId] : []));
  const comments = commentIds.length === 0 ? [] : await context.db.selectFrom("issue_comments").select(["id", "body"]).where("id", "in", commentIds).execute();
  const bodyOf = new Map(comments.map((comment) => [Number(comment.id), comment.body]));
  return rows.map((row, index) => {
    const details = data[index]!;
    const user = row.actor.startsWith("user:") ? (userOf.get(row.actor.slice(5)) ?? null) : null;
    const itemData = row.kind === "note" ? { text: bodyOf.get(Number(details.commentId)) ?? "" } : details;
    return { id: String(row.id), user, sentry_app: null, type: row.kind, data: itemData, dateCreated: new Date(Number(row.created_at)).toISOString() };
  });
}

/** `GET /organizations/{org}/issues/{id}/activities/`: the newest 100 entries of the issue's activity. */
export async function listApiIssueActivities(context: AccessContext, input: { organizationSlug?: string; issueRef: string }): Promise<{ activity: ApiIssueActivity[] }> {
  if (input.organizationSlug !== undefined) requireOrganization(context.config, input.organizationSlug);
  const issue = await findApiIssue(context, input.issueRef, "issue.read");
  const rows = await context.db.selectFrom("issue_activity").select(["id", "kind", "actor", "data", "created_at"]).where("issue_id", "=", issue.id).orderBy("id", "desc").limit(maxActivities).execute();
  return { activity: await serializeActivities(context, rows.map((row) => ({ ...row, id: Number(row.id), created_at: Number(row.created_at) }))) };
}
