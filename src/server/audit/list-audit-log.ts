import { authorize, type AccessContext } from "../access/authorize";
import type { AuditLogPage } from "@/lib/views/audit";
export type { AuditLogPage } from "@/lib/views/audit";

/** The newest audit entries first, `limit` at a time, optionally filtered by action. */
export async function listAuditLog(context: AccessContext, options: { before?: number; limit?: number; action?: string } = {}): Promise<AuditLogPage> {
  authorize(context, "audit.read");
  const { db } = context;
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 200);
  let query = db.selectFrom("audit_log").selectAll().orderBy("id", "desc").limit(limit + 1);
  if (options.before) query = query.where("id", "<", options.before);
  if (options.action) query = query.where("action", "=", options.action);
  const rows = await query.execute();
  const page = rows.slice(0, limit);
  return {
    entries: page.map((row) => ({
      id: Number(row.id),
      createdAt: Number(row.created_at),
      action: row.action,
      actor: row.actor,
      actorEmail: row.actor_email,
      target: row.target,
      ipAddress: row.ip_address,
      userAgent: row.user_agent,
      data: row.data,
    })),
    nextBefore: rows.length > limit ? Number(page.at(-1)!.id) : null,
  };
}
