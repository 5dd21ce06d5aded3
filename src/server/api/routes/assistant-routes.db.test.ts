import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeFixtureEvent } from "../../../../tests/support/event-envelopes";
import { createTestAuth, createTestConfig, createTestUser } from "../../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../../tests/support/test-database";
import { digestBatch } from "../../digest/digest-batch";
import { insertProject } from "../../projects/insert-project";
import { createApiToken } from "../../tokens/api-tokens";
import { tokenIssuerOf } from "../../tokens/org-auth-token";
import { createIssueNoteRoute, issueActivitiesRoute, issueNotesRoute, issueTagRoute, issueTagValuesRoute } from "./issue-detail-routes";
import { listIssuesRoute } from "./issue-list-routes";
import { updateIssueRoute } from "./issue-routes";
import { organizationRoute } from "./project-routes";
import { organizationEventsRoute, validateOrganizationEventsRoute } from "./span-routes";
import { createTeamRoute, listTeamsRoute, updateProjectRoute } from "./team-routes";
import { authUserRoute } from "./user-routes";

/**
 * The endpoints Sentry's MCP server added to /api/0/, through the real route handlers with real tokens on a
 * real database: their shapes, their refusals, and the parts the MCP test (tests/sentry-mcp) does not pin —
 * validation answers, errors-dataset paging and grouping, duplicate notes, tag sorts, ignore beside status.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type RouteHandler = (request: Request, context: { params: Promise<any> }) => Promise<Response>;

const org = "lantern";

describe(`the assistants' API on ${testDialect}`, () => {
  let database: TestDatabase;
  const config = createTestConfig();
  const holder = globalThis as typeof globalThis & { lanternDatabase?: Promise<unknown> };
  let previousDatabase: Promise<unknown> | undefined;
  const tokens = { owner: "", read: "", member: "" };
  let ownerEmail = "";
  let shopSlug = "";
  let issueId = "";
  let shortId = "";
  const eventIds: string[] = [];

  async function call(route: RouteHandler, token: string | null, path: string, params: Record<string, string>, init: { method?: string; body?: unknown } = {}): Promise<Response> {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (token) headers.authorization = `Bearer ${token}`;
    const request = new Request(`http://lantern.test${path}`, { method: init.method ?? "GET", headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
    return route(request, { params: Promise.resolve(params) });
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    previousDatabase = holder.lanternDatabase;
    holder.lanternDatabase = Promise.resolve(database);
    const auth = createTestAuth(database, config);
    const owner = await createTestUser(database, auth, "owner");
    ownerEmail = owner.email;
    const member = await createTestUser(database, auth, "member");
    const shop = await insertProject(database.db, { name: `assistant shop ${Date.now()}`, platform: "node" });
    shopSlug = shop.project.slug;
    const make = async (userId: string, scopes: ("read" | "write" | "admin")[]) => (await createApiToken(database.db, { userId, name: "t", scopes, issuer: tokenIssuerOf(config) })).token;
    tokens.owner = await make(owner.userId, ["read", "write", "admin"]);
    tokens.read = await make(owner.userId, ["read"]);
    tokens.member = await make(member.userId, ["read", "write"]);
    for (const [index, email] of ["ann@shop.test", "bob@shop.test", "ann@shop.test"].entries()) {
      await storeFixtureEvent(database.db, shop.project.id, "node-exception.envelope", (event) => {
        event.user = { id: `u-${email}`, email };
        event.tags = { "payment.provider": index === 1 ? "adyen" : "stripe" };
        event.environment = index === 2 ? "staging" : "production";
        event.timestamp = Date.now() / 1000 - (3 - index) * 60;
        eventIds.push(event.event_id as string);
      });
    }
    while ((await digestBatch(database)) > 0);
    const issues = (await (await call(listIssuesRoute, tokens.owner, `/api/0/organizations/${org}/issues/?query=`, { organizationSlug: org })).json()) as { id: string; shortId: string }[];
    expect(issues).toHaveLength(1);
    issueId = issues[0]!.id;
    shortId = issues[0]!.shortId;
  }, 60_000);

  afterAll(async () => {
    holder.lanternDatabase = previousDatabase;
    await database?.destroy();
  });

  it("GET /auth/ is the token's user in Sentry's shape; no credential is a 401", async () => {
    const user = (await (await call(authUserRoute, tokens.read, "/api/0/auth/", {})).json()) as Record<string, unknown>;
    expect(user).toMatchObject({ email: ownerEmail, username: ownerEmail, isActive: true, has2fa: false, isSuperuser: true, emails: [{ email: ownerEmail }] });
    expect(typeof user.id).toBe("string");
    expect(Date.parse(user.dateJoined as string)).not.toBeNaN();
    expect((await call(authUserRoute, null, "/api/0/auth/", {})).status).toBe(401);
  });

  it("teams: anyone who reads lists them, only admins create them (201), and the organization's regionUrl is empty over http", async () => {
    const created = await call(createTeamRoute, tokens.owner, `/api/0/organizations/${org}/teams/`, { organizationSlug: org }, { method: "POST", body: { name: "Payments" } });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ slug: "payments", name: "Payments", memberCount: 0, isMember: false });
    expect((await call(createTeamRoute, tokens.member, `/api/0/organizations/${org}/teams/`, { organizationSlug: org }, { method: "POST", body: { name: "Other" } })).status).toBe(403);
    const teams = (await (await call(listTeamsRoute, tokens.member, `/api/0/organizations/${org}/teams/`, { organizationSlug: org })).json()) as { slug: string }[];
    expect(teams.map((team) => team.slug)).toEqual(["payments"]);
    const organization = (await (await call(organizationRoute, tokens.read, `/api/0/organizations/${org}/`, { organizationSlug: org })).json()) as { links: { regionUrl: string } };
    expect(organization.links.regionUrl).toBe("");
  });

  it("PUT on a project renames it and refuses a new slug", async () => {
    const path = `/api/0/projects/${org}/${shopSlug}/`;
    const renamed = await call(updateProjectRoute, tokens.owner, path, { organizationSlug: org, projectSlug: shopSlug }, { method: "PUT", body: { name: "Shop renamed", platform: "python" } });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ slug: shopSlug, name: "Shop renamed", platform: "python" });
    const slug = await call(updateProjectRoute, tokens.owner, path, { organizationSlug: org, projectSlug: shopSlug }, { method: "PUT", body: { slug: "other-slug" } });
    expect(slug.status).toBe(400);
    expect((await call(updateProjectRoute, tokens.read, path, { organizationSlug: org, projectSlug: shopSlug }, { method: "PUT", body: { name: "x" } })).status).toBe(403);
    // A member of no team does not see the project at all.
    expect((await call(updateProjectRoute, tokens.member, path, { organizationSlug: org, projectSlug: shopSlug }, { method: "PUT", body: { name: "x" } })).status).toBe(404);
  });

  it("the errors dataset groups, counts distinct users, sorts and pages with a Link header", async () => {
    const query = (params: string) => call(organizationEventsRoute, tokens.read, `/api/0/organizations/${org}/events/?${params}`, { organizationSlug: org });
    const grouped = (await (await query("dataset=errors&field=user.email&field=count()&field=count_unique(user)&sort=-count()")).json()) as { data: Record<string, unknown>[]; meta: { fields: Record<string, string> } };
    expect(grouped.data).toEqual([
      { "user.email": "ann@shop.test", "count()": 2, "count_unique(user)": 1 },
      { "user.email": "bob@shop.test", "count()": 1, "count_unique(user)": 1 },
    ]);
    expect(grouped.meta.fields).toEqual({ "user.email": "string", "count()": "integer", "count_unique(user)": "integer" });
    const firstPage = await query("dataset=discover&field=id&field=timestamp&per_page=2");
    const rows = (await firstPage.json()) as { data: { id: string }[] };
    expect(rows.data.map((row) => row.id)).toEqual([eventIds[2], eventIds[1]]);
    expect(firstPage.headers.get("link")).toContain('rel="next"; results="true"; cursor="0:2:0"');
    const secondPage = (await (await query("dataset=errors&field=id&per_page=2&cursor=0:2:0")).json()) as { data: { id: string }[] };
    expect(secondPage.data.map((row) => row.id)).toEqual([eventIds[0]]);
    const filtered = (await (await query(`dataset=errors&field=id&field=tags[payment.provider]&query=${encodeURIComponent("payment.provider:stripe !environment:staging")}`)).json()) as { data: Record<string, string>[] };
    expect(filtered.data).toEqual([{ id: eventIds[0], "tags[payment.provider]": "stripe" }]);
    expect((await query(`dataset=errors&field=id&query=${encodeURIComponent(`issue:${shortId}`)}`)).status).toBe(200);
    const unknown = await query("dataset=errors&field=bogus.field");
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { detail: string }).detail).toMatch(/Unknown field "bogus.field"/);
  });

  it("events/validate answers every dataset Lantern has and names what is wrong", async () => {
    const validate = async (params: string) => (await (await call(validateOrganizationEventsRoute, tokens.read, `/api/0/organizations/${org}/events/validate/?${params}`, { organizationSlug: org })).json()) as Record<string, unknown> & { valid: boolean };
    const errors = await validate("dataset=errors&field=title&field=count()&orderby=-count()&query=level:error&statsPeriod=24h");
    expect(errors).toMatchObject({ valid: true, dataset: [{ name: "errors", valid: true, error: null }], field: [{ name: "title", valid: true, attrType: "string", error: null }, { name: "count()", valid: true, attrType: "number", error: null }], orderby: [{ name: "-count()", valid: true }], query: { valid: true, error: null, fields: [{ name: "level", valid: true }] }, projects: [], environment: [] });
    expect(await validate("dataset=spans&field=span.op&field=avg(span.duration)&orderby=-avg(span.duration)&query=span.op:db")).toMatchObject({ valid: true });
    expect(await validate("dataset=logs&field=message&field=severity&query=severity:error")).toMatchObject({ valid: true });
    const wrong = await validate("dataset=spans&field=span.op&field=nonsense&query=nokey:1&orderby=timestamp&project=no-such-project");
    expect(wrong.valid).toBe(false);
    expect(wrong).toMatchObject({ projects: [{ valid: false }], field: [{ name: "span.op", valid: true }, { name: "nonsense", valid: false, attrType: null }], query: { valid: false, fields: [{ name: "nokey", valid: false }] }, orderby: [{ name: "timestamp", valid: false }] });
    expect(await validate("dataset=profiles&field=id")).toMatchObject({ valid: false, dataset: [{ name: "profiles", valid: false }] });
  });

  it("an event id as the query finds its issue; sort=recommended is accepted", async () => {
    const search = async (query: string) => (await (await call(listIssuesRoute, tokens.read, `/api/0/organizations/${org}/issues/?sort=recommended&query=${encodeURIComponent(query)}`, { organizationSlug: org })).json()) as { id: string }[];
    expect((await search(eventIds[1]!)).map((issue) => issue.id)).toEqual([issueId]);
    expect((await search(`event.id:${eventIds[0]}`)).map((issue) => issue.id)).toEqual([issueId]);
    expect(await search("0123456789abcdef0123456789abcdef")).toEqual([]);
    expect((await search("firstSeen:-24h issue.category:error")).map((issue) => issue.id)).toEqual([issueId]);
    expect(await search("issue.category:cron")).toEqual([]);
  });

  it("issue tags: the key's totals and top values, values by sort and environment, 404 for a key the issue lacks", async () => {
    const params = { organizationSlug: org, issueId: shortId, tagKey: "payment.provider" };
    const tag = (await (await call(issueTagRoute, tokens.read, `/api/0/organizations/${org}/issues/${shortId}/tags/payment.provider/`, params)).json()) as { totalValues: number; uniqueValues: number; topValues: { value: string; count: number; query: string }[] };
    expect(tag).toMatchObject({ key: "payment.provider", name: "payment.provider", uniqueValues: 2, totalValues: 3 });
    expect(tag.topValues.map((value) => [value.value, value.count, value.query])).toEqual([
      ["stripe", 2, "payment.provider:stripe"],
      ["adyen", 1, "payment.provider:adyen"],
    ]);
    const staging = (await (await call(issueTagValuesRoute, tokens.read, `/api/0/issues/${issueId}/tags/payment.provider/values/?environment=staging`, { issueId, tagKey: "payment.provider" })).json()) as { value: string; count: number }[];
    expect(staging.map((value) => [value.value, value.count])).toEqual([["stripe", 1]]);
    const byAge = (await (await call(issueTagValuesRoute, tokens.read, `/api/0/organizations/${org}/issues/${shortId}/tags/payment.provider/values/?sort=-age`, params)).json()) as { value: string }[];
    expect(byAge.map((value) => value.value)).toEqual(["adyen", "stripe"]);
    expect((await call(issueTagValuesRoute, tokens.read, `/api/0/organizations/${org}/issues/${shortId}/tags/payment.provider/values/?sort=bogus`, params)).status).toBe(400);
    const missing = await call(issueTagRoute, tokens.read, "/", { ...params, tagKey: "nope" });
    expect(missing.status).toBe(404);
  });

  it("notes: POST answers 201 with the note, the same text again within the hour is a 400, and activities show it", async () => {
    const params = { organizationSlug: org, issueId: shortId };
    const path = `/api/0/organizations/${org}/issues/${shortId}/notes/`;
    const created = await call(createIssueNoteRoute, tokens.owner, path, params, { method: "POST", body: { text: "Refund the customers" } });
    expect(created.status).toBe(201);
    const note = (await created.json()) as { id: string; type: string; data: { text: string }; user: { email: string } };
    expect(note).toMatchObject({ type: "note", data: { text: "Refund the customers" }, user: { email: ownerEmail } });
    const again = await call(createIssueNoteRoute, tokens.owner, path, params, { method: "POST", body: { text: "Refund the customers" } });
    expect(again.status).toBe(400);
    expect((await call(createIssueNoteRoute, tokens.read, path, params, { method: "POST", body: { text: "read only" } })).status).toBe(403);
    expect((await call(createIssueNoteRoute, tokens.owner, path, params, { method: "POST", body: { text: "" } })).status).toBe(400);
    const notes = (await (await call(issueNotesRoute, tokens.read, path, params)).json()) as { id: string }[];
    expect(notes.map((item) => item.id)).toEqual([note.id]);
    const activity = (await (await call(issueActivitiesRoute, tokens.read, `/api/0/issues/${issueId}/activities/`, { issueId })).json()) as { activity: { id: string; type: string; user: unknown }[] };
    expect(activity.activity[0]).toMatchObject({ id: note.id, type: "note" });
    expect(activity.activity.at(-1)).toMatchObject({ type: "first_seen", user: null });
  });

  it("PUT on an issue reads the ignore condition beside status, as Sentry's MCP server sends it, and shows the duration", async () => {
    const response = await call(updateIssueRoute, tokens.owner, `/api/0/organizations/${org}/issues/${shortId}/`, { organizationSlug: org, issueId: shortId }, { method: "PUT", body: { status: "ignored", substatus: "archived_until_condition_met", ignoreDuration: 30 } });
    expect(response.status).toBe(200);
    const issue = (await response.json()) as { status: string; statusDetails: { ignoreDuration: number; ignoreUntil: string } };
    expect(issue).toMatchObject({ status: "ignored", statusDetails: { ignoreDuration: 30 } });
    expect(Math.abs(Date.parse(issue.statusDetails.ignoreUntil) - (Date.now() + 30 * 60_000))).toBeLessThan(60_000);
    const counted = (await (await call(updateIssueRoute, tokens.owner, "/", { issueId }, { method: "PUT", body: { status: "ignored", ignoreCount: 5, ignoreWindow: 60 } })).json()) as { statusDetails: Record<string, unknown> };
    expect(counted.statusDetails).toEqual({ ignoreCount: 5 });
  });
});
