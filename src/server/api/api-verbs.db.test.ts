import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeFixtureEvent } from "../../../tests/support/event-envelopes";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { loadViewer, type Permission } from "../access/viewer";
import { loadConfig } from "../config";
import type { Role } from "../db/schema";
import { digestBatch } from "../digest/digest-batch";
import { isAppError } from "../errors";
import { insertProject } from "../projects/insert-project";
import { getApiIssueEvent } from "./events/get-api-issue-event";
import { getApiProjectEvent } from "./events/get-api-project-event";
import { listApiIssueEvents } from "./events/list-api-issue-events";
import { getApiIssue } from "./issues/get-api-issue";
import { listApiIssueHashes } from "./issues/list-api-issue-hashes";
import { listApiIssues } from "./issues/list-api-issues";
import { parseIssueListRequest } from "./issues/parse-issue-list-request";
import { selectBulkIssues } from "./issues/select-bulk-issues";
import { parseIssueUpdate, updateApiIssues } from "./issues/update-api-issues";
import { createApiProjectKey } from "./keys/create-api-project-key";
import { listApiProjectKeys } from "./keys/list-api-project-keys";
import { parseCursor } from "./pagination";
import { listApiProjects } from "./projects/list-api-projects";
import { ApiEvent, ApiIssue, ApiIssueDetails, ApiProject, ApiProjectKey } from "./schemas";

/**
 * The API's verbs against real digested events, on both dialects, as the three kinds of caller see them:
 * an owner, a member of the team that owns "shop" (who must see nothing of "blog"), and a read-only token.
 */
describe(`the /api/0/ verbs on ${testDialect}`, () => {
  let database: TestDatabase;
  const config = loadConfig({ LANTERN_URL: "https://lantern.example.com", LANTERN_SELF_MONITORING: "false" });
  const projects = { shop: 0, blog: 0 };
  const users: Record<"owner" | "member", string> = { owner: "", member: "" };
  const issueOf = new Map<string, number>();
  const eventsOf = new Map<string, string[]>();
  const now = Date.now();

  async function contextOf(who: keyof typeof users, scopes?: Permission[]): Promise<AccessContext> {
    const viewer = (await loadViewer(database.db, users[who], scopes))!;
    return { db: database.db, database, config, viewer, source: { actor: viewer.actor, actorEmail: viewer.email, ipAddress: "192.0.2.1", userAgent: "vitest" } };
  }

  async function addUser(role: Role): Promise<string> {
    const id = randomUUID();
    const at = new Date().toISOString();
    await database.db
      .insertInto("users")
      .values({ id, name: `${role} person`, email: `${role}@lantern.test`, email_verified: testDialect === "postgres" ? false : 0, image: null, role, created_at: at, updated_at: at })
      .execute();
    return id;
  }

  async function send(project: keyof typeof projects, title: string, minutesAgo: number): Promise<void> {
    await storeFixtureEvent(database.db, projects[project], "node-message.envelope", (event) => {
      event.message = title;
      event.timestamp = (now - minutesAgo * 60_000) / 1000;
      event.environment = "production";
      eventsOf.set(title, [...(eventsOf.get(title) ?? []), event.event_id as string]);
    });
  }

  async function refusal(promise: Promise<unknown>): Promise<string | false> {
    const error = await promise.then(
      () => null,
      (caught: unknown) => caught,
    );
    return isAppError(error) && error.code;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    projects.shop = (await insertProject(database.db, { name: "shop", platform: "node" })).project.id;
    projects.blog = (await insertProject(database.db, { name: "blog" })).project.id;
    users.owner = await addUser("owner");
    users.member = await addUser("member");
    const team = await database.db.insertInto("teams").values({ slug: "shop-team", name: "Shop team", created_at: now }).returning("id").executeTakeFirstOrThrow();
    await database.db.insertInto("team_members").values({ team_id: team.id, user_id: users.member }).execute();
    await database.db.insertInto("team_projects").values({ team_id: team.id, project_id: projects.shop }).execute();
    for (const [title, minutesAgo] of [
      ["Alpha failed", 50],
      ["Beta failed", 40],
      ["Gamma failed", 30],
      ["Alpha failed", 20],
    ] as const) {
      await send("shop", title, minutesAgo);
    }
    await send("blog", "Delta failed", 10);
    while ((await digestBatch(database)) > 0);
    for (const row of await database.db.selectFrom("issues").select(["id", "title"]).execute()) issueOf.set(row.title, row.id);
  });
  afterAll(() => database.destroy());

  const idOf = (title: string) => issueOf.get(title)!;

  it("lists only the member's team's projects, with their team and organization", async () => {
    const mine = await listApiProjects(await contextOf("member"));
    expect(mine.map((project) => project.slug)).toEqual(["shop"]);
    expect(ApiProject.parse(mine[0])).toEqual(mine[0]);
    expect(mine[0]).toMatchObject({ id: String(projects.shop), platform: "node", isMember: true, teams: [{ slug: "shop-team", name: "Shop team" }], organization: { slug: "lantern" } });
    expect((await listApiProjects(await contextOf("owner"))).map((project) => project.slug)).toEqual(["blog", "shop"]);
  });

  it("pages the organization's issues forward and back by the Link cursors, never showing another team's", async () => {
    const context = await contextOf("member");
    const request = parseIssueListRequest(new URLSearchParams("limit=1"), "organization");
    const forward: string[] = [];
    let page = await listApiIssues(context, { request, now });
    forward.push(...page.issues.map((issue) => issue.title));
    while (page.next.hasResults) {
      page = await listApiIssues(context, { request: { ...request, cursor: parseCursor(page.next.cursor) }, now });
      forward.push(...page.issues.map((issue) => issue.title));
    }
    expect(forward).toEqual(["Alpha failed", "Gamma failed", "Beta failed"]);
    const backward: string[] = [];
    while (page.previous.hasResults) {
      page = await listApiIssues(context, { request: { ...request, cursor: parseCursor(page.previous.cursor) }, now });
      backward.push(...page.issues.map((issue) => issue.title));
    }
    expect(backward).toEqual(["Gamma failed", "Alpha failed"]);

    const everything = await listApiIssues(await contextOf("owner"), { request: parseIssueListRequest(new URLSearchParams(""), "organization"), now });
    expect(everything.issues.map((issue) => issue.title)).toEqual(["Delta failed", "Alpha failed", "Gamma failed", "Beta failed"]);
    const alpha = everything.issues[1]!;
    expect(ApiIssue.parse(alpha)).toEqual(alpha);
    expect(alpha).toMatchObject({ count: "2", shortId: `SHOP-${idOf("Alpha failed")}`, project: { slug: "shop" }, metadata: { title: "Alpha failed" } });
    expect(alpha.stats!["24h"]!.reduce((sum, [, count]) => sum + count, 0)).toBe(2);
    const narrowed = await listApiIssues(await contextOf("owner"), { request: parseIssueListRequest(new URLSearchParams("query=alpha"), "organization"), projectIds: [projects.shop], now });
    expect(narrowed.issues.map((issue) => issue.title)).toEqual(["Alpha failed"]);
    expect(() => parseIssueListRequest(new URLSearchParams("query=is:open"), "project")).toThrow(/Invalid query/);
  });

  it("changes status through the issue verbs and answers Sentry's statusDetails", async () => {
    const context = await contextOf("member", ["read", "write"]);
    const ids = [idOf("Beta failed"), idOf("Gamma failed")];
    expect(await updateApiIssues(context, ids, parseIssueUpdate({ status: "resolved", statusDetails: { inRelease: "shop@2.0" } }))).toEqual({ status: "resolved", statusDetails: { inRelease: "shop@2.0" } });
    expect(await updateApiIssues(context, ids, parseIssueUpdate({ status: "ignored", statusDetails: { ignoreCount: 5 } }))).toEqual({ status: "ignored", statusDetails: { ignoreCount: 5 } });
    expect(await updateApiIssues(context, ids, parseIssueUpdate({ status: "unresolved", assignedTo: "member@lantern.test" }))).toEqual({
      status: "unresolved",
      statusDetails: {},
      assignedTo: { type: "user", id: users.member, name: "member person", email: "member@lantern.test" },
    });
    const statuses = await database.db.selectFrom("issues").select(["status", "assignee_user_id"]).where("id", "in", ids).execute();
    expect(statuses).toEqual([
      { status: "unresolved", assignee_user_id: users.member },
      { status: "unresolved", assignee_user_id: users.member },
    ]);
    expect(() => parseIssueUpdate({ status: "open" })).toThrow(/status/);
    expect(() => parseIssueUpdate({})).toThrow(/Nothing to change/);
  });

  it("refuses another team's issues as not found and a read-only token's changes as forbidden", async () => {
    const member = await contextOf("member", ["read", "write"]);
    const delta = idOf("Delta failed");
    const resolve = parseIssueUpdate({ status: "resolved" });
    expect(await refusal(updateApiIssues(member, [idOf("Alpha failed"), delta], resolve))).toBe("not_found");
    expect(await refusal(getApiIssue(member, String(delta)))).toBe("not_found");
    expect(await refusal(listApiIssueEvents(member, String(delta), new URLSearchParams()))).toBe("not_found");
    expect(await refusal(getApiProjectEvent(member, "blog", eventsOf.get("Delta failed")![0]!))).toBe("not_found");
    expect(await refusal(listApiProjectKeys(member, "blog", null))).toBe("not_found");
    expect(await refusal(selectBulkIssues(member, { params: new URLSearchParams(`id=${delta}`), projectId: projects.shop, mayUseQuery: true }))).toBe("not_found");
    const readOnly = await contextOf("owner", ["read"]);
    expect(await refusal(updateApiIssues(readOnly, [delta], resolve))).toBe("forbidden");
    expect(await refusal(createApiProjectKey(readOnly, "blog", {}))).toBe("forbidden");
    expect(await database.db.selectFrom("issues").select("status").where("id", "=", delta).executeTakeFirstOrThrow()).toEqual({ status: "unresolved" });
  });

  it("without ids, changes the issues the query matches (Sentry's implicit update-all), only in the endpoint's project", async () => {
    const owner = await contextOf("owner");
    const ids = await selectBulkIssues(owner, { params: new URLSearchParams("query=Alpha"), projectId: projects.shop, mayUseQuery: true });
    expect(ids).toEqual([idOf("Alpha failed")]);
    const wrongProject = await refusal(selectBulkIssues(owner, { params: new URLSearchParams(`id=${idOf("Delta failed")}`), projectId: projects.shop, mayUseQuery: true }));
    expect(wrongProject).toBe("not_found");
  });

  it("reads an issue, its events (short and full), its latest and oldest event, an event by id and its hashes", async () => {
    const context = await contextOf("member");
    const alpha = idOf("Alpha failed");
    const [olderId, newerId] = eventsOf.get("Alpha failed")!;
    const details = await getApiIssue(context, `SHOP-${alpha}`);
    expect(ApiIssueDetails.parse(details)).toEqual(details);
    expect(details.activity.map((entry) => entry.type)).toContain("first_seen");
    expect(details.stats["30d"]).toHaveLength(30);

    const short = await listApiIssueEvents(context, String(alpha), new URLSearchParams("limit=1"));
    expect(short.events.map((event) => event.eventID)).toEqual([newerId]);
    expect(short.next.hasResults).toBe(true);
    const rest = await listApiIssueEvents(context, String(alpha), new URLSearchParams(`full=true&cursor=${short.next.cursor}`));
    expect(rest.events.map((event) => event.eventID)).toEqual([olderId]);
    expect(ApiEvent.parse(rest.events[0])).toEqual(rest.events[0]);
    expect(rest.next.hasResults).toBe(false);

    const latest = await getApiIssueEvent(context, String(alpha), "latest");
    expect(latest).toMatchObject({ eventID: newerId, groupID: String(alpha), previousEventID: olderId, nextEventID: null, message: "Alpha failed" });
    expect((await getApiIssueEvent(context, String(alpha), "oldest")).eventID).toBe(olderId);
    expect((await getApiProjectEvent(context, "shop", olderId!)).nextEventID).toBe(newerId);
    expect(await refusal(getApiIssueEvent(context, String(alpha), "0".repeat(32)))).toBe("not_found");

    const hashes = await listApiIssueHashes(context, String(alpha));
    expect(hashes.length).toBeGreaterThan(0);
    const joinedBy = hashes.find((hash) => hash.latestEvent !== null)!;
    expect(joinedBy.latestEvent!.eventID).toBe(newerId);
    expect(joinedBy.latestEvent!.fingerprints).toEqual([joinedBy.id]);
  });

  it("creates a client key for an admin, with its DSN and rate limit, and records it in the audit log", async () => {
    const owner = await contextOf("owner", ["read", "write", "admin"]);
    const key = await createApiProjectKey(owner, "shop", { name: "CI", rateLimit: { window: 60, count: 100 } });
    expect(ApiProjectKey.parse(key)).toEqual(key);
    expect(key).toMatchObject({ name: "CI", isActive: true, projectId: projects.shop, rateLimit: { window: 60, count: 100 }, secret: null });
    expect(key.dsn.public).toBe(`https://${key.public}@lantern.example.com/${projects.shop}`);
    expect((await listApiProjectKeys(owner, String(projects.shop), "active")).map((listed) => listed.name)).toEqual(["Default", "CI"]);
    const audit = await database.db.selectFrom("audit_log").select(["action", "target", "actor"]).where("action", "=", "key.created").execute();
    expect(audit).toEqual([{ action: "key.created", target: "project:shop", actor: "user:owner@lantern.test" }]);
    expect(await refusal(createApiProjectKey(await contextOf("member", ["read", "write", "admin"]), "shop", {}))).toBe("forbidden");
  });
});
