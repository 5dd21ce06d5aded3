// The release side of the dashboard seed (issue 30): one project (the one with the most issues) gets 200
// releases over 90 days, each finalized by CI with deploys to two or three environments and a few commits,
// and 5,000,000 sessions spread over those releases, environments and 90 days, stored as digest stores them:
// for each session a "started" count and one count of how it ended (exited, errored, crashed, abnormal) in the
// hour it started (session_counts), its user (`did`) in the HyperLogLog sketch of both rows (session_users,
// through lib/user-sketch's own addUser and encodeUserSketch), and, for the sessions digest saw in the last two
// days, their marks (session_marks; digest prunes older ones). The sessions are summed per hour in memory and
// written once, instead of digesting 5 M envelopes.
//
// The project's releases that its events carry (the seed's four) are among the 200 and keep their first
// sighting, so the release pages of those have new, regressed and resolved issues; the other 196 come between
// and before them and have sessions, deploys and commits only. The newest of the 200 is the newest the events
// carry.
//
//   tsx bench/dashboard/seed-releases.ts <file.db> <seed.json> [--releases 200] [--sessions 5000000]
// Adds `releaseBench` to seed.json: the project, the newest and the busiest older release, and what the rows
// cost (dbstat).
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import BetterSqlite3 from "better-sqlite3";
import { addUser, emptyUserSketch, encodeUserSketch } from "../../src/lib/user-sketch";
import { Random } from "./random";

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
const spanMs = 90 * dayMs;
const markRetentionMs = 2 * dayMs;
const environments = ["production", "staging"] as const;
const statuses = ["started", "exited", "errored", "crashed", "abnormal"] as const;
const userCount = 60_000;

export interface ReleaseBench {
  projectSlug: string;
  projectId: number;
  releases: number;
  sessions: number;
  newest: string;
  /** The older release the events carry with the most sessions (its page lists hundreds of new issues). */
  busy: { version: string; sessions: number };
  /** The older release with the most sessions in the release page's 14 days (its health reads the most rows). */
  recent: { version: string; sessions: number };
  seconds: number;
  rows: Record<string, number>;
  /** dbstat: bytes of each table and its indexes. */
  bytes: Record<string, number>;
}

interface SeedJson {
  now: number;
  projects: { id: number; slug: string; issues: number; releases: string[] }[];
  releaseBench?: ReleaseBench;
}

export function seedReleases(path: string, seedJsonPath: string, options: { releases?: number; sessions?: number; seed?: number } = {}): ReleaseBench {
  const startedAt = performance.now();
  const releaseCount = options.releases ?? 200;
  const sessionCount = options.sessions ?? 5_000_000;
  const random = new Random(options.seed ?? 30);
  const seed = JSON.parse(readFileSync(seedJsonPath, "utf8")) as SeedJson;
  const project = [...seed.projects].sort((a, b) => b.issues - a.issues)[0]!;
  const now = seed.now;
  const sqlite = new BetterSqlite3(path);
  sqlite.pragma("synchronous = OFF");
  sqlite.pragma("cache_size = -262144");
  if ((sqlite.prepare("select count(*) as n from session_counts where project_id = ?").get(project.id) as { n: number }).n > 0) throw new Error(`${path} already has sessions of ${project.slug}`);

  // 1. The releases: the events' own (with their first sighting), and the others spread over the 90 days before
  // the newest of them, named after the release they follow (4.19.0.3) or precede (4.18.0-rc.7).
  const carried = sqlite.prepare("select version, first_seen from releases where project_id = ? order by first_seen").all(project.id) as { version: string; first_seen: number }[];
  if (carried.length === 0 || carried.length > releaseCount) throw new Error(`${project.slug} has ${carried.length} releases; expected 1 to ${releaseCount}`);
  const newestCarried = carried.at(-1)!;
  const start = now - spanMs;
  const times = Array.from({ length: releaseCount - carried.length }, () => start + random.next() * (newestCarried.first_seen - hourMs - start)).sort((a, b) => a - b);
  const releases: { version: string; firstSeen: number; carried: boolean; crashRate: number; errorRate: number }[] = [];
  let carriedIndex = 0;
  let suffix = 0;
  for (const time of times) {
    while (carriedIndex < carried.length && carried[carriedIndex]!.first_seen <= time) {
      releases.push({ version: carried[carriedIndex]!.version, firstSeen: carried[carriedIndex]!.first_seen, carried: true, crashRate: 0, errorRate: 0 });
      carriedIndex++;
      suffix = 0;
    }
    const version = carriedIndex === 0 ? `${carried[0]!.version}-rc.${++suffix}` : `${carried[carriedIndex - 1]!.version}.${++suffix}`;
    releases.push({ version, firstSeen: Math.floor(time), carried: false, crashRate: 0, errorRate: 0 });
  }
  while (carriedIndex < carried.length) releases.push({ version: carried[carriedIndex]!.version, firstSeen: carried[carriedIndex++]!.first_seen, carried: true, crashRate: 0, errorRate: 0 });
  // Most releases crash rarely; one in ten is a bad one.
  for (const release of releases) {
    const isBad = random.chance(0.1);
    release.crashRate = isBad ? 0.02 + random.next() * 0.04 : 0.001 + random.next() * 0.004;
    release.errorRate = 0.01 + random.next() * (isBad ? 0.08 : 0.03);
  }

  const rows: Record<string, number> = {};
  sqlite.exec("begin");
  const upsertRelease = sqlite.prepare(
    "insert into releases (project_id, version, first_seen, date_released, created_by) values (?, ?, ?, ?, 'user:ci@bench.example') on conflict (project_id, version) do update set date_released = excluded.date_released, created_by = excluded.created_by",
  );
  const insertVersion = sqlite.prepare("insert into release_versions (version, created_at) values (?, ?) on conflict (version) do nothing");
  const insertDeploy = sqlite.prepare("insert into release_deploys (project_id, version, environment, name, url, date_started, date_finished, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)");
  const insertCommit = sqlite.prepare("insert into release_commits (version, position, commit_id, repository, message, author_name, author_email, timestamp, files, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  const authors = ["Alice Park", "Bashir Haddad", "Carmen Ruiz", "Dmitri Volkov", "Erin Walsh"];
  const areas = ["checkout", "cart", "search", "product", "account", "shared"];
  const verbs = ["Fix", "Add", "Speed up", "Refactor", "Guard against", "Log"];
  let deploys = 0;
  for (const release of releases) {
    upsertRelease.run(project.id, release.version, release.firstSeen, release.firstSeen + 5 * 60_000);
    insertVersion.run(release.version, release.firstSeen);
    const targets = random.chance(0.3) ? ["staging", "canary", "production"] : ["staging", "production"];
    targets.forEach((environment, index) => {
      const finished = release.firstSeen + index * 40 * 60_000 + random.int(60_000, 10 * 60_000);
      if (finished > now) return;
      insertDeploy.run(project.id, release.version, environment, `deploy-${environment}-${deploys}`, `https://ci.bench.example/deploys/${deploys}`, finished - 4 * 60_000, finished, finished);
      deploys++;
    });
    const commits = random.int(1, 8);
    for (let position = 0; position < commits; position++) {
      const area = random.pick(areas);
      const files = Array.from({ length: random.int(1, 4) }, (_, index) => ({ path: `src/${area}/${area}-${random.int(1, 40)}${index === 0 ? ".tsx" : ".ts"}`, type: random.pick(["M", "M", "M", "A", "D"]) }));
      const author = random.pick(authors);
      insertCommit.run(
        release.version,
        position,
        hex(random, 40),
        "bench/storefront",
        `${random.pick(verbs)} ${area} (${files[0]!.path})`,
        author,
        `${author.split(" ")[0]!.toLowerCase()}@bench.example`,
        release.firstSeen - (position + 1) * random.int(10, 600) * 60_000,
        JSON.stringify(files),
        release.firstSeen,
      );
    }
  }
  sqlite.exec("commit");
  for (const table of ["releases", "release_deploys", "release_commits"]) rows[table] = (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;

  // 2. The sessions, hour by hour: more by day than by night, spread over the releases out by then (the newest
  // ramping up over its first 12 hours, each older one half as many as the next, the events' own four times
// theirs), 92 % in production.
  const users = Array.from({ length: userCount }, (_, index) => {
    const sketch = emptyUserSketch();
    addUser(sketch, `did-${index.toString(36)}-${hex(random, 8)}`);
    const register = sketch.findIndex((value) => value > 0);
    return { register, rank: sketch[register]! };
  });
  const firstHour = start - (start % hourMs);
  const hours = Math.floor((now - firstHour) / hourMs) + 1;
  const hourWeights = Array.from({ length: hours }, (_, index) => {
    const hourOfDay = ((firstHour + index * hourMs) % dayMs) / hourMs;
    const last = index === hours - 1 ? (now - (firstHour + index * hourMs)) / hourMs : 1;
    return (0.6 + 0.4 * Math.sin((2 * Math.PI * (hourOfDay - 9)) / 24)) * last;
  });
  const weightSum = hourWeights.reduce((sum, weight) => sum + weight, 0);
  const perHour = hourWeights.map((weight) => Math.floor((weight / weightSum) * sessionCount));
  perHour[hours - 2]! += sessionCount - perHour.reduce((sum, count) => sum + count, 0);

  const slotsPerRelease = environments.length * statuses.length;
  const quantities = new Uint32Array(releases.length * slotsPerRelease);
  const sketches = new Uint8Array(quantities.length * 64);
  const sessionsOfRelease = new Float64Array(releases.length);
  const insertCount = sqlite.prepare("insert into session_counts (project_id, release, environment, hour, status, quantity) values (?, ?, ?, ?, ?, ?)");
  const insertUsers = sqlite.prepare("insert into session_users (project_id, release, environment, hour, status, sketch) values (?, ?, ?, ?, ?, ?)");
  const insertMark = sqlite.prepare("insert into session_marks (project_id, session_id, mark, seen_at) values (?, ?, ?, ?)");
  let countRows = 0;
  let marks = 0;
  sqlite.exec("begin");
  let written = 0;
  for (let hourIndex = 0; hourIndex < hours; hourIndex++) {
    const hour = firstHour + hourIndex * hourMs;
    const out: number[] = [];
    for (let index = releases.length - 1; index >= 0 && out.length < 10; index--) if (releases[index]!.firstSeen < hour + hourMs) out.push(index);
    if (out.length === 0) out.push(0);
    // The releases the events carry are the minor releases everyone updates to: four times the share.
    const shares = out.map((releaseIndex, rank) => Math.pow(0.5, rank) * (releases[releaseIndex]!.carried ? 4 : 1));
    shares[0]! *= Math.min(1, (hour + hourMs - releases[out[0]!]!.firstSeen) / (12 * hourMs));
    if (out.length > 1) shares[0] = Math.max(shares[0]!, 0.02);
    const total = shares.reduce((sum, share) => sum + share, 0);
    const cumulative: number[] = [];
    let running = 0;
    for (const share of shares) cumulative.push((running += share / total));
    const touched = new Set<number>();
    for (let session = 0; session < perHour[hourIndex]!; session++) {
      const pick = random.next();
      let rank = 0;
      while (rank < cumulative.length - 1 && cumulative[rank]! < pick) rank++;
      const releaseIndex = out[rank]!;
      const release = releases[releaseIndex]!;
      const environment = random.next() < 0.92 ? 0 : 1;
      const roll = random.next();
      const ended = roll < release.crashRate ? 3 : roll < release.crashRate + release.errorRate ? 2 : roll < release.crashRate + release.errorRate + 0.001 ? 4 : 1;
      // Some users come back often: a skewed pick of the pool.
      const user = users[Math.floor(Math.pow(random.next(), 2) * userCount)]!;
      const base = releaseIndex * slotsPerRelease + environment * statuses.length;
      for (const slot of [base, base + ended]) {
        quantities[slot]!++;
        const at = slot * 64 + user.register;
        if (user.rank > sketches[at]!) sketches[at] = user.rank;
        touched.add(slot);
      }
      sessionsOfRelease[releaseIndex]!++;
      const startedMs = hour + Math.floor(random.next() * hourMs);
      const endedMs = startedMs + random.int(20_000, 30 * 60_000);
      if (endedMs <= now && endedMs >= now - markRetentionMs) {
        const sessionId = hex(random, 32);
        if (startedMs >= now - markRetentionMs) {
          insertMark.run(project.id, sessionId, "started", startedMs);
          marks++;
        }
        insertMark.run(project.id, sessionId, "ended", endedMs);
        marks++;
      }
    }
    for (const slot of touched) {
      const releaseIndex = Math.floor(slot / slotsPerRelease);
      const environment = environments[Math.floor((slot % slotsPerRelease) / statuses.length)]!;
      const status = statuses[slot % statuses.length]!;
      const version = releases[releaseIndex]!.version;
      insertCount.run(project.id, version, environment, hour, status, quantities[slot]);
      insertUsers.run(project.id, version, environment, hour, status, encodeUserSketch(sketches.subarray(slot * 64, slot * 64 + 64)));
      countRows++;
      quantities[slot] = 0;
      sketches.fill(0, slot * 64, slot * 64 + 64);
    }
    written += perHour[hourIndex]!;
    if (hourIndex % 500 === 499) {
      sqlite.exec("commit");
      sqlite.exec("begin");
    }
  }
  sqlite.exec("commit");
  if (written !== sessionCount) throw new Error(`seeded ${written} sessions, expected ${sessionCount}`);
  const stored = sqlite.prepare("select sum(quantity) as n from session_counts where project_id = ? and status = 'started'").get(project.id) as { n: number };
  const ended = sqlite.prepare("select sum(quantity) as n from session_counts where project_id = ? and status != 'started'").get(project.id) as { n: number };
  if (stored.n !== sessionCount || ended.n !== sessionCount) throw new Error(`session_counts holds ${stored.n} started and ${ended.n} ended sessions, expected ${sessionCount}`);
  Object.assign(rows, { session_counts: countRows, session_users: countRows, session_marks: marks });

  const bytes: Record<string, number> = {};
  for (const row of sqlite.prepare("select name, sum(pgsize) as size from dbstat where name like '%session_counts%' or name like '%session_users%' or name like '%session_marks%' or name like '%release%' group by name").all() as { name: string; size: number }[]) bytes[row.name] = row.size;
  const recent = sqlite
    .prepare("select release as version, sum(quantity) as sessions from session_counts where project_id = ? and status = 'started' and hour >= ? and release != ? group by release order by sessions desc limit 1")
    .get(project.id, now - 14 * dayMs, releases.at(-1)!.version) as { version: string; sessions: number };
  sqlite.close();

  const newest = releases.at(-1)!;
  let busyIndex = -1;
  for (let index = 0; index < releases.length - 1; index++) if (releases[index]!.carried && (busyIndex === -1 || sessionsOfRelease[index]! > sessionsOfRelease[busyIndex]!)) busyIndex = index;
  if (busyIndex === -1) busyIndex = releases.length - 2;
  const bench: ReleaseBench = {
    projectSlug: project.slug,
    projectId: project.id,
    releases: releases.length,
    sessions: sessionCount,
    newest: newest.version,
    busy: { version: releases[busyIndex]!.version, sessions: sessionsOfRelease[busyIndex]! },
    recent,
    seconds: Math.round(performance.now() - startedAt) / 1000,
    rows,
    bytes,
  };
  seed.releaseBench = bench;
  writeFileSync(seedJsonPath, JSON.stringify(seed, null, 2));
  const perSession = (bytes.session_counts ?? 0) + (bytes.sqlite_autoindex_session_counts_1 ?? 0) + (bytes.session_users ?? 0) + (bytes.sqlite_autoindex_session_users_1 ?? 0);
  console.log(
    `seeded ${releases.length} releases and ${sessionCount.toLocaleString("en")} sessions of ${project.slug} in ${bench.seconds.toFixed(1)} s: ` +
      `${rows.session_counts} session_counts and ${rows.session_users} session_users rows, ${rows.session_marks} marks; ` +
      `counters and sketches ${(perSession / 1024 / 1024).toFixed(1)} MB (${(perSession / sessionCount).toFixed(2)} B per session)`,
  );
  return bench;
}

function hex(random: Random, length: number): string {
  let text = "";
  while (text.length < length) text += random.uint32().toString(16).padStart(8, "0");
  return text.slice(0, length);
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const [path, seedJson] = process.argv.slice(2);
  if (!path || !seedJson || path.startsWith("--")) {
    console.error("usage: tsx bench/dashboard/seed-releases.ts <file.db> <seed.json> [--releases 200] [--sessions 5000000]");
    process.exit(2);
  }
  try {
    seedReleases(path, seedJson, { releases: Number(argument("releases") ?? 200), sessions: Number(argument("sessions") ?? 5_000_000) });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
