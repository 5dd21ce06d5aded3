/**
 * What the upgrade seeds share: the clock they count from, the names and ids they give things (so a later
 * seed finds an earlier one's rows, and a check knows what to look for), the issue seeder, and the reads
 * the checks make through today's verbs.
 */
import { createHash } from "node:crypto";
import { sql } from "kysely";
import { expect } from "vitest";
import type { AccessContext } from "@/server/access/authorize";
import { authorizeProject } from "@/server/access/authorize";
import type { LanternConfig } from "@/server/config";
import type { LanternDatabase } from "@/server/db/create-database";
import { computeGrouping } from "@/server/grouping/compute-grouping";
import { parseFingerprintRules } from "@/server/grouping/parse-fingerprint-rules";
import { parseStacktraceRules } from "@/server/grouping/parse-stacktrace-rules";
import type { IssueSort } from "@/server/issues/search/issue-cursor";
import { loadIssueList } from "@/server/issues/search/load-issue-list";
import { execute, fixtureEvent, insertRow, insertRowReturningId, selectValue, type FixtureEvent, type SeedTarget } from "./seed-sql";

/** One version's data: written at that version, read back after the upgrade (seeds.ts says how). */
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

export const minute = 60_000;
export const hour = 60 * minute;
export const day = 24 * hour;
/** Every seeded time is relative to when the test module loaded, so "the last 24 hours" holds them. */
export const now = Date.now();

/** A fixed, realistic-looking 32-hex event id per name. */
export const eventId = (name: string) => createHash("md5").update(`upgrade-seed:${name}`).digest("hex");

export const keys = {
  checkoutRetired: "7b0c1f3e9a2d4c5b8e6f0a1b2c3d4e5f",
  checkout: "3f9d2c1b0a8e4f7d9c6b5a4e3d2c1b0a",
  lantern: "c4a1e2b3d4f5061728394a5b6c7d8e9f",
  storefront: "e1d2c3b4a5968778695a4b3c2d1e0f1a",
};

export const titles = {
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

export const projectIdOf = (target: SeedTarget, slug: string) => selectValue(target, sql<{ value: unknown }>`select id as value from projects where slug = ${slug}`);

/** A node event of the checkout service, patched into a captured SDK envelope. */
export function checkoutEvent(fixture: string, name: string, at: number, patch: Record<string, unknown>): FixtureEvent {
  return fixtureEvent(fixture, at, (event) => {
    Object.assign(event, { event_id: eventId(name), timestamp: at / 1000, release: "checkout@2.4.0", environment: "production" }, patch);
  });
}

/** The intake row (and, from 0009 on, its body row) an envelope received at `at` had. */
export function intakeRow(projectId: number, event: FixtureEvent, at: number, extra: Record<string, string | number | null> = {}) {
  return { project_id: projectId, received_at: at, event_id: event.normalized.eventId, item_types: "event", summary: event.normalized.title, sdk_name: "sentry.javascript.node", body_bytes: event.envelope.length, ...extra };
}

/** The event row digest stored (before 0003: no issue columns). */
export function eventRow(projectId: number, intakeId: number, event: FixtureEvent, receivedAt: number) {
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
export async function seedIssue(target: SeedTarget, issue: SeededIssue): Promise<{ id: number; hashes: string[] }> {
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

export async function projectBySlug(context: AccessContext, slug: string) {
  return (await authorizeProject(context, "project.read", slug)).project;
}

/** Every issue of the list (of one project, or of all) in the list's order, as the dashboard reads it. */
export async function issueList(context: AccessContext, input: { projectId?: number; query?: string; sort?: IssueSort }) {
  const list = await loadIssueList(context, { projectId: input.projectId, query: input.query ?? "", sort: input.sort ?? "last_seen", limit: 100 });
  expect(list.error).toBeNull();
  return list.issues;
}

export async function issueTitled(context: AccessContext, projectId: number, title: string) {
  const found = (await issueList(context, { projectId })).filter((issue) => issue.title === title);
  expect(found, `one issue titled "${title}"`).toHaveLength(1);
  return found[0]!;
}

export const titlesIn = (issues: { title: string }[], wanted: string[]) => issues.map((issue) => issue.title).filter((title) => wanted.includes(title));
