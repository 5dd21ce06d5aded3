import { createHash } from "node:crypto";
import { hashPassword, makeSignature } from "better-auth/crypto";
import { sql } from "kysely";
import { expect } from "vitest";
import type { AccessContext } from "@/server/access/authorize";
import { authorizeProject } from "@/server/access/authorize";
import { loadViewer } from "@/server/access/viewer";
import { listAuditLog } from "@/server/audit/list-audit-log";
import { createAuth } from "@/server/auth/create-auth";
import { getAuthSecret } from "@/server/auth/get-auth-secret";
import type { LanternConfig } from "@/server/config";
import type { LanternDatabase } from "@/server/db/create-database";
import { digestBatch } from "@/server/digest/digest-batch";
import { getEventAttachment } from "@/server/events/get-event-attachment";
import { getIssueEvent } from "@/server/events/get-issue-event";
import { listEventAttachments } from "@/server/events/list-event-attachments";
import { listIssueEvents } from "@/server/events/list-issue-events";
import { readEventPayload } from "@/server/events/read-event-payload";
import { computeGrouping } from "@/server/grouping/compute-grouping";
import { parseFingerprintRules } from "@/server/grouping/parse-fingerprint-rules";
import { parseStacktraceRules } from "@/server/grouping/parse-stacktrace-rules";
import { listReceivedEnvelopes } from "@/server/intake/list-received-envelopes";
import { getReceivedEnvelope } from "@/server/intake/get-received-envelope";
import { findInvite } from "@/server/invites/find-invite";
import { hashInviteSecret } from "@/server/invites/invite-secret";
import { listPendingInvites } from "@/server/invites/list-pending-invites";
import { getIssueDetails } from "@/server/issues/get-issue-details";
import { getIssueTagDistribution } from "@/server/issues/get-issue-tag-distribution";
import { getIssueVolume } from "@/server/issues/get-issue-volume";
import { readIgnoreCondition, readResolution } from "@/server/issues/issue-status";
import { listIssueComments } from "@/server/issues/list-issue-comments";
import { pruneEvents } from "@/server/issues/prune-events";
import type { IssueSort } from "@/server/issues/search/issue-cursor";
import { loadIssueList } from "@/server/issues/search/load-issue-list";
import { ensureInternalProject } from "@/server/projects/ensure-internal-project";
import { listProjectKeys } from "@/server/projects/keys/list-project-keys";
import { listProjects } from "@/server/projects/list-projects";
import { loadDigestConfigs } from "@/server/projects/load-digest-configs";
import { authenticateApiToken, hashToken } from "@/server/tokens/api-tokens";
import { listTeams } from "@/server/teams/list-teams";
import { vacuumFreePages } from "@/server/storage/vacuum-free-pages";
import { listUsers } from "@/server/users/list-users";
import { storeFixtureEvent } from "../support/event-envelopes";
import { sessionUserId, signInForTest } from "../support/test-accounts";
import { authBoolean, authTime, execute, fixtureEvent, insertRow, insertRowReturningId, insertRows, selectValue, type FixtureEvent, type SeedTarget } from "./seed-sql";

/**
 * One seed per migration, keyed by the migration's name (src/server/db/migrate.ts).
 *
 * WHOEVER ADDS A MIGRATION ADDS ITS SEED HERE: upgrade-from-every-version.db.test.ts fails, naming the
 * migration, while one is missing. A seed writes what a database at that version realistically holds —
 * with plain SQL of that version's schema (seed-sql.ts), on top of the rows of every earlier seed, which
 * it may look up by their natural keys (slugs, event ids, e-mails) — and its `check` reads those rows back
 * after the upgrade to the newest version, through today's verbs as the dashboard, the API and the CLI
 * call them. A migration that only adds indexes still gets a seed: data of the shape its index serves,
 * read back in the order that index is for.
 */
export interface UpgradeSeed {
  seed(target: SeedTarget): Promise<void>;
  check(upgraded: Upgraded): Promise<void>;
}

/** The database after `migrateToLatest` and one digest of whatever was waiting in the intake. */
export interface Upgraded {
  database: LanternDatabase;
  config: LanternConfig;
  /** The CLI's system actor: every permission, every project. */
  context: AccessContext;
}

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
/** Every seeded time is relative to when the test module loaded, so "the last 24 hours" holds them. */
const now = Date.now();

/** A fixed, realistic-looking 32-hex event id per name. */
const eventId = (name: string) => createHash("md5").update(`upgrade-seed:${name}`).digest("hex");

const keys = {
  checkoutRetired: "7b0c1f3e9a2d4c5b8e6f0a1b2c3d4e5f",
  checkout: "3f9d2c1b0a8e4f7d9c6b5a4e3d2c1b0a",
  lantern: "c4a1e2b3d4f5061728394a5b6c7d8e9f",
  storefront: "e1d2c3b4a5968778695a4b3c2d1e0f1a",
};

const adaPassword = "correct-horse-battery-staple";
const apiToken = "lnt_SeededTokenOfAdaForTheUpgradeTest_0123456789abc";
const inviteSecret = "SeededInviteSecretForCarol_0123456789abcdef";
const sessionToken = "SeededSessionTokenOfAda0123456789";
const authSecret = "a-generated-secret-kept-by-an-older-lantern-instance";

const titles = {
  price: "TypeError: Cannot read properties of undefined (reading 'price')",
  paymentTimeout: "Payment provider timed out",
  cacheWarmUp: "Cache warm-up skipped",
  chunk: "ChunkLoadError: Loading chunk 42 failed.",
  resizeObserver: "ResizeObserver loop completed with undelivered notifications.",
  imageCdn: "Image CDN answered 503",
  searchIndex: "Search index rebuild failed",
  slowQuery: "Slow query on orders took 4.2 s",
  inventorySync: "Inventory sync failed",
};

const projectIdOf = (target: SeedTarget, slug: string) => selectValue(target, sql<{ value: unknown }>`select id as value from projects where slug = ${slug}`);

/** A node event of the checkout service, patched into a captured SDK envelope. */
function checkoutEvent(fixture: string, name: string, at: number, patch: Record<string, unknown>): FixtureEvent {
  return fixtureEvent(fixture, at, (event) => {
    Object.assign(event, { event_id: eventId(name), timestamp: at / 1000, release: "checkout@2.4.0", environment: "production" }, patch);
  });
}

/** The intake row (and, from 0009 on, its body row) an envelope received at `at` had. */
function intakeRow(projectId: number, event: FixtureEvent, at: number, extra: Record<string, string | number | null> = {}) {
  return { project_id: projectId, received_at: at, event_id: event.normalized.eventId, item_types: "event", summary: event.normalized.title, sdk_name: "sentry.javascript.node", body_bytes: event.envelope.length, ...extra };
}

/** The event row digest stored (before 0003: no issue columns). */
function eventRow(projectId: number, intakeId: number, event: FixtureEvent, receivedAt: number) {
  const { normalized } = event;
  return {
    project_id: projectId,
    event_id: normalized.eventId,
    intake_id: intakeId,
    type: normalized.type,
    timestamp: normalized.timestampMs,
    received_at: receivedAt,
    level: normalized.level,
    platform: normalized.platform,
    title: normalized.title,
    release: normalized.release,
    environment: normalized.environment,
    user_key: normalized.userKey,
    payload: event.payload,
  };
}

interface SeededIssue {
  project: string;
  events: { fixture: string; name: string; at: number; patch: Record<string, unknown> }[];
  status: string;
  substatus: string | null;
  resolution?: object;
  ignoreCondition?: object;
  culprit: string;
  /** Counters as digest kept them: more than the stored events when retention pruned some. */
  timesSeen?: number;
  usersSeen?: number;
  firstSeen?: number;
}

/**
 * An issue as digest left it at 0003 or later: its events (digested, with their intake rows), every
 * grouping hash of its first event (computed with the project's rules, as digest does), hourly counts,
 * users, environments and releases. Answers the issue id.
 */
async function seedIssue(target: SeedTarget, issue: SeededIssue): Promise<{ id: number; hashes: string[] }> {
  const projectId = await projectIdOf(target, issue.project);
  const events = issue.events.map((event) => ({ ...event, fixture: fixtureEvent(event.fixture, event.at, (raw) => Object.assign(raw, { event_id: eventId(event.name), timestamp: event.at / 1000 }, event.patch)) }));
  const first = events[0]!.fixture.normalized;
  const last = events.at(-1)!.fixture.normalized;
  const { rows } = await sql<{ fingerprint_rules: string; stacktrace_rules: string }>`select fingerprint_rules, stacktrace_rules from projects where id = ${projectId}`.execute(target.db);
  const rules = { fingerprintRules: parseFingerprintRules(rows[0]!.fingerprint_rules), stacktraceRules: parseStacktraceRules(rows[0]!.stacktrace_rules) };
  const hashes = computeGrouping(first.event as never, rules).hashes;
  const users = new Set(events.map((event) => event.fixture.normalized.userKey).filter((key) => key !== null));
  const issueId = await insertRowReturningId(target, "issues", {
    project_id: projectId,
    type: "error",
    title: first.title,
    culprit: issue.culprit,
    level: first.level,
    platform: first.platform,
    status: issue.status,
    substatus: issue.substatus,
    resolution: issue.resolution ? JSON.stringify(issue.resolution) : null,
    ignore_condition: issue.ignoreCondition ? JSON.stringify(issue.ignoreCondition) : null,
    merged_into_id: null,
    first_seen: issue.firstSeen ?? first.timestampMs,
    last_seen: last.timestampMs,
    times_seen: issue.timesSeen ?? events.length,
    users_seen: issue.usersSeen ?? users.size,
    first_release: first.release,
    last_release: last.release,
    status_changed_at: last.timestampMs,
  });
  for (const hash of hashes) await insertRow(target, "issue_hashes", { project_id: projectId, hash, issue_id: issueId, origin_issue_id: issueId });
  const hours = new Map<number, number>();
  const environments = new Map<string, { count: number; first: number; last: number }>();
  for (const { at, fixture } of events) {
    const intakeId = await insertRowReturningId(target, "intake", await intakeColumns(target, projectId, fixture, at));
    await insertBody(target, intakeId, fixture);
    await insertRow(target, "events", { ...eventRow(projectId, intakeId, fixture, at), issue_id: issueId, group_hash: hashes[0]! });
    const { timestampMs, environment, release } = fixture.normalized;
    hours.set(timestampMs - (timestampMs % hour), (hours.get(timestampMs - (timestampMs % hour)) ?? 0) + 1);
    if (environment) {
      const seen = environments.get(environment);
      environments.set(environment, seen ? { count: seen.count + 1, first: seen.first, last: timestampMs } : { count: 1, first: timestampMs, last: timestampMs });
    }
    if (release) await execute(target, sql`insert into releases (project_id, version, first_seen) values (${projectId}, ${release}, ${timestampMs}) on conflict do nothing`);
  }
  for (const [start, count] of hours) await insertRow(target, "issue_hourly_counts", { issue_id: issueId, hour: start, count });
  for (const userKey of users) await insertRow(target, "issue_users", { issue_id: issueId, user_key: userKey });
  for (const [environment, seen] of environments) {
    await insertRow(target, "issue_environments", { issue_id: issueId, environment, times_seen: seen.count, first_seen: seen.first, last_seen: seen.last });
  }
  return { id: issueId, hashes };
}

/** Before 0009 the envelope is a column of `intake`; from 0009 on it is a row of `intake_bodies`. */
async function hasIntakeBodies(target: SeedTarget): Promise<boolean> {
  const { rows } = await sql<{ name: string }>`select name from lantern_migrations where name = ${"0009-intake-bodies"}`.execute(target.db);
  return rows.length > 0;
}

async function intakeColumns(target: SeedTarget, projectId: number, event: FixtureEvent, at: number) {
  const row = intakeRow(projectId, event, at, { digested_at: at + 200, digest_error: null, client_ip: "203.0.113.7" });
  return (await hasIntakeBodies(target)) ? row : { ...row, body: event.envelope };
}

async function insertBody(target: SeedTarget, intakeId: number, event: FixtureEvent): Promise<void> {
  if (await hasIntakeBodies(target)) await insertRow(target, "intake_bodies", { intake_id: intakeId, body: event.envelope });
}

async function projectBySlug(context: AccessContext, slug: string) {
  return (await authorizeProject(context, "project.read", slug)).project;
}

/** Every issue of the list (of one project, or of all) in the list's order, as the dashboard reads it. */
async function issueList(context: AccessContext, input: { projectId?: number; query?: string; sort?: IssueSort }) {
  const list = await loadIssueList(context, { projectId: input.projectId, query: input.query ?? "", sort: input.sort ?? "last_seen", limit: 100 });
  expect(list.error).toBeNull();
  return list.issues;
}

async function issueTitled(context: AccessContext, projectId: number, title: string) {
  const found = (await issueList(context, { projectId })).filter((issue) => issue.title === title);
  expect(found, `one issue titled "${title}"`).toHaveLength(1);
  return found[0]!;
}

const titlesIn = (issues: { title: string }[], wanted: string[]) => issues.map((issue) => issue.title).filter((title) => wanted.includes(title));

export const upgradeSeeds: Record<string, UpgradeSeed> = {
  // Projects, their client keys, and raw envelopes that were never digested (there was no digest yet).
  "0001-initial": {
    async seed(target) {
      const created = now - 30 * day;
      const checkout = await insertRowReturningId(target, "projects", { slug: "checkout", name: "Checkout", platform: "node", is_internal: 0, created_at: created });
      const lantern = await insertRowReturningId(target, "projects", { slug: "lantern", name: "Lantern", platform: "javascript-nextjs", is_internal: 1, created_at: created });
      await insertRow(target, "project_keys", { project_id: checkout, public_key: keys.checkoutRetired, label: "Retired", is_active: 0, created_at: created });
      await insertRow(target, "project_keys", { project_id: checkout, public_key: keys.checkout, label: "Default", is_active: 1, created_at: created + day });
      await insertRow(target, "project_keys", { project_id: lantern, public_key: keys.lantern, label: "Default", is_active: 1, created_at: created });
      const waiting = [
        checkoutEvent("node-exception.envelope", "checkout-failed", now - 2 * hour, {}),
        checkoutEvent("node-message.envelope", "nightly-export", now - 90 * minute, {}),
      ];
      for (const [index, event] of waiting.entries()) {
        const at = now - 2 * hour + index * 30 * minute;
        await insertRow(target, "intake", { ...intakeRow(checkout, event, at), body: event.envelope });
      }
    },
    async check({ database, context }) {
      const projects = await listProjects(context);
      const checkout = projects.find((project) => project.slug === "checkout");
      expect(checkout).toMatchObject({ name: "Checkout", platform: "node", isInternal: false, publicKey: keys.checkout });
      expect(projects.find((project) => project.slug === "lantern")).toMatchObject({ name: "Lantern", isInternal: true, publicKey: keys.lantern });
      // `lantern start` finds the internal project it made before the upgrade instead of making another.
      expect((await ensureInternalProject(database.db)).projectId).toBe(projects.find((project) => project.slug === "lantern")!.id);
      expect((await listProjectKeys(database.db, checkout!.id)).map((key) => [key.label, key.public_key, key.is_active])).toEqual([
        ["Retired", keys.checkoutRetired, 0],
        ["Default", keys.checkout, 1],
      ]);

      const received = await listReceivedEnvelopes(context, checkout!.id, { limit: 200 });
      const failed = received.find((envelope) => envelope.eventId === eventId("checkout-failed"));
      expect(failed).toMatchObject({ itemTypes: ["event"], summary: "Error: Checkout failed", sdkName: "sentry.javascript.node" });
      expect(received.find((envelope) => envelope.eventId === eventId("nightly-export"))).toMatchObject({ summary: "Nightly export finished with warnings" });
      expect((await getReceivedEnvelope(context, checkout!.id, failed!.id))!.text).toContain("Checkout failed");

      // Received before any digest existed, digested by today's after the upgrade.
      const issue = await issueTitled(context, checkout!.id, "Error: Checkout failed");
      const event = await getIssueEvent(context, { projectId: checkout!.id, issueId: issue.id, event: { eventId: eventId("checkout-failed") } });
      expect((event!.payload.exception as { values: { type: string }[] }).values.map((value) => value.type)).toEqual(["TypeError", "Error"]);
      expect(await issueTitled(context, checkout!.id, "Nightly export finished with warnings")).toMatchObject({ level: "warning", status: "unresolved", lastRelease: "checkout@2.4.0" });
    },
  },

  // Digest state, per-key rate limits, and what digest stored before issues existed.
  "0002-ingest-and-digest": {
    async seed(target) {
      const checkout = await projectIdOf(target, "checkout");
      await execute(target, sql`update project_keys set rate_limit_count = ${600}, rate_limit_window_seconds = ${60} where public_key = ${keys.checkout}`);
      const at = now - 5 * hour;
      const refund = checkoutEvent("node-message.envelope", "refund-retried", at, { message: "Refund webhook retried", level: "info" });
      const intakeId = await insertRowReturningId(target, "intake", { ...intakeRow(checkout, refund, at, { item_types: "event,attachment,user_report", digested_at: at + 150, digest_error: null, client_ip: "203.0.113.7" }), body: refund.envelope });
      await insertRow(target, "events", eventRow(checkout, intakeId, refund, at));
      await insertRow(target, "attachments", { project_id: checkout, event_id: eventId("refund-retried"), intake_id: intakeId, filename: "webhook-request.json", content_type: "application/json", attachment_type: "event.attachment", size: 27, body: Buffer.from('{"refund":"re_3","try":2}\n\n') });
      const feedback = { event_id: eventId("refund-retried"), name: "Grace", email: "grace@example.com", comments: "My refund shows twice." };
      await insertRow(target, "stored_items", { project_id: checkout, intake_id: intakeId, item_index: 2, type: "user_report", event_id: eventId("refund-retried"), received_at: at, payload: Buffer.from(JSON.stringify(feedback)) });
      const broken = Buffer.from('{"event_id":"' + eventId("not-json") + '"}\n{"type":"event"}\n{"message": "cut off');
      await insertRow(target, "intake", { project_id: checkout, received_at: at + minute, event_id: eventId("not-json"), item_types: "event", summary: null, sdk_name: null, body_bytes: broken.length, body: broken, digested_at: at + minute + 100, digest_error: "event: the item is not JSON", client_ip: "198.51.100.4" });
      const sessionHour = at - (at % hour);
      for (const [status, quantity] of [["exited", 412], ["errored", 9], ["crashed", 1]] as const) {
        await insertRow(target, "session_counts", { project_id: checkout, release: "checkout@2.3.0", environment: "production", hour: sessionHour, status, quantity });
      }
      await insertRow(target, "outcomes", { project_id: checkout, hour: sessionHour, outcome: "client_discard", reason: "before_send", category: "error", quantity: 17 });
    },
    async check({ database, context }) {
      const { db } = database;
      const checkout = await projectBySlug(context, "checkout");
      expect((await listProjectKeys(db, checkout.id)).find((key) => key.public_key === keys.checkout)).toMatchObject({ rate_limit_count: 600, rate_limit_window_seconds: 60 });
      // Digested rows stay digested: today's digest neither repeats nor retries them.
      const intake = await db.selectFrom("intake").select(["id", "event_id", "digested_at", "digest_error", "client_ip"]).where("event_id", "in", [eventId("refund-retried"), eventId("not-json")]).orderBy("id").execute();
      const at = now - 5 * hour;
      expect(intake.map((row) => ({ event_id: row.event_id, digested_at: row.digested_at, digest_error: row.digest_error, client_ip: row.client_ip }))).toEqual([
        { event_id: eventId("refund-retried"), digested_at: at + 150, digest_error: null, client_ip: "203.0.113.7" },
        { event_id: eventId("not-json"), digested_at: at + minute + 100, digest_error: "event: the item is not JSON", client_ip: "198.51.100.4" },
      ]);
      expect((await getReceivedEnvelope(context, checkout.id, intake[1]!.id))!.text).toContain('"message": "cut off');
      expect((await listReceivedEnvelopes(context, checkout.id, { limit: 200 })).find((row) => row.id === intake[0]!.id)).toMatchObject({ itemTypes: ["event", "attachment", "user_report"] });
      // Its event was stored before issues existed (0003 gave it none), and is still readable.
      const events = await db.selectFrom("events").select(["issue_id", "title", "payload"]).where("event_id", "=", eventId("refund-retried")).execute();
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ issue_id: null, title: "Refund webhook retried" });
      expect(readEventPayload(events[0]!.payload)).toMatchObject({ event_id: eventId("refund-retried"), level: "info" });
      expect(await listEventAttachments(context, { projectId: checkout.id, eventId: eventId("refund-retried") })).toEqual([
        { id: expect.any(Number), filename: "webhook-request.json", contentType: "application/json", attachmentType: "event.attachment", size: 27 },
      ]);
      const stored = await db.selectFrom("stored_items").select(["type", "payload"]).where("event_id", "=", eventId("refund-retried")).execute();
      expect(stored.map((item) => [item.type, JSON.parse(Buffer.from(item.payload).toString("utf8")) as unknown])).toEqual([["user_report", expect.objectContaining({ comments: "My refund shows twice." })]]);
      const sessions = await db.selectFrom("session_counts").select(["status", "quantity"]).where("project_id", "=", checkout.id).where("release", "=", "checkout@2.3.0").orderBy("status").execute();
      expect(sessions).toEqual([
        { status: "crashed", quantity: 1 },
        { status: "errored", quantity: 9 },
        { status: "exited", quantity: 412 },
      ]);
      expect(await db.selectFrom("outcomes").select(["outcome", "reason", "category", "quantity"]).where("project_id", "=", checkout.id).execute()).toEqual([
        { outcome: "client_discard", reason: "before_send", category: "error", quantity: 17 },
      ]);
    },
  },

  // Issues, their hashes and counters, releases, activity; per-project grouping rules and retention.
  "0003-issues": {
    async seed(target) {
      await execute(
        target,
        sql`update projects set fingerprint_rules = ${'message:"*maintenance window*" -> maintenance'}, stacktrace_rules = ${"path:**/node_modules/** -app"}, retention_days = ${30}, max_events_per_issue = ${5000} where slug = ${"checkout"}`,
      );
      const cartFrame = { exception: { values: [{ type: "TypeError", value: "Cannot read properties of undefined (reading 'price')", stacktrace: { frames: [{ filename: "/srv/checkout/src/cart.js", module: "cart", function: "computeTotal", lineno: 42, colno: 17, in_app: true }] } }] } };
      const price = await seedIssue(target, {
        project: "checkout",
        status: "unresolved",
        substatus: "ongoing",
        culprit: "cart in computeTotal",
        events: [
          { fixture: "node-exception.envelope", name: "price-1", at: now - 3 * day, patch: { ...cartFrame, release: "checkout@2.3.0", environment: "production", user: { id: "u-1" } } },
          { fixture: "node-exception.envelope", name: "price-2", at: now - day, patch: { ...cartFrame, release: "checkout@2.4.0", environment: "production", user: { id: "u-2" } } },
          { fixture: "node-exception.envelope", name: "price-3", at: now - hour, patch: { ...cartFrame, release: "checkout@2.4.0", environment: "production", user: { id: "u-1" } } },
        ],
      });
      const latest = await selectValue(target, sql<{ value: unknown }>`select intake_id as value from events where event_id = ${eventId("price-3")}`);
      const checkout = await projectIdOf(target, "checkout");
      await insertRow(target, "attachments", { project_id: checkout, event_id: eventId("price-3"), intake_id: latest, filename: "cart.json", content_type: "application/json", attachment_type: "event.attachment", size: 20, body: Buffer.from('{"items":[{"id":7}]}') });
      const timeout = await seedIssue(target, {
        project: "checkout",
        status: "resolved",
        substatus: null,
        resolution: { kind: "now" },
        culprit: "payments",
        events: [{ fixture: "node-message.envelope", name: "timeout-1", at: now - 2 * day, patch: { message: titles.paymentTimeout, level: "error", release: "checkout@2.3.0", environment: "production" } }],
      });
      await insertRow(target, "issue_activity", { issue_id: timeout.id, kind: "set_resolved", actor: "cli", data: null, created_at: now - 2 * day + hour });
      await seedIssue(target, {
        project: "checkout",
        status: "ignored",
        substatus: "archived_forever",
        ignoreCondition: { kind: "forever" },
        culprit: "cache",
        events: [{ fixture: "node-message.envelope", name: "cache-1", at: now - 4 * day, patch: { message: titles.cacheWarmUp, level: "warning", release: "checkout@2.3.0", environment: "staging" } }],
      });
      await insertRow(target, "issue_activity", { issue_id: price.id, kind: "set_unresolved", actor: "cli", data: null, created_at: now - 2 * day });
    },
    async check({ database, context }) {
      const checkout = await projectBySlug(context, "checkout");
      expect(checkout).toMatchObject({ fingerprint_rules: 'message:"*maintenance window*" -> maintenance', stacktrace_rules: "path:**/node_modules/** -app", retention_days: 30, max_events_per_issue: 5000 });
      const grouping = (await loadDigestConfigs(database.db, [checkout.id]))(checkout.id).grouping;
      expect([grouping.fingerprintRules.length, grouping.stacktraceRules.length]).toEqual([1, 1]);

      const unresolved = await loadIssueList(context, { projectId: checkout.id, query: undefined, sort: "last_seen", limit: 100 });
      const price = unresolved.issues.find((issue) => issue.title === titles.price);
      expect(price).toMatchObject({ status: "unresolved", substatus: "ongoing", level: "error", culprit: "cart in computeTotal", timesSeen: 3, usersSeen: 2, lastRelease: "checkout@2.4.0", projectSlug: "checkout" });
      expect(titlesIn(unresolved.issues, [titles.paymentTimeout, titles.cacheWarmUp])).toEqual([]);
      expect(titlesIn(await issueList(context, { projectId: checkout.id, query: "is:ignored" }), [titles.cacheWarmUp])).toEqual([titles.cacheWarmUp]);

      const details = await getIssueDetails(context, price!.id);
      expect(details.environments).toEqual([{ environment: "production", timesSeen: 3 }]);
      expect(details.eventCount).toBe(3);
      expect(details.hashes.length).toBeGreaterThan(0);
      expect(details.activity.map((entry) => entry.kind)).toContain("set_unresolved");
      const latest = await getIssueEvent(context, { projectId: checkout.id, issueId: price!.id, event: "latest" });
      expect(latest).toMatchObject({ eventId: eventId("price-3"), olderEventId: eventId("price-2"), newerEventId: null, oldestEventId: eventId("price-1") });
      expect((latest!.payload.exception as { values: { type: string }[] }).values[0]!.type).toBe("TypeError");
      expect((await getIssueVolume(context, price!.id, { range: "30d" })).total).toBe(3);
      expect((await getIssueVolume(context, price!.id, { range: "24h" })).total).toBe(1);
      const [attachment] = await listEventAttachments(context, { projectId: checkout.id, eventId: eventId("price-3") });
      const file = await getEventAttachment(context, { projectId: checkout.id, issueId: price!.id, eventId: eventId("price-3"), attachmentId: attachment!.id });
      expect(Buffer.from(file.body).toString("utf8")).toBe('{"items":[{"id":7}]}');

      // An issue resolved before the upgrade regresses when today's digest sees its error again.
      const resolved = (await issueList(context, { projectId: checkout.id, query: "is:resolved" })).find((issue) => issue.title === titles.paymentTimeout);
      expect(readResolution((await getIssueDetails(context, resolved!.id)).issue.resolution)).toEqual({ kind: "now" });
      await storeFixtureEvent(database.db, checkout.id, "node-message.envelope", (event) => Object.assign(event, { message: titles.paymentTimeout, level: "error", release: "checkout@2.4.0", environment: "production", timestamp: Date.now() / 1000 }));
      while ((await digestBatch(database)) > 0);
      const regressed = await getIssueDetails(context, resolved!.id);
      expect(regressed.issue).toMatchObject({ status: "unresolved", substatus: "regressed", times_seen: 2, last_release: "checkout@2.4.0" });
    },
  },

  // Tag values (search and tag bars), comments and an assignee.
  "0004-issue-search": {
    async seed(target) {
      const price = await selectValue(target, sql<{ value: unknown }>`select id as value from issues where title = ${titles.price}`);
      const tags = [
        ["browser", "Chrome", 2],
        ["browser", "Firefox", 1],
        ["environment", "production", 3],
        ["release", "checkout@2.3.0", 1],
        ["release", "checkout@2.4.0", 2],
        ["level", "error", 3],
      ] as const;
      for (const [key, value, timesSeen] of tags) {
        await insertRow(target, "issue_tag_values", { issue_id: price, key, value, times_seen: timesSeen, first_seen: now - 3 * day, last_seen: now - hour });
      }
      const commentAt = now - 50 * minute;
      await insertRowReturningId(target, "issue_comments", { issue_id: price, author: "cli", body: "Started with the 2.4.0 deploy; the cart can be empty here.", created_at: commentAt });
      await execute(target, sql`update issues set assignee = ${"payments-oncall"} where id = ${price}`);
      await insertRow(target, "issue_activity", { issue_id: price, kind: "assigned", actor: "cli", data: JSON.stringify({ assignee: "payments-oncall" }), created_at: commentAt });
    },
    async check({ context }) {
      const checkout = await projectBySlug(context, "checkout");
      const price = await issueTitled(context, checkout.id, titles.price);
      expect(price.assignee).toBe("payments-oncall");
      expect(titlesIn(await issueList(context, { query: "browser:Firefox" }), [titles.price, titles.paymentTimeout])).toEqual([titles.price]);
      expect(titlesIn(await issueList(context, { query: "assigned:payments-oncall" }), [titles.price, titles.paymentTimeout])).toEqual([titles.price]);
      const browser = (await getIssueTagDistribution(context, price.id)).find((tag) => tag.key === "browser");
      expect(browser).toMatchObject({ total: 3, valueCount: 2, otherCount: 0 });
      expect(browser!.topValues.map((value) => [value.value, value.count])).toEqual([
        ["Chrome", 2],
        ["Firefox", 1],
      ]);
      expect((await listIssueComments(context, price.id)).map((comment) => [comment.author, comment.body])).toEqual([["cli", "Started with the 2.4.0 deploy; the cart can be empty here."]]);
      expect((await getIssueDetails(context, price.id)).activity.find((entry) => entry.kind === "assigned")?.data).toEqual({ assignee: "payments-oncall" });
    },
  },

  // Per-project data scrubbing, and an envelope waiting for digest with data to scrub.
  "0005-data-scrubbing": {
    async seed(target) {
      await execute(target, sql`update projects set scrub_extra_keys = ${"loyalty_pin"}, scrub_safe_fields = ${"session_region"}, scrub_ip_addresses = ${1} where slug = ${"checkout"}`);
      const checkout = await projectIdOf(target, "checkout");
      const at = now - 40 * minute;
      const declined = checkoutEvent("node-message.envelope", "card-declined", at, { message: "Card declined", level: "error", extra: { loyalty_pin: "4321", session_region: "eu-west", card_number: "4111111111111111" } });
      await insertRow(target, "intake", { ...intakeRow(checkout, declined, at, { client_ip: "203.0.113.7" }), body: declined.envelope });
    },
    async check({ database, context }) {
      const checkout = await projectBySlug(context, "checkout");
      expect((await loadDigestConfigs(database.db, [checkout.id]))(checkout.id).scrubbing).toEqual({ isEnabled: true, extraKeys: ["loyalty_pin"], safeFields: ["session_region"], scrubIpAddresses: true, scrubEmails: false });
      const declined = await issueTitled(context, checkout.id, "Card declined");
      const event = await getIssueEvent(context, { projectId: checkout.id, issueId: declined.id, event: { eventId: eventId("card-declined") } });
      expect(event!.payload.extra).toEqual({ loyalty_pin: "[Filtered]", session_region: "eu-west", card_number: "[Filtered]" });
      const received = (await listReceivedEnvelopes(context, checkout.id, { limit: 200 })).find((envelope) => envelope.eventId === eventId("card-declined"));
      const shown = (await getReceivedEnvelope(context, checkout.id, received!.id))!.text;
      expect(shown).not.toContain("4111111111111111");
      expect(shown).not.toContain("4321");
    },
  },

  // Index-only migration: issues of a second project in the all-projects list under every sort it serves.
  "0006-list-sort-indexes": {
    async seed(target) {
      await insertRowReturningId(target, "projects", { slug: "storefront", name: "Storefront", platform: "javascript-react", created_at: now - 25 * day });
      const storefront = await projectIdOf(target, "storefront");
      await insertRow(target, "project_keys", { project_id: storefront, public_key: keys.storefront, label: "Default", created_at: now - 25 * day });
      const browserEvent = (name: string, at: number, message: string) => ({ fixture: "node-message.envelope", name, at, patch: { message, level: "error", platform: "javascript", release: "storefront@5.0.0", environment: "production" } });
      await seedIssue(target, { project: "storefront", status: "unresolved", substatus: "ongoing", culprit: "app/chunks", timesSeen: 1200, usersSeen: 310, firstSeen: now - 20 * day, events: [browserEvent("chunk-1", now - 30 * minute, titles.chunk)] });
      await seedIssue(target, { project: "storefront", status: "unresolved", substatus: "new", culprit: "layout", timesSeen: 40, usersSeen: 35, events: [browserEvent("resize-1", now - day, titles.resizeObserver), browserEvent("resize-2", now - 5 * hour, titles.resizeObserver)] });
    },
    async check({ context }) {
      const wanted = [titles.chunk, titles.resizeObserver, titles.price];
      expect(titlesIn(await issueList(context, { sort: "times_seen" }), wanted)).toEqual([titles.chunk, titles.resizeObserver, titles.price]);
      expect(titlesIn(await issueList(context, { sort: "users_seen" }), wanted)).toEqual([titles.chunk, titles.resizeObserver, titles.price]);
      expect(titlesIn(await issueList(context, { sort: "first_seen" }), wanted)).toEqual([titles.resizeObserver, titles.price, titles.chunk]);
      const storefront = await projectBySlug(context, "storefront");
      const unresolved = (await issueList(context, { projectId: storefront.id, query: "is:unresolved", sort: "times_seen" })).filter((issue) => wanted.includes(issue.title));
      expect(unresolved.map((issue) => [issue.title, issue.timesSeen, issue.usersSeen])).toEqual([
        [titles.chunk, 1200, 310],
        [titles.resizeObserver, 40, 35],
      ]);
    },
  },

  // Accounts: people, their passwords and sessions, teams, invites, API tokens, the audit log, the cookie secret.
  "0007-accounts": {
    async seed(target) {
      const joined = now - 20 * day;
      const person = async (id: string, name: string, email: string, role: string) => {
        await insertRow(target, "users", { id, name, email, email_verified: authBoolean(target, false), image: null, role, created_at: authTime(joined), updated_at: authTime(joined) });
      };
      await person("usr_ada", "Ada Lovelace", "ada@example.com", "owner");
      await person("usr_bob", "Bob Payments", "bob@example.com", "member");
      await insertRow(target, "accounts", { id: "acc_ada", user_id: "usr_ada", account_id: "usr_ada", provider_id: "credential", password: await hashPassword(adaPassword), created_at: authTime(joined), updated_at: authTime(joined) });
      await insertRow(target, "sessions", { id: "ses_ada", user_id: "usr_ada", token: sessionToken, expires_at: authTime(now + 7 * day), ip_address: "192.0.2.10", user_agent: "Mozilla/5.0", created_at: authTime(now - day), updated_at: authTime(now - day) });
      const team = await insertRowReturningId(target, "teams", { slug: "payments", name: "Payments", created_at: joined });
      await insertRow(target, "team_members", { team_id: team, user_id: "usr_bob" });
      await insertRow(target, "team_projects", { team_id: team, project_id: await projectIdOf(target, "checkout") });
      await insertRow(target, "invites", { token_hash: hashInviteSecret(inviteSecret), email: "carol@example.com", role: "member", team_id: team, created_by: "user:ada@example.com", created_at: now - hour, expires_at: now + 6 * day });
      await insertRow(target, "api_tokens", { user_id: "usr_ada", name: "deploy script", token_hash: hashToken(apiToken), token_prefix: apiToken.slice(0, 10), scopes: "read", created_at: now - 10 * day });
      const audited = [
        ["sign_in", "ada@example.com"],
        ["team.created", "team:payments"],
        ["invite.created", "carol@example.com"],
      ] as const;
      for (const [action, subject] of audited) {
        await insertRow(target, "audit_log", { created_at: now - hour, action, actor: "user:ada@example.com", actor_email: "ada@example.com", target: subject, ip_address: "192.0.2.10", user_agent: "Mozilla/5.0", data: null });
      }
      await insertRow(target, "instance_settings", { key: "auth_secret", value: authSecret });
    },
    async check({ database, config, context }) {
      const { db } = database;
      const users = await listUsers(db);
      expect(users.filter((user) => user.email.endsWith("@example.com")).map((user) => [user.email, user.role, user.teams])).toEqual([
        ["ada@example.com", "owner", []],
        ["bob@example.com", "member", ["Payments"]],
      ]);
      expect((await listTeams(db)).find((team) => team.slug === "payments")).toMatchObject({ members: [{ userId: "usr_bob", email: "bob@example.com" }], projects: [{ slug: "checkout" }] });
      const checkout = await projectBySlug(context, "checkout");
      const bob = (await loadViewer(db, "usr_bob"))!;
      expect(bob.projectIds).toEqual(new Set([checkout.id]));
      const bobContext = { ...context, viewer: bob, source: { actor: bob.actor } };
      expect((await listProjects(bobContext)).map((project) => project.slug)).toEqual(["checkout"]);
      expect(new Set((await issueList(bobContext, {})).map((issue) => issue.projectSlug))).toEqual(new Set(["checkout"]));

      // The cookie secret generated before the upgrade still signs (so sessions survive), and the password still signs in.
      expect(await getAuthSecret(db, null)).toBe(authSecret);
      const auth = createAuth(database, config, authSecret);
      const seededCookie = `lantern.session_token=${encodeURIComponent(`${sessionToken}.${await makeSignature(sessionToken, authSecret)}`)}`;
      expect(await sessionUserId(auth, new Headers({ cookie: seededCookie }))).toBe("usr_ada");
      expect(await sessionUserId(auth, await signInForTest(auth, "ada@example.com", adaPassword))).toBe("usr_ada");

      const tokenViewer = await authenticateApiToken(db, apiToken);
      expect(tokenViewer).toMatchObject({ userId: "usr_ada", role: "owner" });
      expect([...tokenViewer!.permissions]).toEqual(["read"]);
      expect((await listPendingInvites(db)).map((invite) => [invite.email, invite.role, invite.teamName, invite.createdBy])).toEqual([["carol@example.com", "member", "Payments", "ada@example.com"]]);
      expect(await findInvite(db, inviteSecret)).toMatchObject({ status: "pending" });
      const audit = await listAuditLog(context, { limit: 200 });
      expect(audit.entries.filter((entry) => entry.actor === "user:ada@example.com").map((entry) => entry.action).sort()).toEqual(["invite.created", "sign_in", "team.created"]);
    },
  },

  // Index-only migration: the all-projects list in its default order (status, then last seen), with
  // issues ignored until a count and resolved in a release that it must leave out.
  "0008-status-last-seen-index": {
    async seed(target) {
      const event = (name: string, at: number, message: string) => ({ fixture: "node-message.envelope", name, at, patch: { message, level: "error", release: "storefront@5.1.0", environment: "production" } });
      await seedIssue(target, { project: "storefront", status: "ignored", substatus: "archived_until_condition_met", ignoreCondition: { kind: "count", count: 100, baseline: 12 }, culprit: "images", timesSeen: 12, events: [event("cdn-1", now - 10 * minute, titles.imageCdn)] });
      await seedIssue(target, { project: "storefront", status: "resolved", substatus: null, resolution: { kind: "in_release", release: "storefront@5.1.1" }, culprit: "search", events: [event("search-1", now - 20 * minute, titles.searchIndex)] });
    },
    async check({ context }) {
      const wanted = [titles.chunk, titles.price, titles.resizeObserver, titles.imageCdn, titles.searchIndex];
      expect(titlesIn(await issueList(context, { query: "is:unresolved" }), wanted)).toEqual([titles.chunk, titles.price, titles.resizeObserver]);
      expect(titlesIn(await issueList(context, { query: "is:ignored" }), wanted)).toEqual([titles.imageCdn]);
      const ignored = (await issueList(context, { query: "is:ignored" })).find((issue) => issue.title === titles.imageCdn)!;
      expect(readIgnoreCondition((await getIssueDetails(context, ignored.id)).issue.ignore_condition)).toEqual({ kind: "count", count: 100, baseline: 12 });
      const resolved = (await issueList(context, { query: "is:resolved" })).find((issue) => issue.title === titles.searchIndex)!;
      expect(readResolution((await getIssueDetails(context, resolved.id)).issue.resolution)).toEqual({ kind: "in_release", release: "storefront@5.1.1" });
    },
  },

  // Envelope bodies in intake_bodies: one waiting for digest, from the browser SDK.
  "0009-intake-bodies": {
    async seed(target) {
      const storefront = await projectIdOf(target, "storefront");
      const at = now - 15 * minute;
      const crash = fixtureEvent("browser-nextjs-unhandled-error.envelope", at, (event) => Object.assign(event, { event_id: eventId("storefront-crash"), timestamp: at / 1000 }));
      const intakeId = await insertRowReturningId(target, "intake", { ...intakeRow(storefront, crash, at, { client_ip: "198.51.100.23" }), sdk_name: "sentry.javascript.nextjs" });
      await insertRow(target, "intake_bodies", { intake_id: intakeId, body: crash.envelope });
    },
    async check({ context }) {
      const storefront = await projectBySlug(context, "storefront");
      const received = (await listReceivedEnvelopes(context, storefront.id, { limit: 200 })).find((envelope) => envelope.eventId === eventId("storefront-crash"));
      expect(received).toMatchObject({ itemTypes: ["event"], sdkName: "sentry.javascript.nextjs" });
      expect((await getReceivedEnvelope(context, storefront.id, received!.id))!.text).toContain(eventId("storefront-crash"));
      const crash = (await issueList(context, { projectId: storefront.id })).find((issue) => issue.title === received!.summary);
      const event = await getIssueEvent(context, { projectId: storefront.id, issueId: crash!.id, event: { eventId: eventId("storefront-crash") } });
      expect(event!.payload).toMatchObject({ platform: "javascript", sdk: { name: "sentry.javascript.nextjs" } });
    },
  },
  // The events index retention walks (project, timestamp, id): an issue whose events span more than the
  // project's 30 days, which today's retention prunes after the upgrade, keeping its first and newest.
  "0011-retention-indexes": {
    async seed(target) {
      const event = (name: string, daysAgo: number) => ({ fixture: "node-message.envelope", name, at: now - daysAgo * day, patch: { message: titles.slowQuery, level: "warning", release: "checkout@2.3.0", environment: "production" } });
      await seedIssue(target, { project: "checkout", status: "unresolved", substatus: "ongoing", culprit: "db", events: [event("slow-45", 45), event("slow-40", 40), event("slow-35", 35), event("slow-2", 2)] });
    },
    async check({ database, config, context }) {
      const checkout = await projectBySlug(context, "checkout");
      const slow = await issueTitled(context, checkout.id, titles.slowQuery);
      await pruneEvents(database, config.retention);
      const kept = await listIssueEvents(context, { issueId: slow.id, limit: 100 });
      expect(kept.events.map((event) => event.eventId)).toEqual([eventId("slow-2"), eventId("slow-45")]);
      const details = await getIssueDetails(context, slow.id);
      expect([details.issue.times_seen, details.eventCount]).toEqual([4, 2]);
      // The other issues of the project hold only events younger than its 30 days: all kept.
      const price = await issueTitled(context, checkout.id, titles.price);
      expect((await getIssueDetails(context, price.id)).eventCount).toBe(3);
    },
  },

  // SQLite files give freed pages back (incremental auto-vacuum): transactions kept for the views to come,
  // half of them deleted as retention does, and the space given back by today's housekeeping step.
  "0012-incremental-vacuum": {
    async seed(target) {
      const storefront = await projectIdOf(target, "storefront");
      const intakeId = await selectValue(target, sql<{ value: unknown }>`select min(id) as value from intake where project_id = ${storefront}`);
      const spans = Array.from({ length: 40 }, (_, index) => ({ span_id: index.toString(16).padStart(16, "0"), op: "http.client", description: `GET /api/products?page=${index}` }));
      const transactions = Array.from({ length: 1_200 }, (_, index) => ({
        project_id: storefront,
        intake_id: intakeId,
        item_index: 1_000 + index,
        type: "transaction",
        event_id: eventId(`transaction-${index}`),
        received_at: now - 3 * hour + index * 1_000,
        payload: Buffer.from(JSON.stringify({ type: "transaction", transaction: `/products/${index}`, spans })),
      }));
      await insertRows(target, "stored_items", transactions);
      await execute(target, sql`delete from stored_items where type = ${"transaction"} and item_index % 4 <> 0`);
    },
    async check({ database }) {
      const { db } = database;
      const kept = await db.selectFrom("stored_items").select(["item_index", "payload"]).where("type", "=", "transaction").orderBy("item_index").execute();
      expect(kept.map((item) => item.item_index)).toEqual(Array.from({ length: 300 }, (_, index) => 1_000 + index * 4));
      expect(JSON.parse(Buffer.from(kept[1]!.payload).toString("utf8"))).toMatchObject({ transaction: "/products/4" });
      const released = await vacuumFreePages(database);
      if (database.dialect === "sqlite") {
        const pragma = async (name: string) => Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] as Record<string, number | string>)[0];
        expect(await pragma("auto_vacuum")).toBe(2);
        expect(released.pagesReleased).toBeGreaterThan(0);
        expect(await pragma("integrity_check")).toBe("ok");
      } else {
        expect(released).toEqual({ pagesReleased: 0, steps: 0 });
      }
    },
  },
};
