import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeFixtureEvent } from "../../../../tests/support/event-envelopes";
import { createTestAuth, createTestConfig, createTestContext, createTestUser } from "../../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../../tests/support/test-database";
import type { AccessContext } from "../../access/authorize";
import { digestBatch } from "../../digest/digest-batch";
import { insertProject } from "../../projects/insert-project";
import { assignIssue } from "../assign-issue";
import { listAssignedToMe } from "../owners/list-assigned-to-me";
import { setIssueBookmark } from "../set-issue-bookmark";
import { setIssuePriority } from "../set-issue-priority";
import { loadIssueList } from "./load-issue-list";

/**
 * Ownership search on both dialects (migration 0017): `assigned:me|my_teams|none|#team|<e-mail>`, `bookmarks:me`
 * and `issue.priority:`, through the list the dashboard loads, as two people who see the same project: both are
 * in the team checkout-web, only the colleague in payments.
 */
describe(`ownership search on ${testDialect}`, () => {
  let database: TestDatabase;
  let me: AccessContext;
  let colleague: AccessContext;
  let colleagueEmail: string;
  const ids = new Map<string, number>();
  const id = (title: string) => ids.get(title)!;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = createTestConfig();
    const auth = createTestAuth(database, config);
    const projectId = (await insertProject(database.db, { name: "shop" })).project.id;
    const mine = await createTestUser(database, auth, "member");
    const theirs = await createTestUser(database, auth, "member");
    colleagueEmail = theirs.email;
    const { id: teamId } = await database.db.insertInto("teams").values({ slug: "checkout-web", name: "Checkout web", created_at: Date.now() }).returning("id").executeTakeFirstOrThrow();
    await database.db.insertInto("team_members").values([{ team_id: teamId, user_id: mine.userId }, { team_id: teamId, user_id: theirs.userId }]).execute();
    await database.db.insertInto("team_projects").values({ team_id: teamId, project_id: projectId }).execute();
    const { id: paymentsId } = await database.db.insertInto("teams").values({ slug: "payments", name: "Payments", created_at: Date.now() }).returning("id").executeTakeFirstOrThrow();
    await database.db.insertInto("team_members").values({ team_id: paymentsId, user_id: theirs.userId }).execute();
    await database.db.insertInto("team_projects").values({ team_id: paymentsId, project_id: projectId }).execute();
    me = await createTestContext(database, config, mine.userId);
    colleague = await createTestContext(database, config, theirs.userId);
    for (const [title, level] of [["Cart total is NaN", "error"], ["Slow checkout render", "warning"], ["Coupon service down", "fatal"], ["Debug trace left on", "debug"], ["Refund webhook timeout", "error"]] as const) {
      await storeFixtureEvent(database.db, projectId, "node-message.envelope", (event) => Object.assign(event, { message: title, level }));
    }
    while ((await digestBatch(database)) > 0);
    for (const row of await database.db.selectFrom("issues").select(["id", "title"]).execute()) ids.set(row.title, Number(row.id));

    await assignIssue(me, { issueId: id("Cart total is NaN"), assignee: `user:${mine.userId}` });
    await assignIssue(me, { issueId: id("Slow checkout render"), assignee: "#checkout-web" });
    await assignIssue(colleague, { issueId: id("Coupon service down"), assignee: colleagueEmail });
    await assignIssue(colleague, { issueId: id("Refund webhook timeout"), assignee: "#payments" });
    await setIssuePriority(me, { issueId: id("Debug trace left on"), priority: "high" });
    await setIssueBookmark(me, { issueId: id("Slow checkout render"), bookmarked: true });
    await setIssueBookmark(me, { issueId: id("Debug trace left on"), bookmarked: true });
    await setIssueBookmark(me, { issueId: id("Debug trace left on"), bookmarked: true });
    await setIssueBookmark(colleague, { issueId: id("Cart total is NaN"), bookmarked: true });
  });
  afterAll(() => database.destroy());

  async function titles(context: AccessContext, query: string): Promise<string[]> {
    const list = await loadIssueList(context, { query, sort: "last_seen" });
    expect(list.error, query).toBeNull();
    return list.issues.map((issue) => issue.title).sort();
  }

  it.each([
    ["assigned:me", ["Cart total is NaN"]],
    ["assigned:#checkout-web", ["Slow checkout render"]],
    // As in Sentry, assigned:me is the viewer alone; my_teams the teams the viewer is a member of (not payments).
    ["assigned:my_teams", ["Slow checkout render"]],
    ["!assigned:my_teams", ["Cart total is NaN", "Coupon service down", "Debug trace left on", "Refund webhook timeout"]],
    ["assigned:MY_TEAMS is:unresolved", ["Slow checkout render"]],
    ["assigned:none", ["Debug trace left on"]],
    ["!assigned:none", ["Cart total is NaN", "Coupon service down", "Refund webhook timeout", "Slow checkout render"]],
    ["!assigned:me", ["Coupon service down", "Debug trace left on", "Refund webhook timeout", "Slow checkout render"]],
    ["bookmarks:me", ["Debug trace left on", "Slow checkout render"]],
    ["!bookmarks:me", ["Cart total is NaN", "Coupon service down", "Refund webhook timeout"]],
    // Set from the level at creation (fatal and error high, warning medium, debug low), then by hand.
    ["issue.priority:high", ["Cart total is NaN", "Coupon service down", "Debug trace left on", "Refund webhook timeout"]],
    ["issue.priority:medium", ["Slow checkout render"]],
    ["issue.priority:low", []],
    ["!issue.priority:high", ["Slow checkout render"]],
    ["issue.priority:high bookmarks:me", ["Debug trace left on"]],
  ])("%s finds exactly its issues", async (query, expected) => {
    expect(await titles(me, query)).toEqual(expected);
  });

  it("reads me and bookmarks as the viewer, and a person by e-mail in any case", async () => {
    expect(await titles(colleague, "assigned:me")).toEqual(["Coupon service down"]);
    expect(await titles(colleague, "bookmarks:me")).toEqual(["Cart total is NaN"]);
    expect(await titles(colleague, "assigned:my_teams")).toEqual(["Refund webhook timeout", "Slow checkout render"]);
    expect(await titles(me, `assigned:${colleagueEmail.toUpperCase()}`)).toEqual(["Coupon service down"]);
    expect(await titles(me, "assigned:#nobody-has-this")).toEqual([]);
  });

  it("lists the home page's Assigned to me with the viewer's teams' issues, newest first", async () => {
    const assigned = async (context: AccessContext, limit?: number) => (await listAssignedToMe(context, { limit })).map((issue) => [issue.title, issue.assignee?.type === "team" ? `#${issue.assignee.slug}` : "person"]);
    expect(await assigned(me)).toEqual([
      ["Slow checkout render", "#checkout-web"],
      ["Cart total is NaN", "person"],
    ]);
    expect(await assigned(colleague)).toEqual([
      ["Refund webhook timeout", "#payments"],
      ["Coupon service down", "person"],
      ["Slow checkout render", "#checkout-web"],
    ]);
    expect(await assigned(colleague, 2)).toHaveLength(2);
  });

  it("answers a bad value with an error naming the key", async () => {
    for (const [query, message] of [
      ["bookmarks:bob", /bookmarks: only bookmarks:me/],
      ["issue.priority:urgent", /issue\.priority: “urgent” is not a priority/],
      ["assigned:#", /assigned: needs a team's slug/],
    ] as const) {
      const list = await loadIssueList(me, { query, sort: "last_seen" });
      expect(list.error?.message, query).toMatch(message);
    }
  });

  it("bookmarks are one's own: removing mine leaves the colleague's", async () => {
    await setIssueBookmark(me, { issueId: id("Cart total is NaN"), bookmarked: true });
    await setIssueBookmark(me, { issueId: id("Cart total is NaN"), bookmarked: false });
    expect(await titles(colleague, "bookmarks:me")).toEqual(["Cart total is NaN"]);
    expect(await titles(me, "bookmarks:me")).toEqual(["Debug trace left on", "Slow checkout render"]);
  });
});
