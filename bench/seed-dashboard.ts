// Seeds a SQLite file with what `npm run bench:dashboard` measures the dashboard on: by default 1,000,000
// events in 20,000 issues across 5 projects, as digest would have stored them over the last 30 days.
//
// This is a seeding tool, not ingest: tables come from the real migrations and projects from
// insertProject, but rows are written directly with better-sqlite3 prepared statements in large
// transactions. Every event is still what digest makes of it: one event of each issue goes through
// normalizeEvent + computeGrouping, and all the issue's events reuse that JSON with their own values
// (event id, timestamps, release, environment, user, request, contexts, tags, breadcrumb times) filled
// in — each payload is the exact JSON of its event. To keep the seed fast, the issue's constant text
// (exception and stack, most of the bytes) is deflated once and each event's own text on worker threads;
// the pieces form one zlib stream that inflateSync reads like digest's (dashboard/deflate.mjs). Counters
// (times/users seen, first/last seen, releases, hourly counts, environments, users, tag values) and the
// status transitions go through digest's own recordEventOnIssue, event by event in received order, with
// users resolving and ignoring issues along the way. A sample of events (one per sampled issue) is sent
// through the real digest (digestBatch on an in-memory database) and must come out identical.
// Not seeded: the intake (raw envelopes; events.intake_id points nowhere), attachments, comments, merges.
//
//   tsx bench/seed-dashboard.ts <file.db> [--events 1000000] [--issues 20000] [--seed 1] [--summary out.json]
import { existsSync, rmSync, statSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { inflateSync } from "node:zlib";
import BetterSqlite3 from "better-sqlite3";
import { createDatabase } from "../src/server/db/create-database";
import { migrateToLatest } from "../src/server/db/migrate";
import type { IssueRow } from "../src/server/db/schema";
import { digestBatch } from "../src/server/digest/digest-batch";
import { insertIntakeEnvelopes } from "../src/server/intake/intake-writer";
import { normalizeEvent } from "../src/server/digest/normalize-event";
import { userKeyOf } from "../src/server/digest/normalize-user";
import { computeGrouping, emptyGroupingConfig } from "../src/server/grouping/compute-grouping";
import { deriveCulprit } from "../src/server/issues/derive-culprit";
import { eventTagPairs } from "../src/server/issues/event-tag-pairs";
import { priorityOfLevel } from "../src/server/issues/owners/issue-priority";
import { recordEventOnIssue, type ActivityEntry } from "../src/server/issues/record-event-on-issue";
import { insertProject } from "../src/server/projects/insert-project";
import { compressPiece, DeflatePool, type Piece } from "./dashboard/deflate.mjs";
import { Random, Weighted } from "./dashboard/random";
import { drawEventValues, makeIssueShape, makeUser, projectSpecs, rawEvent, type EventValues, type IssueShape, type PoolUser, type ProjectSpec } from "./dashboard/shapes";

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
const windowMs = 30 * dayMs;
type Json = Record<string, unknown>;

export interface SeedOptions {
  path: string;
  events?: number;
  issues?: number;
  seed?: number;
  log?: (line: string) => void;
}

export interface SeedSummary {
  path: string;
  seconds: number;
  bytes: number;
  events: number;
  issues: number;
  now: number;
  projects: { id: number; slug: string; name: string; issues: number; events: number; releases: string[] }[];
  bigIssue: { id: number; projectSlug: string; timesSeen: number; status: string };
  smallIssue: { id: number; projectSlug: string; timesSeen: number; status: string };
  /** An event in the middle of the big issue (it has older and newer neighbours). */
  event: { issueId: number; projectSlug: string; eventId: string };
  statuses: Record<string, number>;
  rows: Record<string, number>;
  verified: number;
  phases: Record<string, number>;
}

/** The event's JSON in parts: long constant text deflated once, and text with holes for each event's values. */
type TemplatePart = { fixed: Piece } | { literals: string[]; holes: string[] };

interface Template {
  parts: TemplatePart[];
  crumbPieces: string[];
  crumbOffsets: number[];
  hashes: string[];
  title: string;
  exception: unknown;
}

interface Counted {
  key: string;
  value: string;
  times: number;
  first: number;
  last: number;
}

interface IssueState {
  projectIndex: number;
  count: number;
  shape: IssueShape;
  userOffset: number;
  firstReceived: number;
  lastReceived: number;
  template: Template;
  row: IssueRow | null;
  users: Set<string>;
  hourly: Map<number, number>;
  /** key → value → counts */
  tags: Map<string, Map<string, Counted>>;
  environments: Map<string, Counted>;
}

type Action =
  | { time: number; issue: number; actor: string; kind: "resolve"; how: "now" | "in_release" | "next_release" }
  | { time: number; issue: number; actor: string; kind: "ignore"; until: "forever" | "count" | "users" | "duration"; amount: number };

interface Sampled {
  projectIndex: number;
  raw: Json;
  /** The JSON the seed stored (inflated from its payload). */
  json: string;
  clientIp: string;
  facts: { title: string; culprit: string; level: string; platform: string; release: string; environment: string; userKey: string | null; timestamp: number; receivedAt: number; groupHash: string; hashes: string[]; tags: [string, string][] };
}

const teammates = ["alice", "bashir", "carmen", "dmitri", "erin", "farah", "goran"];

export async function seedDashboard(options: SeedOptions): Promise<SeedSummary> {
  const log = options.log ?? ((line: string) => console.log(line));
  const totalEvents = options.events ?? 1_000_000;
  const totalIssues = Math.min(options.issues ?? 20_000, totalEvents);
  const random = new Random(options.seed ?? 1);
  const startedAt = performance.now();
  const phases: Record<string, number> = {};
  let phaseStart = startedAt;
  const phase = (name: string) => {
    const now = performance.now();
    phases[name] = Math.round(now - phaseStart) / 1000;
    phaseStart = now;
  };
  const now = Date.now();

  // 1. Tables from the migrations, projects from insertProject.
  for (const suffix of ["", "-wal", "-shm"]) rmSync(options.path + suffix, { force: true });
  const database = createDatabase({ dialect: "sqlite", path: options.path });
  await migrateToLatest(database.db);
  const projects: { id: number; slug: string; spec: ProjectSpec }[] = [];
  for (const spec of projectSpecs) {
    const { project } = await insertProject(database.db, { name: spec.name, platform: spec.platform });
    projects.push({ id: project.id, slug: project.slug, spec });
  }
  await database.close();

  // 2. The plan: issue sizes (Zipf-like, a few near 50k events, most in the tens), projects, active windows.
  const releaseTimes = projectSpecs.map((spec) => spec.releases.map((_, index) => (index === 0 ? now - windowMs - 10 * dayMs : now - windowMs + index * 7.5 * dayMs - dayMs + random.next() * 2 * dayMs)));
  let serial = 0;
  const users: PoolUser[][] = projectSpecs.map((spec) => Array.from({ length: spec.users }, (_, index) => makeUser(random, spec, index, serial++)));
  for (const pool of users) for (const user of pool) user.key = userKeyOf(user.stored);

  const weights = Array.from({ length: totalIssues }, (_, index) => Math.pow(index + 1, -0.875) * (index < 8 ? 1 : Math.exp(0.6 * random.normal() - 0.18)));
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  const counts = weights.map((weight) => Math.max(1, Math.floor((weight / weightSum) * totalEvents)));
  let missing = totalEvents - counts.reduce((sum, count) => sum + count, 0);
  for (let index = 0; missing !== 0; index = (index + 1) % totalIssues) {
    if (missing > 0) {
      counts[index]! += 1;
      missing--;
    } else if (counts[index]! > 1) {
      counts[index]! -= 1;
      missing++;
    }
  }
  // Each issue's shape, grouped once: its hashes must be new in its project (Sentry's built-in rules put,
  // for example, every ChunkLoadError of a project into one issue), else it is drawn again.
  const projectOfIssue = new Weighted(projectSpecs.map((spec, index) => [index, spec.issueShare] as const));
  const projectHashes = projectSpecs.map(() => new Set<string>());
  const issues: IssueState[] = counts.map((count) => {
    const projectIndex = projectOfIssue.pick(random);
    const spec = projectSpecs[projectIndex]!;
    for (let attempt = 1; ; attempt++) {
      const shape = makeIssueShape(random, spec);
      const probeUser = users[projectIndex]![0]!;
      const template = makeTemplate(spec, shape, drawEventValues(random, spec, shape, probeUser, spec.releases[0]!, "production", now, now));
      if (template.hashes.some((hash) => projectHashes[projectIndex]!.has(hash))) {
        if (attempt < 100) continue;
        throw new Error("could not draw an issue with new hashes");
      }
      for (const hash of template.hashes) projectHashes[projectIndex]!.add(hash);
      return {
        projectIndex,
        count,
        shape,
        userOffset: random.chance(0.5) ? random.int(0, spec.users - 1) : 0,
        firstReceived: Infinity,
        lastReceived: -Infinity,
        template,
        row: null,
        users: new Set(),
        hourly: new Map(),
        tags: new Map(),
        environments: new Map(),
      };
    }
  });
  phase("issue shapes");

  const eventIssue = new Int32Array(totalEvents);
  const eventTime = new Float64Array(totalEvents);
  const eventReceived = new Float64Array(totalEvents);
  let cursor = 0;
  for (const [issueIndex, issue] of issues.entries()) {
    const latest = now - 60_000;
    let start: number;
    let end: number;
    if (issue.count >= 2000) {
      start = now - windowMs * (0.85 + 0.15 * random.next());
      end = latest - random.next() * 600_000;
    } else {
      const releases = releaseTimes[issue.projectIndex]!.filter((time) => time > now - windowMs);
      start = random.chance(0.35) && releases.length > 0 ? random.pick(releases) + random.next() * 12 * hourMs : now - windowMs * Math.pow(random.next(), 0.8);
      start = Math.min(start, latest);
      const isOngoing = random.chance(0.45);
      end = isOngoing ? latest - Math.min(-Math.log(1 - random.next()) * 2 * hourMs, 3 * dayMs) : start + Math.exp(Math.log(1.5 * dayMs) + random.normal()) * (1 + issue.count / 300);
      end = Math.max(start, Math.min(end, latest));
    }
    if (issue.count === 1) end = start;
    for (let index = 0; index < issue.count; index++) {
      let time = end - (end - start) * Math.pow(random.next(), 1.4);
      // Daytime peaks: retry a few times when a night-time moment is drawn.
      for (let attempt = 0; attempt < 3 && random.next() > 0.45 + 0.55 * (0.5 + 0.5 * Math.sin((2 * Math.PI * ((time % dayMs) / hourMs - 9)) / 24)); attempt++) {
        time = end - (end - start) * Math.pow(random.next(), 1.4);
      }
      const timestamp = Math.floor(time);
      eventIssue[cursor] = issueIndex;
      eventTime[cursor] = timestamp;
      eventReceived[cursor] = timestamp + 30 + Math.floor(Math.pow(random.next(), 3) * 3000);
      issue.firstReceived = Math.min(issue.firstReceived, eventReceived[cursor]!);
      issue.lastReceived = Math.max(issue.lastReceived, eventReceived[cursor]!);
      cursor++;
    }
  }
  const order = new Uint32Array(totalEvents);
  for (let index = 0; index < totalEvents; index++) order[index] = index;
  order.sort((a, b) => eventReceived[a]! - eventReceived[b]! || a - b);

  // Users triage as the data comes in: resolve (some too early, so the issue regresses), ignore, assign.
  const actions: Action[] = [];
  for (const [index, issue] of issues.entries()) {
    const actor = `user:${random.pick(teammates)}`;
    const roll = random.next();
    const afterLast = issue.lastReceived + (10 * 60_000 + random.next() * 2 * dayMs);
    const midLife = issue.firstReceived + (issue.lastReceived - issue.firstReceived) * (0.2 + 0.6 * random.next());
    const how = random.pick(["now", "now", "now", "in_release", "next_release"] as const);
    if (roll < 0.24) {
      if (afterLast < now - 60_000) actions.push({ time: afterLast, issue: index, actor, kind: "resolve", how });
    } else if (roll < 0.32) {
      if (issue.count > 3) actions.push({ time: midLife, issue: index, actor, kind: "resolve", how });
    } else if (roll < 0.42) {
      const until = random.pick(["forever", "forever", "forever", "count", "users", "duration"] as const);
      const amount = until === "count" ? random.pick([10, 100, 1000]) : until === "users" ? random.pick([10, 50]) : until === "duration" ? random.pick([60, 480, 1440, 10_080]) : 1;
      if (afterLast < now - 60_000) actions.push({ time: afterLast, issue: index, actor, kind: "ignore", until, amount });
    } else if (roll < 0.45) {
      if (issue.count > 3) actions.push({ time: midLife, issue: index, actor, kind: "ignore", until: "count", amount: random.pick([10, 100]) });
    }
  }
  actions.sort((a, b) => a.time - b.time);
  phase("plan");

  // 3. Events in received order, each issue's counters and transitions as digest would keep them.
  const sqlite = new BetterSqlite3(options.path);
  sqlite.pragma("journal_mode = OFF");
  sqlite.pragma("synchronous = OFF");
  sqlite.pragma("cache_size = -1048576");
  sqlite.pragma("temp_store = MEMORY");
  const insertEvent = sqlite.prepare(
    "insert into events (id, project_id, event_id, intake_id, type, timestamp, received_at, level, platform, title, release, environment, user_key, payload, issue_id, group_hash) values (?, ?, ?, ?, 'error', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const releaseFirstSeen = new Map<string, number>();
  const releaseProject = new Map<string, number>();
  const firstSeenOf = (release: string) => releaseFirstSeen.get(release);
  const activity: { issue_id: number; kind: string; actor: string; data: string | null; created_at: number }[] = [];
  const addActivity = (issueId: number, entry: ActivityEntry) => activity.push({ issue_id: issueId, kind: entry.kind, actor: entry.actor, data: entry.data ? JSON.stringify(entry.data) : null, created_at: entry.createdAt });
  const contextsCache = new Map<string, { parts: string[]; object: Json }>();
  const sampled: Sampled[] = [];
  const sampledIssues = new Set<number>();
  const sampleEvery = Math.max(1, Math.floor(totalEvents / 400));
  const bigIndex = counts.indexOf(Math.max(...counts));
  const middleOfBig = Math.floor(issues[bigIndex]!.count * 0.4);
  let seenOfBig = 0;
  let middleEventId = "";
  let nextIssueId = 1;
  let nextAction = 0;
  let payloadBytes = 0;

  const applyAction = (action: Action) => {
    const row = issues[action.issue]!.row;
    if (!row || row.status === "merged") return;
    const projectIndex = issues[action.issue]!.projectIndex;
    if (action.kind === "resolve") {
      const releases = projectSpecs[projectIndex]!.releases;
      let resolution: Json = { kind: "now" };
      if (action.how === "next_release") {
        const newest = [...releaseFirstSeen].filter(([version]) => releaseProject.get(version) === projectIndex).sort((a, b) => b[1] - a[1])[0];
        resolution = { kind: "next_release", afterRelease: newest?.[0] ?? null };
      } else if (action.how === "in_release" && row.last_release && releases.indexOf(row.last_release) < releases.length - 1) {
        resolution = { kind: "in_release", release: releases[releases.indexOf(row.last_release) + 1] };
      }
      Object.assign(row, { status: "resolved", substatus: null, resolution: JSON.stringify(resolution), ignore_condition: null, status_changed_at: Math.round(action.time) });
      const kind = resolution.kind === "now" ? "set_resolved" : resolution.kind === "in_release" ? "set_resolved_in_release" : "set_resolved_in_next_release";
      addActivity(row.id, { kind, actor: action.actor, data: resolution.kind === "now" ? null : resolution, createdAt: Math.round(action.time) });
    } else {
      const condition =
        action.until === "forever"
          ? { kind: "forever" }
          : action.until === "count"
            ? { kind: "count", count: action.amount, baseline: row.times_seen }
            : action.until === "users"
              ? { kind: "users", count: action.amount, baseline: row.users_seen }
              : { kind: "duration", until: Math.round(action.time) + action.amount * 60_000 };
      Object.assign(row, { status: "ignored", substatus: action.until === "forever" ? "archived_forever" : "archived_until_condition_met", ignore_condition: JSON.stringify(condition), resolution: null, status_changed_at: Math.round(action.time) });
      addActivity(row.id, { kind: "set_ignored", actor: action.actor, data: condition, createdAt: Math.round(action.time) });
    }
  };

  const count = (map: Map<string, Counted>, key: string, value: string, timestamp: number) => {
    const counted = map.get(value);
    if (counted) {
      counted.times++;
      if (timestamp < counted.first) counted.first = timestamp;
      if (timestamp > counted.last) counted.last = timestamp;
    } else map.set(value, { key, value, times: 1, first: timestamp, last: timestamp });
  };

  // Payloads are assembled from each issue's fixed pieces and the event's own text, which worker threads
  // deflate a batch at a time while this thread draws the next batch; rows are inserted in order.
  interface PendingRow {
    values: unknown[];
    /** Sampled events get the JSON of their stored payload, to compare with digest's. */
    sample: Sampled | null;
  }
  const pool = new DeflatePool();
  const partsOf = (issueIndex: number) => issues[issueIndex]!.template.parts.map((part) => ("fixed" in part ? part.fixed : null));
  const pending: { rows: PendingRow[]; payloads: Promise<Buffer[]> }[] = [];
  let batchRows: PendingRow[] = [];
  let batchKeys: number[] = [];
  let batchTexts: string[] = [];
  let inserted = 0;
  const insertBatch = async (batch: { rows: PendingRow[]; payloads: Promise<Buffer[]> }) => {
    const payloads = await batch.payloads;
    batch.rows.forEach((row, index) => {
      const payload = payloads[index]!;
      payloadBytes += payload.length;
      if (row.sample) row.sample.json = inflateSync(payload).toString("utf8");
      row.values[12] = payload;
      insertEvent.run(...row.values);
      if (++inserted % 100_000 === 0) sqlite.exec("commit; begin");
      if (inserted % 250_000 === 0) log(`  ${inserted.toLocaleString("en")} events, ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);
    });
  };
  const sendBatch = async () => {
    pending.push({ rows: batchRows, payloads: pool.compress(batchKeys, partsOf, batchTexts) });
    batchRows = [];
    batchKeys = [];
    batchTexts = [];
    while (pending.length > 3) await insertBatch(pending.shift()!);
  };

  // An issue's counters are final after its last event (later triage changes only the issue row): written
  // then and dropped, which keeps the heap (and garbage collection) small.
  const rows: Record<string, number> = { issue_hourly_counts: 0, issue_environments: 0, issue_users: 0, issue_tag_values: 0 };
  const lastPosition = new Int32Array(totalIssues);
  for (let position = 0; position < totalEvents; position++) lastPosition[eventIssue[order[position]!]!] = position;
  const insertHourly = sqlite.prepare("insert into issue_hourly_counts (issue_id, hour, count) values (?, ?, ?)");
  const insertEnvironment = sqlite.prepare("insert into issue_environments (issue_id, environment, times_seen, first_seen, last_seen) values (?, ?, ?, ?, ?)");
  const insertUser = sqlite.prepare("insert into issue_users (issue_id, user_key) values (?, ?)");
  const insertTagValue = sqlite.prepare("insert into issue_tag_values (issue_id, key, value, times_seen, first_seen, last_seen) values (?, ?, ?, ?, ?, ?)");
  const flushCounters = (issue: IssueState) => {
    const id = issue.row!.id;
    for (const [hour, hourly] of [...issue.hourly].sort((a, b) => a[0] - b[0])) insertHourly.run(id, hour, hourly);
    for (const counted of issue.environments.values()) insertEnvironment.run(id, counted.value, counted.times, counted.first, counted.last);
    for (const key of [...issue.users].sort()) insertUser.run(id, key);
    for (const key of [...issue.tags.keys()].sort()) {
      const values = issue.tags.get(key)!;
      for (const value of [...values.keys()].sort()) {
        const counted = values.get(value)!;
        insertTagValue.run(id, key, value, counted.times, counted.first, counted.last);
      }
      rows.issue_tag_values! += values.size;
    }
    rows.issue_hourly_counts! += issue.hourly.size;
    rows.issue_environments! += issue.environments.size;
    rows.issue_users! += issue.users.size;
    issue.hourly = new Map();
    issue.environments = new Map();
    issue.users = new Set();
    issue.tags = new Map();
  };

  sqlite.exec("begin");
  for (let position = 0; position < totalEvents; position++) {
    const source = order[position]!;
    const issueIndex = eventIssue[source]!;
    const issue = issues[issueIndex]!;
    const project = projects[issue.projectIndex]!;
    const spec = project.spec;
    const shape = issue.shape;
    const timestamp = eventTime[source]!;
    const receivedAt = eventReceived[source]!;
    while (nextAction < actions.length && actions[nextAction]!.time <= receivedAt) applyAction(actions[nextAction++]!);

    // The event's own values.
    const environment = shape.environments !== "mixed" ? shape.environments : random.chance(0.88) ? "production" : random.chance(0.75) ? "staging" : "development";
    const releaseTimesOfProject = releaseTimes[issue.projectIndex]!;
    const lead = environment === "production" ? 0 : 1.5 * dayMs;
    let releaseIndex = 0;
    while (releaseIndex + 1 < releaseTimesOfProject.length && releaseTimesOfProject[releaseIndex + 1]! - lead <= timestamp) releaseIndex++;
    if (releaseIndex > 0 && environment === "production" && random.chance(0.06)) releaseIndex--;
    const release = spec.releases[releaseIndex]!;
    const pool = users[issue.projectIndex]!;
    const user = pool[(Math.floor(pool.length * Math.pow(random.next(), 2.2)) + issue.userOffset) % pool.length]!;
    const userKey = user.key;
    const values = drawEventValues(random, spec, shape, user, release, environment, timestamp, receivedAt);

    // The stored JSON: the issue's template with this event's values in its holes.
    const template = issue.template!;
    const agentHeader = values.request?.headers.find(([name]) => name.toLowerCase() === "user-agent")?.[1] ?? "";
    const contextsKey = `${issue.projectIndex}\u0000${agentHeader}`;
    let contexts = contextsCache.get(contextsKey);
    if (!contexts) contextsCache.set(contextsKey, (contexts = contextsTemplate(spec, agentHeader)));
    const storedTags: [string, string][] = values.serverName ? [...values.tags, ["server_name", values.serverName]] : values.tags;
    const storedTagsJson = JSON.stringify(storedTags);
    const holeValue = (hole: string): string => {
      switch (hole) {
        case "event_id":
          return `"${values.eventId}"`;
        case "timestamp":
          return secondsText(timestamp);
        case "received":
          return secondsText(receivedAt);
        case "environment":
          return JSON.stringify(environment);
        case "release":
          return JSON.stringify(release);
        case "transaction":
          return JSON.stringify(values.transaction);
        case "request":
          return JSON.stringify(values.request);
        case "contexts":
          return contexts.parts[0] + values.traceId + contexts.parts[1] + values.spanId + contexts.parts[2];
        case "user":
          return user.storedJson;
        case "tags":
          return storedTagsJson;
        case "breadcrumbs": {
          let crumbs = template.crumbPieces[0]!;
          for (let crumb = 0; crumb < template.crumbOffsets.length; crumb++) crumbs += secondsText(timestamp - template.crumbOffsets[crumb]!) + template.crumbPieces[crumb + 1]!;
          return crumbs;
        }
        default:
          throw new Error(`no value for ${hole}`);
      }
    };
    const isSampled = position % sampleEvery === 0 && !sampledIssues.has(issueIndex);
    batchKeys.push(issueIndex);
    for (const part of template.parts) {
      if ("fixed" in part) continue;
      let text = part.literals[0]!;
      for (let hole = 0; hole < part.holes.length; hole++) text += holeValue(part.holes[hole]!) + part.literals[hole + 1]!;
      batchTexts.push(text);
    }

    // What digest derives from the event, from the same values.
    const light: Json = { platform: spec.eventPlatform, level: shape.level, environment, release, exception: template.exception, request: values.request, contexts: contexts.object, user: user.stored, tags: storedTags, sdk: spec.sdk };
    if (values.transaction) light.transaction = values.transaction;
    const culprit = deriveCulprit(light);
    const tagPairs = eventTagPairs(light, { level: shape.level, environment, release, userKey });

    if (!releaseFirstSeen.has(release)) {
      releaseFirstSeen.set(release, receivedAt);
      releaseProject.set(release, issue.projectIndex);
    }
    let isNewUser = userKey !== null && !issue.users.has(userKey);
    if (!issue.row) {
      issue.row = {
        id: nextIssueId++,
        project_id: project.id,
        type: "error",
        title: template.title,
        culprit,
        level: shape.level,
        platform: spec.eventPlatform,
        status: "unresolved",
        substatus: "new",
        resolution: null,
        ignore_condition: null,
        merged_into_id: null,
        first_seen: timestamp,
        last_seen: timestamp,
        times_seen: 1,
        users_seen: userKey ? 1 : 0,
        first_release: release,
        last_release: release,
        status_changed_at: receivedAt,
        assignee_user_id: null,
        assignee_team_id: null,
        priority: priorityOfLevel(shape.level),
      };
      addActivity(issue.row.id, { kind: "first_seen", actor: "digest", data: { release }, createdAt: receivedAt });
      isNewUser = userKey !== null;
    } else {
      for (const entry of recordEventOnIssue(issue.row, { timestamp, receivedAt, release, level: shape.level, title: template.title, culprit, isNewUser }, firstSeenOf)) addActivity(issue.row.id, entry);
    }
    if (isNewUser) issue.users.add(userKey!);
    const hour = timestamp - (timestamp % hourMs);
    issue.hourly.set(hour, (issue.hourly.get(hour) ?? 0) + 1);
    for (const [key, value] of tagPairs) {
      let values = issue.tags.get(key);
      if (!values) issue.tags.set(key, (values = new Map()));
      count(values, key, value, timestamp);
    }
    count(issue.environments, "environment", environment, timestamp);

    let sample: Sampled | null = null;
    if (isSampled) {
      sampledIssues.add(issueIndex);
      sample = {
        projectIndex: issue.projectIndex,
        raw: rawEvent(spec, shape, values),
        json: "",
        clientIp: user.ip,
        facts: { title: template.title, culprit, level: shape.level, platform: spec.eventPlatform, release, environment, userKey, timestamp, receivedAt, groupHash: template.hashes[0]!, hashes: template.hashes, tags: tagPairs },
      };
      sampled.push(sample);
    }
    batchRows.push({
      values: [position + 1, project.id, values.eventId, position + 1, timestamp, receivedAt, shape.level, spec.eventPlatform, template.title, release, environment, userKey, null, issue.row.id, template.hashes[0]!],
      sample,
    });
    if (issueIndex === bigIndex && seenOfBig++ === middleOfBig) middleEventId = values.eventId;
    if (position === lastPosition[issueIndex]) flushCounters(issue);
    if (batchRows.length === 2000) await sendBatch();
  }
  await sendBatch();
  while (pending.length > 0) await insertBatch(pending.shift()!);
  await pool.close();
  while (nextAction < actions.length && actions[nextAction]!.time <= now) applyAction(actions[nextAction++]!);
  // What the housekeeping sweep does for ignore periods that ended without a new event (wake-expired-ignores).
  for (const issue of issues) {
    const row = issue.row!;
    if (row.status !== "ignored" || !row.ignore_condition) continue;
    const condition = JSON.parse(row.ignore_condition) as { kind: string; until?: number };
    if (condition.kind === "duration" && condition.until! <= now) {
      Object.assign(row, { status: "unresolved", substatus: "ongoing", ignore_condition: null, status_changed_at: now });
      addActivity(row.id, { kind: "set_unresolved", actor: "system", data: { reason: "the ignore period ended" }, createdAt: now });
    }
  }
  sqlite.exec("commit");
  phase("events");

  // 4. The issue rows and the rest of the issue side, written once.
  const insertAll = (table: string, columns: string[], each: (write: (...values: unknown[]) => void) => void) => {
    const statement = sqlite.prepare(`insert into ${table} (${columns.join(", ")}) values (${columns.map(() => "?").join(", ")})`);
    let written = 0;
    each((...values) => {
      statement.run(...values);
      written++;
    });
    rows[table] = written;
  };
  sqlite.exec("begin");
  const issueColumns = ["id", "project_id", "type", "title", "culprit", "level", "platform", "status", "substatus", "resolution", "ignore_condition", "merged_into_id", "first_seen", "last_seen", "times_seen", "users_seen", "first_release", "last_release", "status_changed_at", "assignee_user_id", "assignee_team_id", "priority"] as const;
  const byId = [...issues].sort((a, b) => a.row!.id - b.row!.id);
  insertAll("issues", [...issueColumns], (write) => {
    for (const issue of byId) write(...issueColumns.map((column) => issue.row![column]));
  });
  insertAll("issue_hashes", ["project_id", "hash", "issue_id", "origin_issue_id"], (write) => {
    for (const issue of byId) for (const hash of issue.template.hashes) write(issue.row!.project_id, hash, issue.row!.id, issue.row!.id);
  });
  insertAll("issue_activity", ["id", "issue_id", "kind", "actor", "data", "created_at"], (write) => {
    activity.sort((a, b) => a.created_at - b.created_at);
    activity.forEach((entry, index) => write(index + 1, entry.issue_id, entry.kind, entry.actor, entry.data, entry.created_at));
  });
  insertAll("releases", ["project_id", "version", "first_seen"], (write) => {
    for (const [version, firstSeen] of releaseFirstSeen) write(projects[releaseProject.get(version)!]!.id, version, firstSeen);
  });
  rows.events = totalEvents;
  sqlite.exec("commit");
  phase("issues");

  // A project's tag values are its issues' summed, as digest keeps them and migration 0015 backfilled them.
  rows.project_tag_values = sqlite
    .prepare(
      `insert into project_tag_values (project_id, key, value, times_seen, first_seen, last_seen)
       select issues.project_id, issue_tag_values.key, issue_tag_values.value, sum(issue_tag_values.times_seen), min(issue_tag_values.first_seen), max(issue_tag_values.last_seen)
       from issue_tag_values join issues on issues.id = issue_tag_values.issue_id
       group by issues.project_id, issue_tag_values.key, issue_tag_values.value`,
    )
    .run().changes;
  phase("project tags");

  // 5. Checks: the counters add up, and sampled events come out of the real digest identical.
  const check = (label: string, query: string, expected: number) => {
    const actual = (sqlite.prepare(query).get() as { n: number }).n;
    if (actual !== expected) throw new Error(`seed check failed: ${label} is ${actual}, expected ${expected}`);
  };
  check("sum of times_seen", "select sum(times_seen) as n from issues", totalEvents);
  check("sum of hourly counts", "select sum(count) as n from issue_hourly_counts", totalEvents);
  check("sum of environment counts", "select sum(times_seen) as n from issue_environments", totalEvents);
  check("sum of users_seen", "select sum(users_seen) as n from issues", rows.issue_users!);
  check("sum of release tag counts", "select sum(times_seen) as n from issue_tag_values where key = 'release'", totalEvents);
  check("sum of the projects' release tag counts", "select sum(times_seen) as n from project_tag_values where key = 'release'", totalEvents);
  sqlite.pragma("journal_mode = WAL");
  sqlite.close();
  const verified = await verifyAgainstDigest(sampled, projects);
  phase("verify");

  const bytes = ["", "-wal"].reduce((sum, suffix) => sum + (existsSync(options.path + suffix) ? statSync(options.path + suffix).size : 0), 0);
  const statuses: Record<string, number> = {};
  for (const issue of issues) {
    const key = issue.row!.substatus ? `${issue.row!.status}/${issue.row!.substatus}` : issue.row!.status;
    statuses[key] = (statuses[key] ?? 0) + 1;
  }
  const big = issues[bigIndex]!;
  const small = issues.find((issue) => issue.projectIndex === big.projectIndex && issue.count >= 8 && issue.count <= 15 && issue.row!.status === "unresolved") ?? issues.find((issue) => issue.count <= 15)!;
  const summary: SeedSummary = {
    path: options.path,
    seconds: Math.round(performance.now() - startedAt) / 1000,
    bytes,
    events: totalEvents,
    issues: totalIssues,
    now,
    projects: projects.map((project, index) => ({
      id: project.id,
      slug: project.slug,
      name: project.spec.name,
      issues: issues.filter((issue) => issue.projectIndex === index).length,
      events: issues.filter((issue) => issue.projectIndex === index).reduce((sum, issue) => sum + issue.count, 0),
      releases: project.spec.releases,
    })),
    bigIssue: { id: big.row!.id, projectSlug: projects[big.projectIndex]!.slug, timesSeen: big.row!.times_seen, status: big.row!.status },
    smallIssue: { id: small.row!.id, projectSlug: projects[small.projectIndex]!.slug, timesSeen: small.row!.times_seen, status: small.row!.status },
    event: { issueId: big.row!.id, projectSlug: projects[big.projectIndex]!.slug, eventId: middleEventId },
    statuses,
    rows,
    verified,
    phases,
  };
  log(
    `seeded ${totalEvents.toLocaleString("en")} events in ${totalIssues.toLocaleString("en")} issues across ${projects.length} projects in ${summary.seconds.toFixed(1)} s ` +
      `(${Object.entries(phases).map(([name, seconds]) => `${name} ${seconds.toFixed(1)} s`).join(", ")}); ` +
      `database ${(bytes / 1024 / 1024).toFixed(0)} MB, payloads ${(payloadBytes / totalEvents).toFixed(0)} B per event deflated; ${verified} sampled events identical to digest's`,
  );
  return summary;
}

const fractions = Array.from({ length: 1000 }, (_, ms) => (ms === 0 ? "" : `.${String(ms).padStart(3, "0").replace(/0+$/, "")}`));

/** String(ms / 1000) for whole milliseconds, without formatting a double. */
function secondsText(ms: number): string {
  const fraction = ms % 1000;
  return String((ms - fraction) / 1000) + fractions[fraction]!;
}

/** The issue's first event through normalization and grouping, with holes where its events differ. */
function makeTemplate(spec: ProjectSpec, shape: IssueShape, values: EventValues): Template {
  const normalized = normalizeEvent(structuredClone(rawEvent(spec, shape, values)), { receivedAt: values.receivedMs, clientIp: values.user.ip });
  const event = normalized.event as Json;
  const grouping = computeGrouping(event, emptyGroupingConfig);
  const crumbs = structuredClone(event.breadcrumbs) as { values: Json[] };
  const crumbOffsets = crumbs.values.map((crumb) => values.timestampMs - Math.round((crumb.timestamp as number) * 1000));
  for (const crumb of crumbs.values) crumb.timestamp = "@@crumb@@";
  const crumbPieces = JSON.stringify(crumbs).split('"@@crumb@@"');
  const exception = event.exception;
  for (const name of ["event_id", "timestamp", "received", "environment", "release", "transaction", "request", "contexts", "user", "tags", "breadcrumbs"]) {
    if (name in event) event[name] = `@@hole:${name}@@`;
  }
  const split = JSON.stringify(event).split(/"@@hole:([a-z_]+)@@"/);
  const parts: TemplatePart[] = [];
  let literals = [""];
  let holes: string[] = [];
  const flush = () => {
    if (holes.length > 0 || literals[0] !== "") parts.push({ literals, holes });
    literals = [""];
    holes = [];
  };
  split.forEach((piece, index) => {
    if (index % 2 === 1) {
      holes.push(piece);
      literals.push("");
    } else if (piece.length >= 2048) {
      flush();
      parts.push({ fixed: compressPiece(piece) });
    } else literals[literals.length - 1] += piece;
  });
  flush();
  return {
    parts,
    crumbPieces,
    crumbOffsets,
    hashes: grouping.hashes,
    title: grouping.title ?? normalized.title,
    exception,
  };
}

const traceSentinel = "0123456789abcdeffedcba9876543210";
const spanSentinel = "fedcba9876543210";

/** The stored contexts of a project's events with this user agent, split around the trace ids. */
function contextsTemplate(spec: ProjectSpec, userAgent: string): { parts: string[]; object: Json } {
  const raw: Json = { event_id: traceSentinel, platform: spec.eventPlatform, contexts: { trace: { trace_id: traceSentinel, span_id: spanSentinel }, ...spec.sdkContexts } };
  if (userAgent) raw.request = { headers: { "User-Agent": userAgent } };
  const contexts = normalizeEvent(structuredClone(raw), { receivedAt: Date.now() }).event.contexts as Json;
  const [before, rest] = JSON.stringify(contexts).split(traceSentinel) as [string, string];
  const [middle, after] = rest.split(spanSentinel) as [string, string];
  return { parts: [before, middle, after], object: contexts };
}

/** Sends the sampled events through digest (an in-memory database) and compares what it stores. */
async function verifyAgainstDigest(sampled: Sampled[], projects: { id: number; spec: ProjectSpec }[]): Promise<number> {
  const scratch = createDatabase({ dialect: "sqlite", path: ":memory:" });
  try {
    await migrateToLatest(scratch.db);
    const ids: number[] = [];
    for (const { spec } of projects) ids.push((await insertProject(scratch.db, { name: spec.name, platform: spec.platform })).project.id);
    for (const sample of sampled) {
      const payload = JSON.stringify(sample.raw);
      const eventId = sample.raw.event_id as string;
      const body = Buffer.from(`${JSON.stringify({ event_id: eventId })}\n${JSON.stringify({ type: "event", length: Buffer.byteLength(payload) })}\n${payload}`);
      await insertIntakeEnvelopes(scratch.db, [
        { project_id: ids[sample.projectIndex]!, received_at: sample.facts.receivedAt, event_id: eventId, item_types: "event", summary: null, sdk_name: null, body_bytes: body.length, body, client_ip: sample.clientIp },
      ]);
    }
    while ((await digestBatch(scratch, 500)) > 0);
    const failures: string[] = [];
    for (const sample of sampled) {
      const eventId = sample.raw.event_id as string;
      const stored = await scratch.db.selectFrom("events").selectAll().where("event_id", "=", eventId).executeTakeFirst();
      if (!stored) {
        const intake = await scratch.db.selectFrom("intake").select("digest_error").where("event_id", "=", eventId).executeTakeFirst();
        failures.push(`${eventId}: digest stored no event (${intake?.digest_error ?? "no error"})`);
        continue;
      }
      const json = inflateSync(stored.payload).toString("utf8");
      if (json !== sample.json) {
        let at = 0;
        while (at < json.length && json[at] === sample.json[at]) at++;
        failures.push(`${eventId}: payload differs at ${at}:\n  digest: …${json.slice(Math.max(0, at - 80), at + 120)}\n  seed:   …${sample.json.slice(Math.max(0, at - 80), at + 120)}`);
        continue;
      }
      const issue = await scratch.db.selectFrom("issues").selectAll().where("id", "=", stored.issue_id!).executeTakeFirstOrThrow();
      const hashes = (await scratch.db.selectFrom("issue_hashes").select("hash").where("issue_id", "=", issue.id).execute()).map((row) => row.hash).sort();
      const tagRows = await scratch.db.selectFrom("issue_tag_values").select(["key", "value"]).where("issue_id", "=", issue.id).execute();
      const facts = sample.facts;
      const expected = {
        title: facts.title,
        culprit: facts.culprit,
        level: facts.level,
        platform: facts.platform,
        release: facts.release,
        environment: facts.environment,
        user_key: facts.userKey,
        timestamp: facts.timestamp,
        received_at: facts.receivedAt,
        group_hash: facts.groupHash,
        hashes: [...facts.hashes].sort().join(","),
        tags: facts.tags.map(([key, value]) => `${key}=${value}`).sort().join("|"),
      };
      const actual = {
        title: stored.title,
        culprit: issue.culprit,
        level: stored.level,
        platform: stored.platform,
        release: stored.release,
        environment: stored.environment,
        user_key: stored.user_key,
        timestamp: stored.timestamp,
        received_at: stored.received_at,
        group_hash: stored.group_hash,
        hashes: hashes.join(","),
        tags: tagRows.map((row) => `${row.key}=${row.value}`).sort().join("|"),
      };
      for (const key of Object.keys(expected) as (keyof typeof expected)[]) {
        if (expected[key] !== actual[key]) failures.push(`${eventId}: ${key} is ${JSON.stringify(actual[key])} in digest, ${JSON.stringify(expected[key])} in the seed`);
      }
    }
    if (failures.length > 0) throw new Error(`the seed no longer matches digest (${failures.length} differences in ${sampled.length} sampled events):\n${failures.slice(0, 5).join("\n")}`);
    return sampled.length;
  } finally {
    await scratch.close();
  }
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const path = process.argv[2];
  if (!path || path.startsWith("--")) {
    console.error("usage: tsx bench/seed-dashboard.ts <file.db> [--events 1000000] [--issues 20000] [--seed 1] [--summary out.json]");
    process.exit(2);
  }
  const summaryPath = argument("summary");
  seedDashboard({ path, events: Number(argument("events") ?? 1_000_000), issues: Number(argument("issues") ?? 20_000), seed: Number(argument("seed") ?? 1) })
    .then((summary) => {
      if (summaryPath) writeFileSync(summaryPath, JSON.stringify(summary, null, 2));
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
