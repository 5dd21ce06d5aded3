import { sql, type Kysely } from "kysely";
import type { LanternConfig } from "../config";
import type { LanternDatabase } from "../db/create-database";
import type { AlertDeliveriesTable, Database } from "../db/schema";
import { writeTransaction } from "../db/write-transaction";
import type { AlertMessage, AttemptOutcome, ChannelKind } from "./alert-message";
import { absoluteMessage } from "./build-alert-message";
import { postToChannel } from "./post-to-channel";
import { sendAlertEmail } from "./send-alert-email";
import type { Selectable } from "kysely";

type DeliveryRow = Selectable<AlertDeliveriesTable>;

/** A delivery is given up this long after it was decided. */
export const deliveryDeadlineMs = 24 * 3_600_000;
const firstRetryMs = 10_000;
const longestBackoffMs = 3_600_000;
/** Deliveries one pass claims (and sends side by side). */
const claimLimit = 20;

export interface SendOptions {
  /** The clock (tests move it to reach retries and the 24 h deadline). */
  now?: number;
  /** Jitter in [0, 1): the default is random; tests fix it. */
  random?: () => number;
}

/**
 * Claims the deliveries that are due and attempts each once: the outbox's consumer. A claim is a lease
 * (twice the attempt timeout, plus a margin): a sender that dies mid-attempt leaves its rows to whoever
 * claims after the lease, so nothing is lost; receivers that saw the first attempt recognise the repeat
 * by `Lantern-Delivery`. On PostgreSQL the claim skips rows another instance holds (FOR UPDATE SKIP LOCKED),
 * so each delivery is attempted by one instance at a time. Returns how many were attempted.
 */
export async function sendDueDeliveries(database: LanternDatabase, config: LanternConfig, options: SendOptions = {}): Promise<number> {
  const now = options.now ?? Date.now();
  const claimed = await claimDue(database, now, config.alerts.timeoutMs * 2 + 5_000);
  if (claimed.length === 0) return 0;
  const channels = await loadChannels(database.db, claimed);
  await Promise.all(
    claimed.map(async (delivery) => {
      const started = Date.now();
      const outcome = await attempt(delivery, channels.get(Number(delivery.channel_id)) ?? null, config);
      await recordAttempt(database, delivery, outcome, { now: options.now ?? Date.now(), durationMs: Date.now() - started, random: options.random ?? Math.random });
    }),
  );
  return claimed.length;
}

async function claimDue(database: LanternDatabase, now: number, leaseMs: number): Promise<DeliveryRow[]> {
  const claim = async (trx: Kysely<Database>) => {
    let due = trx
      .selectFrom("alert_deliveries")
      .select("id")
      .where("status", "=", "pending")
      .where("next_attempt_at", "<=", now)
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", now)]))
      .orderBy("next_attempt_at")
      .orderBy("id")
      .limit(claimLimit);
    if (database.dialect === "postgres") due = due.forUpdate().skipLocked();
    const ids = (await due.execute()).map((row) => Number(row.id));
    if (ids.length === 0) return [];
    return trx.updateTable("alert_deliveries").set({ lease_until: now + leaseMs }).where("id", "in", ids).returningAll().execute();
  };
  if (database.dialect === "postgres") return database.db.transaction().execute(claim);
  // Looked for before the write lock is taken: an idle poll (every second) never holds up ingest's commits.
  const anyDue = await database.db
    .selectFrom("alert_deliveries")
    .select("id")
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", now)
    .limit(1)
    .executeTakeFirst();
  return anyDue ? writeTransaction(database, claim) : [];
}

interface ChannelTarget {
  kind: ChannelKind;
  url: string;
  secret: string | null;
}

async function loadChannels(db: Kysely<Database>, deliveries: DeliveryRow[]): Promise<Map<number, ChannelTarget>> {
  const ids = [...new Set(deliveries.flatMap((delivery) => (delivery.channel_id === null ? [] : [Number(delivery.channel_id)])))];
  const channels = new Map<number, ChannelTarget>();
  if (ids.length === 0) return channels;
  const rows = await db.selectFrom("notification_channels").select(["id", "kind", "url", "secret"]).where("id", "in", ids).execute();
  for (const row of rows) channels.set(Number(row.id), { kind: row.kind as ChannelKind, url: row.url, secret: row.secret });
  return channels;
}

async function attempt(delivery: DeliveryRow, channel: ChannelTarget | null, config: LanternConfig): Promise<AttemptOutcome> {
  try {
    const message = absoluteMessage(JSON.parse(delivery.message) as AlertMessage, config.publicUrl);
    if (delivery.kind === "email") {
      if (!config.auth.smtp) return { ok: false, responseCode: null, error: "E-mail is not configured (LANTERN_SMTP_URL).", retry: false };
      return await sendAlertEmail(config.auth.smtp, delivery.recipient ?? "", message, delivery.delivery_id, { timeoutMs: config.alerts.timeoutMs, publicUrl: config.publicUrl });
    }
    if (!channel) return { ok: false, responseCode: null, error: "The notification channel was deleted.", retry: false };
    return await postToChannel(channel, message, delivery.delivery_id, { timeoutMs: config.alerts.timeoutMs, allowPrivate: config.alerts.allowPrivateTargets });
  } catch (error) {
    // A transport that throws instead of answering is a bug there, but the delivery must not be stuck on it.
    return { ok: false, responseCode: null, error: `Lantern could not attempt this delivery: ${(error as Error).message}`.slice(0, 500), retry: true };
  }
}

/**
 * When to try again after `attempts` failures: 10 s, 20 s, 40 s … at most an hour apart, each ±20 % so that
 * a receiver that was down is not hit by every sender at once; the receiver's Retry-After wins when later.
 */
export function nextAttemptDelay(attempts: number, retryAfterMs: number | undefined, random: () => number): number {
  const backoff = Math.min(firstRetryMs * 2 ** Math.max(0, attempts - 1), longestBackoffMs) * (0.8 + 0.4 * random());
  return Math.round(Math.max(backoff, retryAfterMs ?? 0));
}

async function recordAttempt(database: LanternDatabase, delivery: DeliveryRow, outcome: AttemptOutcome, at: { now: number; durationMs: number; random: () => number }): Promise<void> {
  const attempts = delivery.attempts + 1;
  let status: "sent" | "pending" | "failed" = outcome.ok ? "sent" : "failed";
  let nextAttemptAt = delivery.next_attempt_at;
  let error = outcome.ok ? null : outcome.error;
  if (!outcome.ok && outcome.retry) {
    nextAttemptAt = at.now + nextAttemptDelay(attempts, outcome.retryAfterMs, at.random);
    if (nextAttemptAt <= delivery.created_at + deliveryDeadlineMs) status = "pending";
    else error = `${outcome.error} — given up: no success within 24 hours`.slice(0, 1000);
  }
  await writeTransaction(database, async (trx) => {
    await trx
      .insertInto("alert_delivery_attempts")
      .values({ delivery_id: delivery.id, attempted_at: at.now, response_code: outcome.responseCode, error: outcome.ok ? null : outcome.error.slice(0, 1000), duration_ms: Math.max(0, Math.round(at.durationMs)) })
      .execute();
    await trx
      .updateTable("alert_deliveries")
      .set({
        status,
        attempts: sql`attempts + 1`,
        next_attempt_at: nextAttemptAt,
        lease_until: null,
        response_code: outcome.responseCode,
        last_error: error,
        finished_at: status === "pending" ? null : at.now,
      })
      .where("id", "=", delivery.id)
      .execute();
  });
}

/**
 * This process's sender: after each digest batch (which may have committed alerts), when a verb enqueued
 * something (wakeAlertSender), and every second for retries and for other instances' leftovers.
 */
export class AlertSender {
  private timer: NodeJS.Timeout | undefined;
  private isRunning = false;
  private isWoken = false;
  private current: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: LanternDatabase,
    private readonly config: LanternConfig,
    private readonly pollMs = 1000,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.wake(), this.pollMs);
    this.timer.unref();
    senders.add(this);
    this.wake();
  }

  stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    senders.delete(this);
    return this.current;
  }

  wake(): void {
    if (!this.timer) return;
    this.isWoken = true;
    if (this.isRunning) return;
    this.isRunning = true;
    this.current = this.run().finally(() => (this.isRunning = false));
  }

  private async run(): Promise<void> {
    while (this.isWoken) {
      this.isWoken = false;
      try {
        while ((await sendDueDeliveries(this.database, this.config)) === claimLimit);
      } catch (error) {
        console.error("lantern: sending alerts failed; retrying on the next wake", error);
        return;
      }
    }
  }
}

const holder = globalThis as typeof globalThis & { lanternAlertSenders?: Set<AlertSender> };
// On globalThis: the plain server and Next's bundles are separate module instances in one process.
const senders = (holder.lanternAlertSenders ??= new Set());

/** Nudges this process's sender (after a commit that enqueued deliveries); a process without one polls anyway. */
export function wakeAlertSender(): void {
  for (const sender of senders) sender.wake();
}
