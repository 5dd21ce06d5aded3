import type { Kysely } from "kysely";
import type { LanternConfig } from "../config";
import type { Database } from "../db/schema";
import { AppError } from "../errors";
import { recordAuditEvent } from "../audit/record-audit-event";
import type { Auth } from "./create-auth";

const throttleWindowMs = 15 * 60_000;

interface SignInAttempt {
  email: string;
  password: string;
  ipAddress: string | null;
  userAgent: string | null;
  /** The request's headers: better-auth reads them, and sets the session cookie through next/headers. */
  headers: Headers;
}

async function recentFailures(db: Kysely<Database>, column: "target" | "ip_address", value: string, since: number) {
  const row = await db
    .selectFrom("audit_log")
    .select((eb) => [eb.fn.countAll<number>().as("failures"), eb.fn.min("created_at").as("oldest")])
    .where("action", "=", "auth.sign_in_failed")
    .where(column, "=", value)
    .where("created_at", ">", since)
    .executeTakeFirst();
  return { failures: Number(row?.failures ?? 0), oldest: Number(row?.oldest ?? Date.now()) };
}

/**
 * Email + password sign-in, throttled per account and per client address: after too many failures in 15
 * minutes, further attempts are refused without checking the password (so guessing stops there too).
 * Failures and successes go to the audit log, which is also what the throttle counts.
 */
export async function signInWithPassword(db: Kysely<Database>, auth: Auth, config: LanternConfig, attempt: SignInAttempt): Promise<{ userId: string }> {
  const email = attempt.email.trim().toLowerCase();
  const now = Date.now();
  const since = now - throttleWindowMs;
  const checks: { column: "target" | "ip_address"; value: string; max: number }[] = [{ column: "target", value: email, max: config.auth.maxSignInFailures }];
  if (attempt.ipAddress) checks.push({ column: "ip_address", value: attempt.ipAddress, max: config.auth.maxSignInFailuresPerAddress });
  for (const check of checks) {
    const { failures, oldest } = await recentFailures(db, check.column, check.value, since);
    if (failures >= check.max) {
      const minutes = Math.max(1, Math.ceil((oldest + throttleWindowMs - now) / 60_000));
      const retryAfter = String(minutes * 60);
      throw new AppError("rate_limited", `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, { "Retry-After": retryAfter });
    }
  }
  const source = { ipAddress: attempt.ipAddress, userAgent: attempt.userAgent };
  try {
    const result = await auth.api.signInEmail({ body: { email, password: attempt.password, rememberMe: true }, headers: attempt.headers });
    await recordAuditEvent(db, { actor: `user:${email}`, actorEmail: email, ...source }, { action: "auth.sign_in", target: email });
    return { userId: result.user.id };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== 401 && status !== 400 && status !== 403) throw error;
    await recordAuditEvent(db, { actor: "anonymous", ...source }, { action: "auth.sign_in_failed", target: email });
    throw new AppError("unauthorized", "Wrong e-mail or password.");
  }
}
