import { randomUUID } from "node:crypto";
import { LRUCache } from "lru-cache";
import { authorize, type AccessContext } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { AppError } from "../errors";
import { describeEmailSetup, smtpVariable } from "./describe-email-setup";
import { sampleAlertMessage } from "./sample-alert-message";
import { sendAlertEmail } from "./send-alert-email";

/** Test e-mails one person may send in `testEmailWindowMs`: enough to fix a setting and try again, not a mail cannon. */
export const testEmailsPerWindow = 5;
export const testEmailWindowMs = 10 * 60_000;

const holder = globalThis as typeof globalThis & { lanternTestEmailSends?: LRUCache<string, number[]> };
// Per process, on globalThis (the plain server and Next's bundles are separate module instances); bounded by people.
const sendsByUser = (holder.lanternTestEmailSends ??= new LRUCache<string, number[]>({ max: 10_000 }));

export type TestEmailOutcome = { ok: true; to: string; server: string; response: string } | { ok: false; to: string; error: string };

/**
 * Settings → Notifications → "Send test e-mail": an alert e-mail about a made-up issue, sent now (not through
 * the outbox) to the signed-in person, through the same code as real alert e-mail, and what the SMTP server
 * answered. Owners and admins, who manage where alerts go; a few per person per ten minutes.
 */
export async function sendTestEmail(context: AccessContext): Promise<TestEmailOutcome> {
  authorize(context, "channel.write");
  const to = context.viewer.email;
  if (!to) throw new AppError("bad_request", "A test e-mail goes to the signed-in person's address; this caller has none.");
  takeSendSlot(context.viewer.userId, Date.now());
  const setup = describeEmailSetup(context.config);
  const smtp = context.config.auth.smtp;
  await recordAuditEvent(context.db, context.source, { action: "alert.test_sent", target: `email:${to}` });
  if (!smtp || !setup.server) return { ok: false, to, error: `E-mail is not configured: set ${smtpVariable} (smtp://user:password@host:587 or smtps://…:465) and restart Lantern.` };
  const project = (await context.db.selectFrom("projects").select(["id", "slug", "name"]).where("is_internal", "=", 0).orderBy("id").executeTakeFirst()) ?? { id: 0, slug: "example", name: "Example" };
  const message = sampleAlertMessage(context.config, { id: Number(project.id), slug: project.slug, name: project.name }, null);
  const outcome = await sendAlertEmail(smtp, to, message, `test-email-${randomUUID()}`, { timeoutMs: context.config.alerts.timeoutMs, publicUrl: context.config.publicUrl });
  if (outcome.ok) return { ok: true, to, server: setup.server, response: outcome.responseCode === null ? "accepted" : String(outcome.responseCode) };
  return { ok: false, to, error: `${setup.server} refused or could not be reached: ${outcome.responseCode === null ? "" : `${outcome.responseCode} `}${outcome.error}` };
}

function takeSendSlot(userId: string, now: number): void {
  const recent = (sendsByUser.get(userId) ?? []).filter((time) => time > now - testEmailWindowMs);
  if (recent.length >= testEmailsPerWindow) {
    const waitSeconds = Math.ceil((recent[0]! + testEmailWindowMs - now) / 1000);
    throw new AppError("rate_limited", `You sent ${testEmailsPerWindow} test e-mails in the last ${testEmailWindowMs / 60_000} minutes; try again in ${Math.ceil(waitSeconds / 60)} minutes.`, { "Retry-After": String(waitSeconds) });
  }
  sendsByUser.set(userId, [...recent, now]);
}
