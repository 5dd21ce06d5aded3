import type { Kysely } from "kysely";
import { z } from "zod";
import type { LanternConfig } from "../config";
import type { Database } from "../db/schema";
import { AppError } from "../errors";
import type { AuditSource } from "../audit/record-audit-event";
import { recordAuditEvent } from "../audit/record-audit-event";
import type { Auth } from "./create-auth";

const windowMs = 15 * 60_000;
/** Reset e-mails per address, and requests per client, in 15 minutes: enough for a typo, too few to flood an inbox. */
const maxPerEmail = 3;
const maxPerClient = 20;

const emailSchema = z.email("Enter an e-mail address.").trim().toLowerCase().max(200);

async function recentRequests(db: Kysely<Database>, column: "target" | "ip_address", value: string): Promise<number> {
  const row = await db
    .selectFrom("audit_log")
    .select((eb) => eb.fn.countAll<number>().as("requests"))
    .where("action", "=", "auth.password_reset_requested")
    .where(column, "=", value)
    .where("created_at", ">", Date.now() - windowMs)
    .executeTakeFirst();
  return Number(row?.requests ?? 0);
}

/**
 * "Forgot password": e-mails a one-hour reset link when the address has an account. The answer is the
 * same whether or not it does, and whether or not the mail could be sent (a failure is logged for the
 * operator), so the form reveals nothing about who has an account. Needs SMTP; without it, refused.
 */
export async function requestPasswordReset(db: Kysely<Database>, auth: Auth, config: LanternConfig, input: { email: string; source: AuditSource }): Promise<void> {
  if (!config.auth.smtp) throw new AppError("conflict", "This Lantern cannot send e-mail. Ask an owner or admin for a reset link.");
  const email = emailSchema.safeParse(input.email);
  if (!email.success) throw new AppError("bad_request", email.error.issues[0]?.message ?? "Enter an e-mail address.");
  const isThrottled =
    (await recentRequests(db, "target", email.data)) >= maxPerEmail || (input.source.ipAddress ? (await recentRequests(db, "ip_address", input.source.ipAddress)) >= maxPerClient : false);
  await recordAuditEvent(db, input.source, { action: "auth.password_reset_requested", target: email.data, data: { via: "e-mail", ...(isThrottled ? { isThrottled } : {}) } });
  if (isThrottled) return;
  try {
    await auth.api.requestPasswordReset({ body: { email: email.data, redirectTo: "/reset-password" } });
  } catch (error) {
    console.error(`Lantern could not send a password reset e-mail: ${error instanceof Error ? error.message : String(error)}`);
  }
}
