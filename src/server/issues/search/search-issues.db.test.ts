import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeFixtureEvent } from "../../../../tests/support/event-envelopes";
import { createTestAuth, createTestConfig, createTestUser } from "../../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../../tests/support/test-database";
import { systemContext } from "../../access/system-context";
import { digestBatch } from "../../digest/digest-batch";
import { insertProject } from "../../projects/insert-project";
import { AppError } from "../../errors";
import { ignoreIssue } from "../ignore-issue";
import { mergeIssues } from "../merge-issues";
import { resolveIssue } from "../resolve-issue";
import { unresolveIssue } from "../unresolve-issue";
import { getIssueSparklines } from "./get-issue-sparklines";
import { issueSorts } from "./issue-cursor";
import { listRecentlySeenIssues } from "./list-recently-seen-issues";
import { parseIssueQuery } from "./parse-issue-query";
import { searchIssues } from "./search-issues";

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
/** Who `assigned:me` is: the actor of an account made in beforeAll. */
let me = "";
let meUserId = "";

interface Send {
  project: "shop" | "blog";
  level: string;
  release?: string;
  environment?: string;
  tags?: Record<string, string>;
  user?: Record<string, string>;
  transaction?: string;
  /** How long before `now` the event happened. */
  ago: number;
}

/**
 * The issue list's search against real digested events, on both dialects. Eight visible issues (and one
 * merged away) cover every state, level, tag, user kind, assignee and time range the grammar reaches;
 * each query names exactly the issues it must return.
 */
describe(`searchIssues on ${testDialect}`, () => {
  let database: TestDatabase;
  const now = Date.now();
  const projects: Record<Send["project"], number> = { shop: 0, blog: 0 };
  const ids = new Map<string, number>();

  async function send(title: string, facts: Send): Promise<void> {
    await storeFixtureEvent(database.db, projects[facts.project], "node-message.envelope", (event) => {
      event.message = title;
      event.level = facts.level;
      event.release = facts.release ?? null;
      event.environment = facts.environment ?? null;
      event.tags = facts.tags ?? {};
      event.user = facts.user ?? null;
      if (facts.transaction) event.transaction = facts.transaction;
      event.timestamp = (now - facts.ago) / 1000;
    });
  }
  async function digest(): Promise<void> {
    while ((await digestBatch(database)) > 0);
    const rows = await database.db.selectFrom("issues").select(["id", "title"]).execute();
    for (const row of rows) ids.set(row.title, row.id);
  }
  const id = (title: string) => ids.get(title)!;

  beforeAll(async () => {
    database = await createTestDatabase();
    const context = systemContext(database, createTestConfig());
    projects.shop = (await insertProject(database.db, { name: "shop" })).project.id;
    projects.blog = (await insertProject(database.db, { name: "blog" })).project.id;
    const shopProd = { project: "shop", environment: "production", release: "shop@1.2.0" } as const;
    for (let index = 0; index < 5; index += 1) {
      await send("Checkout failed for cart", { ...shopProd, level: "error", tags: { "browser.name": "Chrome" }, user: { id: "42" }, transaction: "/cart", ago: 2 * hour - index * 10 * minute });
    }
    await send("Token refresh failed", { ...shopProd, level: "error", tags: { "browser.name": "Safari" }, user: { id: "7" }, ago: 50 * minute });
    for (const ago of [3 * day, 3 * day - hour, 50 * hour]) {
      await send("Payment declined by bank", { ...shopProd, release: "shop 1.2", level: "error", tags: { "browser.name": "Firefox" }, user: { email: "ann@example.com" }, transaction: "/api/checkout/pay", ago });
    }
    for (let index = 0; index < 12; index += 1) {
      await send("Nightly export timed out", { project: "shop", environment: "staging", release: "shop@1.1.0", level: "warning", user: { username: "bob" }, ago: 10 * day - index * 10 * hour });
    }
    await send("Search index stale", { ...shopProd, level: "info", user: { ip_address: "10.0.0.7" }, ago: 20 * minute });
    for (const [index, ago] of [6 * hour, 5 * hour, 4 * hour].entries()) {
      await send("Cache miss storm", { ...shopProd, level: "error", tags: { "browser.name": "Chrome" }, user: { id: String(index + 1) }, ago });
    }
    const blogProd = { project: "blog", environment: "production", release: "blog@2.0" } as const;
    await send("Disk almost full", { ...blogProd, level: "fatal", ago: 20 * day });
    await send("Disk almost full", { ...blogProd, level: "fatal", ago: 20 * day - hour });
    await send("Webhook retry exhausted", { ...blogProd, level: "error", tags: { "browser.name": "Chrome" }, user: { id: "42" }, ago: 26 * hour });
    await send("Thumbnail render slow", { ...blogProd, environment: "staging", level: "debug", ago: 8 * hour });
    await send("Thumbnail render slow", { ...blogProd, environment: "staging", level: "debug", ago: 7 * hour });
    await digest();

    await mergeIssues(context, { issueIds: [id("Checkout failed for cart"), id("Token refresh failed")] });
    await resolveIssue(context, { issueId: id("Payment declined by bank"), kind: "now" });
    await ignoreIssue(context, { issueId: id("Nightly export timed out"), until: { kind: "forever" } });
    await resolveIssue(context, { issueId: id("Cache miss storm"), kind: "now" });
    await ignoreIssue(context, { issueId: id("Disk almost full"), until: { kind: "count", count: 2 } });
    await resolveIssue(context, { issueId: id("Webhook retry exhausted"), kind: "now" });
    await unresolveIssue(context, { issueId: id("Webhook retry exhausted") });
    await ignoreIssue(context, { issueId: id("Thumbnail render slow"), until: { kind: "users", count: 10 } });
    // Assignees are accounts (migration 0017); written as assign-issue writes them.
    const auth = createTestAuth(database, createTestConfig());
    const meUser = await createTestUser(database, auth, "member");
    me = `user:${meUser.email}`;
    meUserId = meUser.userId;
    const ann = await createTestUser(database, auth, "member", "ann@example.com");
    await database.db.updateTable("issues").set({ assignee_user_id: meUser.userId }).where("id", "=", id("Search index stale")).execute();
    await database.db.updateTable("issues").set({ assignee_user_id: ann.userId }).where("id", "=", id("Webhook retry exhausted")).execute();

    await send("Cache miss storm", { ...shopProd, level: "error", tags: { "browser.name": "Chrome" }, user: { id: "1" }, ago: 10 * minute });
    await send("Disk almost full", { ...blogProd, level: "fatal", ago: 3 * hour });
    await send("Disk almost full", { ...blogProd, level: "fatal", ago: 2 * hour });
    await digest();
  });
  afterAll(() => database.destroy());

  async function titles(text: string, options: { project?: Send["project"] } = {}): Promise<string[]> {
    const parsed = parseIssueQuery(text);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const page = await searchIssues(database.db, { query: parsed.query, projectId: options.project && projects[options.project], sort: "last_seen", limit: 100, now, me, visibleProjectIds: null });
    return page.issues.map((issue) => issue.title).sort();
  }

  const A = "Checkout failed for cart";
  const B = "Payment declined by bank";
  const C = "Nightly export timed out";
  const D = "Search index stale";
  const E = "Cache miss storm";
  const F = "Disk almost full";
  const G = "Webhook retry exhausted";
  const H = "Thumbnail render slow";
  const iso = (ago: number) => new Date(now - ago).toISOString();

  it("seeds the states the table relies on", async () => {
    const rows = await database.db.selectFrom("issues").select(["title", "status", "substatus", "times_seen", "users_seen"]).orderBy("title").execute();
    expect(rows.map((row) => `${row.title}: ${row.status}/${row.substatus} ${row.times_seen}×${row.users_seen}`)).toEqual([
      `${E}: unresolved/regressed 4×3`,
      `${A}: unresolved/new 6×2`,
      `${F}: unresolved/escalating 4×0`,
      `${C}: ignored/archived_forever 12×1`,
      `${B}: resolved/null 3×1`,
      `${D}: unresolved/new 1×1`,
      `${H}: ignored/archived_until_condition_met 2×0`,
      "Token refresh failed: merged/new 1×1",
      `${G}: unresolved/ongoing 1×1`,
    ]);
  });

  it.each<[string, string[]]>([
    ["", [A, B, C, D, E, F, G, H]],
    ["is:unresolved", [A, D, E, F, G]],
    ["is:resolved", [B]],
    ["is:ignored", [C, H]],
    ["is:archived", [C, H]],
    ["!is:unresolved", [B, C, H]],
    ["is:new", [A, D]],
    ["is:regressed", [E]],
    ["is:escalating", [F]],
    ["is:ongoing", [G]],
    ["level:error", [A, B, E, G]],
    ["!level:error", [C, D, F, H]],
    ["is:unresolved !level:error", [D, F]],
    ["level:fatal", [F]],
    ["release:shop@1.2.0", [A, D, E]],
    ['release:"shop 1.2"', [B]],
    ["environment:staging", [C, H]],
    ["!environment:staging", [A, B, D, E, F, G]],
    ["user.id:42", [A, G]],
    ["user.id:7", [A]],
    ["user.email:ann@example.com", [B]],
    ["user.username:bob", [C]],
    ["user.ip:10.0.0.7", [D]],
    ["browser.name:Chrome", [A, E, G]],
    ["browser.name:Safari", [A]],
    ["!browser.name:Chrome", [B, C, D, F, H]],
    ["has:browser.name", [A, B, E, G]],
    ["!has:browser.name", [C, D, F, H]],
    ["has:user", [A, B, C, D, E, G]],
    ["server_name:fixture-host level:debug", [H]],
    ["assigned:me", [D]],
    ["assigned:ann@example.com", [G]],
    ["assigned:none is:unresolved", [A, E, F]],
    ["!assigned:none", [D, G]],
    ["first-seen:-24h", [A, D, E, H]],
    ["first-seen:+7d", [C, F]],
    ["last-seen:-1h", [A, D, E]],
    ["last-seen:+2d", [B, C]],
    [`first-seen:>${iso(4 * day)}`, [A, B, D, E, G, H]],
    [`last-seen:<${iso(4 * day)}`, [C]],
    [`!last-seen:<${iso(4 * day)} is:ignored`, [H]],
    ["times-seen:>5", [A, C]],
    ["times-seen:4", [E, F]],
    ["users:>=3", [E]],
    ["users:<1", [F, H]],
    ["checkout", [A, B]],
    ["CHECKOUT failed", [A]],
    ['"export timed"', [C]],
    ['"timed export"', []],
    ["is:unresolved checkout", [A]],
    ["level:error browser.name:Chrome !user.id:42", [E]],
    ["%", []],
    ["_", []],
  ])("finds %j", async (text, expected) => {
    expect(await titles(text)).toEqual([...expected].sort());
  });

  it.each<[string, string[]]>([
    ["is:unresolved", [F, G]],
    ["level:error", [G]],
    ["browser.name:Chrome", [G]],
  ])("finds %j within one project", async (text, expected) => {
    expect(await titles(text, { project: "blog" })).toEqual(expected);
  });

  it.each([
    ["first-seen:yesterday", "first-seen: expects a time"],
    ['release:"shop 1.2', "never closed"],
    ["level:", "level: needs a value"],
    ["is:open", "is: “open” is not a state"],
    ["times-seen:lots", "times-seen: expects a whole number"],
  ])("refuses %j before it reaches the database", (text, message) => {
    const parsed = parseIssueQuery(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.message).toContain(message);
  });

  describe.each(issueSorts)("sorted by %s", (sort) => {
    it("walks pages of 2 through every issue exactly once, in order", async () => {
      const query = { text: "", filters: [] };
      const all = (await searchIssues(database.db, { query, sort, limit: 100, now, me: "user:test", visibleProjectIds: null })).issues;
      expect(all).toHaveLength(8);
      const seen: number[] = [];
      let cursor: string | null = null;
      for (let pageNumber = 0; pageNumber < 10; pageNumber += 1) {
        const page: Awaited<ReturnType<typeof searchIssues>> = await searchIssues(database.db, { query, sort, cursor, limit: 2, now, me: "user:test", visibleProjectIds: null });
        seen.push(...page.issues.map((issue) => issue.id));
        cursor = page.nextCursor;
        if (!cursor) break;
        expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      }
      expect(seen).toEqual(all.map((issue) => issue.id));
      const key = { last_seen: "lastSeen", first_seen: "firstSeen", times_seen: "timesSeen", users_seen: "usersSeen" } as const;
      for (let index = 1; index < all.length; index += 1) {
        const [before, after] = [all[index - 1]!, all[index]!];
        expect(before[key[sort]] > after[key[sort]] || (before[key[sort]] === after[key[sort]] && before.id > after.id)).toBe(true);
      }
    });
  });

  it("refuses a cursor made for another sort or not made by it", async () => {
    const query = { text: "", filters: [] };
    const { nextCursor } = await searchIssues(database.db, { query, sort: "times_seen", limit: 2, now, me: "user:test", visibleProjectIds: null });
    await expect(searchIssues(database.db, { query, sort: "last_seen", cursor: nextCursor, limit: 2, now, me: "user:test", visibleProjectIds: null })).rejects.toBeInstanceOf(AppError);
    await expect(searchIssues(database.db, { query, sort: "last_seen", cursor: "bm9wZQ", limit: 2, now, me: "user:test", visibleProjectIds: null })).rejects.toThrow(/out of date/);
  });

  it("returns each row's project, counters and last release", async () => {
    const parsed = parseIssueQuery("user.ip:10.0.0.7");
    if (!parsed.ok) throw new Error(parsed.error.message);
    const { issues, nextCursor } = await searchIssues(database.db, { query: parsed.query, sort: "last_seen", limit: 10, now, me: "user:test", visibleProjectIds: null });
    expect(nextCursor).toBeNull();
    expect(issues).toEqual([
      {
        id: id(D),
        projectId: projects.shop,
        projectSlug: "shop",
        projectName: "shop",
        title: D,
        culprit: "",
        level: "info",
        status: "unresolved",
        substatus: "new",
        timesSeen: 1,
        usersSeen: 1,
        firstSeen: Math.round(now - 20 * minute),
        lastSeen: Math.round(now - 20 * minute),
        lastRelease: "shop@1.2.0",
        assigneeUserId: meUserId,
        assigneeTeamId: null,
        priority: "low",
      },
    ]);
  });

  it("gives 24 hourly counts per issue, the current hour last", async () => {
    const sparklines = await getIssueSparklines(database.db, [id(A), id(F), id(C)], now);
    const hourOf = (ago: number) => 23 - (Math.floor(now / hour) - Math.floor((now - ago) / hour));
    const expected = (agos: number[]) => {
      const counts = new Array<number>(24).fill(0);
      for (const ago of agos) counts[hourOf(ago)]! += 1;
      return counts;
    };
    expect(sparklines.get(id(A))).toEqual(expected([120, 110, 100, 90, 80, 50].map((minutes) => minutes * minute)));
    expect(sparklines.get(id(F))).toEqual(expected([3 * hour, 2 * hour]));
    expect(sparklines.get(id(C))).toEqual(new Array(24).fill(0));
  });

  it("lists the matching issues seen since a moment, with their counts, for the live check", async () => {
    const parsed = parseIssueQuery("is:unresolved");
    if (!parsed.ok) throw new Error(parsed.error.message);
    const recent = await listRecentlySeenIssues(database.db, { query: parsed.query, since: now - 90 * minute, now, me: "user:test", visibleProjectIds: null });
    expect(recent).toEqual([
      { id: id(E), timesSeen: 4 },
      { id: id(D), timesSeen: 1 },
      { id: id(A), timesSeen: 6 },
    ]);
  });
});
