import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

export type AuditAction =
  | "auth.sign_in"
  | "auth.sign_in_failed"
  | "auth.sign_out_everywhere"
  | "auth.password_changed"
  | "auth.password_reset_requested"
  | "auth.password_reset"
  | "user.created"
  | "user.role_changed"
  | "user.removed"
  | "invite.created"
  | "invite.accepted"
  | "invite.revoked"
  | "team.created"
  | "team.deleted"
  | "team.member_added"
  | "team.member_removed"
  | "team.project_added"
  | "team.project_removed"
  | "token.created"
  | "token.revoked"
  | "oauth.client_authorized"
  | "oauth.client_revoked"
  | "key.created"
  | "key.rotated"
  | "key.disabled"
  | "key.enabled"
  | "key.renamed"
  | "key.rate_limit_changed"
  | "project.settings_changed"
  | "project.renamed"
  | "project.created"
  | "project.deleted"
  | "project.scrubbing_changed"
  | "sourcemap.bundle_deleted"
  | "alert.rule_created"
  | "alert.rule_updated"
  | "alert.rule_muted"
  | "alert.rule_deleted"
  | "alert.test_sent"
  | "channel.created"
  | "channel.updated"
  | "channel.deleted"
  | "monitor.created"
  | "monitor.updated"
  | "monitor.deleted"
  | "uptime.monitor_created"
  | "uptime.monitor_updated"
  | "uptime.monitor_deleted"
  | "uptime.status_page_changed"
  | "mcp.tool_called";

/** Where a change came from: the signed-in person (or "cli", "anonymous") and their client. */
export interface AuditSource {
  actor: string;
  actorEmail?: string | null;
  ipAddress?: string | null;
  userAgent?: string | null;
}

export interface AuditEvent {
  action: AuditAction;
  target?: string | null;
  data?: Record<string, unknown>;
}

/** Appends one entry to the audit log: who, what, when, from where. */
export async function recordAuditEvent(db: Kysely<Database>, source: AuditSource, event: AuditEvent): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      created_at: Date.now(),
      action: event.action,
      actor: source.actor,
      actor_email: source.actorEmail ?? null,
      target: event.target ?? null,
      ip_address: source.ipAddress ?? null,
      user_agent: source.userAgent?.slice(0, 512) ?? null,
      data: event.data ? JSON.stringify(event.data) : null,
    })
    .execute();
}
