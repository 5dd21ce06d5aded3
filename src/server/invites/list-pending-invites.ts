import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { PendingInvite } from "@/lib/views/invites";
export type { PendingInvite } from "@/lib/views/invites";

/** Invites that can still be used (not accepted, revoked or expired), newest first. */
export async function listPendingInvites(db: Kysely<Database>, now = Date.now()): Promise<PendingInvite[]> {
  const rows = await db
    .selectFrom("invites")
    .leftJoin("teams", "teams.id", "invites.team_id")
    .select(["invites.id", "invites.email", "invites.role", "invites.created_by", "invites.created_at", "invites.expires_at", "teams.name as team_name"])
    .where("invites.accepted_at", "is", null)
    .where("invites.revoked_at", "is", null)
    .where("invites.expires_at", ">", now)
    .orderBy("invites.id", "desc")
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    email: row.email,
    role: row.role,
    teamName: row.team_name,
    // An actor: "user:<e-mail>".
    createdBy: row.created_by.replace(/^user:/, ""),
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
  }));
}
