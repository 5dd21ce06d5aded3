import type { Kysely } from "kysely";
import type { Database, Role } from "../db/schema";
import { hashInviteSecret } from "./invite-secret";
import { inviteSecret } from "./schemas";

export type InviteStatus = "pending" | "accepted" | "revoked" | "expired";

export interface FoundInvite {
  id: number;
  status: InviteStatus;
  email: string | null;
  role: Role;
  teamId: number | null;
  teamName: string | null;
}

/** The invite behind a link's secret and whether it can still be used; null when no invite has it. */
export async function findInvite(db: Kysely<Database>, secret: string, now = Date.now()): Promise<FoundInvite | null> {
  if (!inviteSecret.safeParse(secret).success) return null;
  const row = await db
    .selectFrom("invites")
    .leftJoin("teams", "teams.id", "invites.team_id")
    .select(["invites.id", "invites.email", "invites.role", "invites.team_id", "invites.expires_at", "invites.accepted_at", "invites.revoked_at", "teams.name as team_name"])
    .where("invites.token_hash", "=", hashInviteSecret(secret))
    .executeTakeFirst();
  if (!row) return null;
  const status: InviteStatus = row.accepted_at !== null ? "accepted" : row.revoked_at !== null ? "revoked" : Number(row.expires_at) <= now ? "expired" : "pending";
  return { id: Number(row.id), status, email: row.email, role: row.role, teamId: row.team_id === null ? null : Number(row.team_id), teamName: row.team_name };
}
