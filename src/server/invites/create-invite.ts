import type { AccessContext } from "../access/authorize";
import { authorize, requireOwner } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { sendMail } from "../auth/send-mail";
import { AppError } from "../errors";
import { getTeam } from "../teams/get-team";
import { createInviteSecret, hashInviteSecret, inviteUrl } from "./invite-secret";
import { createInviteInput, type CreateInviteInput } from "./schemas";

export interface CreatedInvite {
  id: number;
  /** The single-use link, shown once: only its hash is stored. */
  url: string;
  expiresAt: number;
  /** Whether it was e-mailed (SMTP configured and an address given), and why not if sending failed. */
  isEmailed: boolean;
  mailError: string | null;
}

/**
 * An invitation link (owners and admins; only owners invite owners) for a role and optionally a team and a
 * fixed e-mail address. It works once, until `LANTERN_INVITE_HOURS` have passed or it is revoked.
 */
export async function createInvite(context: AccessContext, input: CreateInviteInput): Promise<CreatedInvite> {
  authorize(context, "invite.create");
  const parsed = createInviteInput.safeParse(input);
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "Check the invitation.");
  const { email, role, teamId } = parsed.data;
  if (role === "owner") requireOwner(context.viewer);
  const team = teamId === null ? null : await getTeam(context.db, teamId);
  if (email && (await context.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst())) throw new AppError("conflict", `${email} already has an account.`);
  const secret = createInviteSecret();
  const now = Date.now();
  const expiresAt = now + context.config.auth.inviteHours * 3_600_000;
  const row = await context.db
    .insertInto("invites")
    .values({ token_hash: hashInviteSecret(secret), email, role, team_id: team?.id ?? null, created_by: context.viewer.actor, created_at: now, expires_at: expiresAt })
    .returning("id")
    .executeTakeFirstOrThrow();
  const url = inviteUrl(context.config, secret);
  let mailError: string | null = null;
  const shouldEmail = email !== null && context.config.auth.smtp !== null;
  if (shouldEmail) {
    const hours = context.config.auth.inviteHours;
    const text = `${context.viewer.name} invited you to Lantern as ${role === "admin" ? "an admin" : `a ${role}`}${team ? ` in the team ${team.name}` : ""}.\n\nCreate your account within ${hours} hours:\n${url}\n\nThe link works once.`;
    await sendMail(context.config, { to: email, subject: "You are invited to Lantern", text }).catch((error: unknown) => {
      mailError = error instanceof Error ? error.message : String(error);
    });
  }
  const id = Number(row.id);
  const isEmailed = shouldEmail && mailError === null;
  await recordAuditEvent(context.db, context.source, { action: "invite.created", target: email ?? `invite:${id}`, data: { inviteId: id, role, team: team?.slug ?? null, isEmailed } });
  return { id, url, expiresAt, isEmailed, mailError };
}
