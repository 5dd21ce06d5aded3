// Where the database time of each page of `npm run bench:dashboard` goes: calls the verbs the pages call,
// on a seed kept with `--keep`, with a Kysely that logs every query, and prints per page the verbs' time
// and its slowest queries with SQLite's EXPLAIN QUERY PLAN. (Rendering is the rest of a page's time.)
//   tsx bench/dashboard/explain-pages.ts /tmp/lantern-dashboard-…/lantern.db
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { systemContext } from "../../src/server/access/system-context";
import { loadConfig } from "../../src/server/config";
import type { LanternDatabase } from "../../src/server/db/create-database";
import type { Database } from "../../src/server/db/schema";
import { getIssueEvent, type EventChoice } from "../../src/server/events/get-issue-event";
import { listEventAttachments } from "../../src/server/events/list-event-attachments";
import { explainGrouping } from "../../src/server/issues/explain-grouping";
import { getIssueDetails } from "../../src/server/issues/get-issue-details";
import { getIssueTagDistribution } from "../../src/server/issues/get-issue-tag-distribution";
import { getIssueVolume } from "../../src/server/issues/get-issue-volume";
import { listIssueComments } from "../../src/server/issues/list-issue-comments";
import { loadIssueList } from "../../src/server/issues/search/load-issue-list";
import type { SeedSummary } from "../seed-dashboard";
import { assignedToMeQuery, assignedToMyTeamsQuery } from "../../src/lib/assigned-to-me-queries";
import { listAssignedToMe } from "../../src/server/issues/owners/list-assigned-to-me";
import { createTestContext } from "../../tests/support/test-accounts";
import { benchUser } from "./bench-user";
import { getReleasePage } from "../../src/server/releases/get-release-page";
import { listProjectReleases } from "../../src/server/releases/list-project-releases";

const path = process.argv[2];
if (!path) {
  console.error("usage: tsx bench/dashboard/explain-pages.ts <lantern.db kept by npm run bench:dashboard -- --keep>");
  process.exit(2);
}
const seed = JSON.parse(readFileSync(join(dirname(path), "seed.json"), "utf8")) as SeedSummary;
const sqlite = new BetterSqlite3(path, { readonly: true });
let queries: { sql: string; parameters: readonly unknown[]; ms: number }[] = [];
const db = new Kysely<Database>({
  dialect: new SqliteDialect({ database: sqlite }),
  log: (event) => {
    if (event.level === "query") queries.push({ sql: event.query.sql, parameters: event.query.parameters, ms: event.queryDurationMillis });
  },
});

const project = [...seed.projects].sort((a, b) => b.issues - a.issues)[0]!;
const release = project.releases.at(-1)!;
// The benchmark reads as the CLI's system actor: every project, every permission (one indexed lookup per verb).
const context = systemContext({ db, dialect: "sqlite" } as LanternDatabase, loadConfig({ LANTERN_SELF_MONITORING: "false" }));
const list = (projectId: number | undefined, query: string | undefined, sort: "last_seen" | "times_seen" = "last_seen") => () => loadIssueList(context, { projectId, query, sort });
/** The issue page and the event page: the issue, one event, then what IssuePageView loads. */
const issuePage = (issueId: number, event: EventChoice) => async () => {
  const details = await getIssueDetails(context, issueId);
  const shown = await getIssueEvent(context, { projectId: details.project.id, issueId, event });
  await Promise.all([getIssueVolume(context, issueId, { range: "24h" }), getIssueTagDistribution(context, issueId), listIssueComments(context, issueId)]);
  if (shown) await Promise.all([listEventAttachments(context, { projectId: details.project.id, eventId: shown.eventId }), explainGrouping(context, details.project.id, shown.payload)]);
};
const pages: [string, () => Promise<unknown>][] = [
  ["Issues, all projects", list(undefined, undefined)],
  [`Issues of ${project.slug}`, list(project.id, undefined)],
  [`… is:unresolved level:error release:${release}`, list(project.id, `is:unresolved level:error release:${release}`)],
  ["Issues, browser.name:Chrome", list(undefined, "is:unresolved browser.name:Chrome")],
  ["Issues, sorted by events", list(undefined, undefined, "times_seen")],
  [`Issue page, big (${seed.bigIssue.timesSeen} events)`, issuePage(seed.bigIssue.id, "latest")],
  [`Issue page, small (${seed.smallIssue.timesSeen} events)`, issuePage(seed.smallIssue.id, "latest")],
  ["Event page (big issue)", issuePage(seed.event.issueId, { eventId: seed.event.eventId })],
];
// Issue 30's release pages, on a seed that bench:dashboard gave its 200 releases and 5 M sessions.
const releaseBench = (seed as { releaseBench?: { projectId: number; newest: string; busy: { version: string }; recent: { version: string } } }).releaseBench;
if (releaseBench) {
  pages.push([`Releases of project ${releaseBench.projectId}`, () => listProjectReleases(context, releaseBench.projectId)]);
  for (const version of [releaseBench.newest, releaseBench.busy.version, releaseBench.recent.version]) pages.push([`Release page ${version}`, () => getReleasePage(context, releaseBench.projectId, version)]);
}
// The ownership reads (issue 20) are the signed-in owner's: a seed that bench:dashboard has run on has them
// (bench/dashboard/assign-to-bench-user.ts), with their assigned, team and bookmarked issues.
const owner = await db.selectFrom("users").select("id").where("email", "=", benchUser.email).executeTakeFirst();
if (owner) {
  const ownerContext = await createTestContext(context.database, context.config, owner.id);
  const ownerList = (query: string) => () => loadIssueList(ownerContext, { query, sort: "last_seen" });
  pages.push(
    ["Home: Assigned to me (five newest, own and teams')", () => listAssignedToMe(ownerContext)],
    [`Issues, ${assignedToMeQuery}`, ownerList(assignedToMeQuery)],
    [`Issues, ${assignedToMyTeamsQuery}`, ownerList(assignedToMyTeamsQuery)],
    ["Issues, assigned:#bench-team", ownerList("assigned:#bench-team")],
    ["Issues, bookmarks:me", ownerList("bookmarks:me")],
  );
}

for (const [name, load] of pages) {
  for (let round = 0; round < 5; round++) await load();
  const times: number[] = [];
  let last: typeof queries = [];
  for (let round = 0; round < 21; round++) {
    queries = [];
    const started = performance.now();
    await load();
    times.push(performance.now() - started);
    last = queries;
  }
  times.sort((a, b) => a - b);
  console.log(`\n${name}: verbs p50 ${times[10]!.toFixed(1)} ms, max ${times[20]!.toFixed(1)} ms, ${last.length} queries; slowest:`);
  for (const query of [...last].sort((a, b) => b.ms - a.ms).slice(0, 3)) {
    console.log(`  ${query.ms.toFixed(2)} ms  ${query.sql.length > 300 ? `${query.sql.slice(0, 300)}…` : query.sql}`);
    const plan = sqlite.prepare(`explain query plan ${query.sql}`).all(...query.parameters) as { detail: string }[];
    for (const step of plan) console.log(`      ${step.detail}`);
  }
}
