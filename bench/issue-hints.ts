// How long "What stands out" (issues/get-issue-hints) and the project overview (projects/get-project-overview)
// take on the 1,000,000-event dashboard database: the verbs called directly (no HTTP, no rendering), as the
// CLI's system actor, one call at a time. Hints: the seed's big and small issues and a sample of issues of
// every size (by times seen, spread over all projects); overview: every project, 24 h and 14 d.
// Prints p50/p95/max against the goal (hints p95 < 50 ms).
//   npx tsx bench/issue-hints.ts                    (seeds 1,000,000 events into a temporary file first)
//   npx tsx bench/issue-hints.ts /tmp/…/lantern.db  (a kept seed: bench:dashboard --keep, or a previous run with --keep)
//   options: --events 1000000 --issues 20000 --samples 200 --keep
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { systemContext } from "../src/server/access/system-context";
import { loadConfig } from "../src/server/config";
import { createDatabase } from "../src/server/db/create-database";
import { migrateToLatest } from "../src/server/db/migrate";
import { getIssueHints } from "../src/server/issues/get-issue-hints";
import { getProjectOverview } from "../src/server/projects/get-project-overview";
import { seedDashboard } from "./seed-dashboard";

const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
};
const given = process.argv[2] && !process.argv[2].startsWith("--") ? process.argv[2] : null;
const events = Number(argument("events") ?? 1_000_000);
const issueCount = Number(argument("issues") ?? 20_000);
const samples = Number(argument("samples") ?? 200);
const isKept = process.argv.includes("--keep") || given !== null;
const goalMs = 50;

const directory = given ? null : mkdtempSync(join(tmpdir(), "lantern-hints-"));
const path = given ?? join(directory!, "lantern.db");
if (given && !existsSync(given)) throw new Error(`no database at ${given}`);
if (!given) await seedDashboard({ path, events, issues: issueCount, log: (line) => console.log(line) });

const database = createDatabase({ dialect: "sqlite", path });
try {
  // A kept seed from before the newest migration (project_tag_values) gets it, backfill included.
  await migrateToLatest(database.db);
  const context = systemContext(database, loadConfig({ LANTERN_SELF_MONITORING: "false" }));
  const { db } = context;
  const [totals] = await Promise.all([db.selectFrom("issues").select((eb) => [eb.fn.countAll<number>().as("issues"), eb.fn.sum<number>("times_seen").as("events")]).executeTakeFirstOrThrow()]);
  console.log(`database: ${path}: ${Number(totals.events).toLocaleString("en")} events in ${Number(totals.issues).toLocaleString("en")} issues`);

  // Issues of every size: every k-th issue by times seen, so the biggest ones (the most tag values) are in.
  const ranked = await db.selectFrom("issues").select(["id", "times_seen"]).where("status", "!=", "merged").orderBy("times_seen", "desc").orderBy("id").execute();
  const step = Math.max(1, Math.floor(ranked.length / samples));
  const sampled = ranked.filter((_, index) => index % step === 0).slice(0, samples);
  const projects = await db.selectFrom("projects").select(["id", "slug"]).execute();

  const measure = async (name: string, calls: (() => Promise<unknown>)[], goal: number | null) => {
    for (const call of calls.slice(0, 20)) await call();
    const times: number[] = [];
    for (const call of calls) {
      const start = performance.now();
      await call();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const at = (fraction: number) => times[Math.min(times.length - 1, Math.ceil(fraction * times.length) - 1)]!;
    const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);
    console.log(`${name.padEnd(48)} ${String(times.length).padStart(5)} ${ms(at(0.5))} ${ms(at(0.95))} ${ms(times.at(-1)!)}${goal === null ? "" : at(0.95) < goal ? "  met" : "  NOT met"}`);
  };

  console.log(`\n${"verb".padEnd(48)} ${"calls".padStart(5)} ${"p50".padStart(9)} ${"p95".padStart(9)} ${"max".padStart(9)}  goal: hints p95 < ${goalMs} ms`);
  const biggest = ranked[0]!;
  const smallest = ranked.at(-1)!;
  await measure(`hints, biggest issue (${biggest.times_seen.toLocaleString("en")} events) ×50`, Array.from({ length: 50 }, () => () => getIssueHints(context, biggest.id)), goalMs);
  await measure(`hints, smallest issue (${smallest.times_seen} events) ×50`, Array.from({ length: 50 }, () => () => getIssueHints(context, smallest.id)), goalMs);
  await measure(`hints, ${sampled.length} issues of every size`, sampled.map((issue) => () => getIssueHints(context, issue.id)), goalMs);
  await measure(`overview 24 h, ${projects.length} projects ×10`, Array.from({ length: 10 }, () => projects.map((project) => () => getProjectOverview(context, project.id, { range: "24h" }))).flat(), null);
  await measure(`overview 14 d, ${projects.length} projects ×10`, Array.from({ length: 10 }, () => projects.map((project) => () => getProjectOverview(context, project.id, { range: "14d" }))).flat(), null);

  const shown = await Promise.all(sampled.slice(0, 50).map((issue) => getIssueHints(context, issue.id)));
  const withTags = shown.filter((hints) => hints.overRepresentedTags.length > 0).length;
  const withRelease = shown.filter((hints) => hints.suspectRelease !== null).length;
  console.log(`\nof the 50 biggest sampled issues: ${withTags} with an over-represented tag, ${withRelease} with a suspect release`);
} finally {
  await database.close();
  if (directory && !isKept) rmSync(directory, { recursive: true, force: true });
  else console.log(`kept: ${path}`);
}
