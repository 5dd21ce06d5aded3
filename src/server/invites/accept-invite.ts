import type { Kysely } from "kysely";
import type { AuditSource } from "../audit/record-audit-event";
import { recordAuditEvent } from "../audit/record-audit-event";
import type { Auth } from "../auth/create-auth";
import type { Database } from "../db/schema";
import { AppError } from "../errors";
import { createUser, newUserInput } from "../users/create-user";
import { findInvite, type InviteStatus } from "./find-invite";

interface AcceptInviteInput {
  secret: string;
  name: string;
  /** Ignored when the invite names an address: that one is used. */
  email: string;
  password: string;
  /** The request's headers: better-auth sets the new session's cookie through them. */
  headers: Headers;
  source: Omit<AuditSource, "actor" | "actorEmail">;
}

const refusals: Record<Exclude<InviteStatus, "pending">, string> = {
  accepted: "This invitation has already been used. Sign in, or ask for a new one.",
  revoked: "This invitation was withdrawn. Ask for a new one.",
  expired: "This invitation has expired. Ask for a new one.",
};

export function inviteRefusal(status: InviteStatus | null): string | null {
  if (status === null) return "This invitation link is not valid. Check that you copied all of it.";
  return status === "pending" ? null : refusals[status];
}

/**
 * Creates the invitee's account with the invite's role and team and signs them in. The invite is claimed
 * first with one conditional UPDATE (pending → accepted), so of two simultaneous acceptances exactly one
 * proceeds; if the account then cannot be created, the claim is released and the link works again.
 */
export async function acceptInvite(db: Kysely<Database>, auth: Auth, input: AcceptInviteInput): Promise<{ userId: string }> {
  const invite = await findInvite(db, input.secret);
  const refusal = inviteRefusal(invite?.status ?? null);
  if (refusal || !invite) throw new AppError("conflict", refusal ?? "This invitation link is not valid.");
  const parsed = newUserInput.safeParse({ name: input.name, email: invite.email ?? input.email, password: input.password });
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "Check your details.");
  const account = parsed.data;
  if (await db.selectFrom("users").select("id").where("email", "=", account.email).executeTakeFirst()) throw new AppError("conflict", `${account.email} already has an account. Sign in instead.`);

  const now = Date.now();
  const claim = await db
    .updateTable("invites")
    .set({ accepted_at: now })
    .where("id", "=", invite.id)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  if (Number(claim.numUpdatedRows) !== 1) throw new AppError("conflict", refusals.accepted);

  let userId: string;
  try {
    ({ userId } = await createUser(db, { ...account, role: invite.role }, auth));
  } catch (error) {
    await db.updateTable("invites").set({ accepted_at: null }).where("id", "=", invite.id).where("accepted_by", "is", null).execute();
    throw error;
  }
  await db.updateTable("invites").set({ accepted_by: userId }).where("id", "=", invite.id).execute();
  if (invite.teamId !== null) {
    // The team may have been deleted since: then the account simply joins no team.
    const team = await db.selectFrom("teams").select("id").where("id", "=", invite.teamId).executeTakeFirst();
    if (team) await db.insertInto("team_members").values({ team_id: invite.teamId, user_id: userId }).onConflict((conflict) => conflict.doNothing()).execute();
  }
  const source = { ...input.source, actor: `user:${account.email}`, actorEmail: account.email };
  await recordAuditEvent(db, source, { action: "invite.accepted", target: account.email, data: { inviteId: invite.id, userId, role: invite.role, team: invite.teamName } });
  await auth.api.signInEmail({ body: { email: account.email, password: account.password }, headers: input.headers });
  await recordAuditEvent(db, source, { action: "auth.sign_in", target: account.email });
  return { userId };
}
