import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAuth, createTestConfig, createTestUser } from "../../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../../tests/support/test-database";
import type { Permission } from "../../access/viewer";
import { actionIds, conditionIds, filterIds } from "../../alerts/rule-schema";
import { storeFixtureEvent } from "../../../../tests/support/event-envelopes";
import { digestBatch } from "../../digest/digest-batch";
import { insertProject } from "../../projects/insert-project";
import { createApiToken } from "../../tokens/api-tokens";
import { tokenIssuerOf } from "../../tokens/org-auth-token";
import {
  alertRuleRoute,
  createAlertRuleRoute,
  createNotificationChannelRoute,
  deleteAlertRuleRoute,
  deleteNotificationChannelRoute,
  listAlertRulesRoute,
  listNotificationChannelsRoute,
  notificationChannelRoute,
  updateAlertRuleRoute,
  updateNotificationChannelRoute,
} from "./alert-routes";

/**
 * The issue-alert rules API as Sentry's clients use it (Terraform's sentry_issue_alert above all) and the
 * notification channels API, through the real route handlers with real tokens on a real database.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type RouteHandler = (request: Request, context: { params: Promise<any> }) => Promise<Response>;

const org = "lantern";
/** A public address literal: accepted by the SSRF guard without a DNS lookup; nothing is sent to it here. */
const publicHookUrl = "https://93.184.215.14/services/T000/B000/very-secret-path-Zq9x";

/**
 * What jianyuan/terraform-provider-sentry sends for a sentry_issue_alert (its CreateProjectRuleJSONRequestBody:
 * name, actionMatch, filterMatch, frequency, environment, projects, and the conditions, filters and actions as
 * its conditions_v2/filters_v2/actions_v2 blocks serialize them), using the conditions, filters and actions
 * Lantern supports. `name` on a condition and `projects` are fields Lantern does not read; they must survive.
 */
function terraformPayload(projectSlug: string, channelSlug: string) {
  return {
    name: "My issue alert",
    actionMatch: "any",
    filterMatch: "any",
    frequency: 30,
    environment: "production",
    projects: [projectSlug],
    conditions: [
      { id: conditionIds.firstSeen, name: "A new issue is created" },
      { id: conditionIds.regression },
      { id: conditionIds.reappeared },
      { id: conditionIds.eventFrequency, comparisonType: "count", value: 100, interval: "1h" },
      { id: conditionIds.uniqueUserFrequency, comparisonType: "count", value: 100, interval: "1h" },
    ],
    filters: [
      { id: filterIds.age, comparison_type: "older", value: 10, time: "minute" },
      { id: filterIds.assignedTo, targetType: "Unassigned" },
      { id: filterIds.tagged, key: "level", match: "eq", value: "error" },
      { id: filterIds.level, match: "gte", level: "50" },
    ],
    actions: [
      { id: actionIds.email, targetType: "IssueOwners", targetIdentifier: "", fallthroughType: "ActiveMembers" },
      { id: actionIds.service, service: channelSlug },
    ],
  };
}

describe(`the alert rules and notification channels API on ${testDialect}`, () => {
  let database: TestDatabase;
  const config = createTestConfig();
  const holder = globalThis as typeof globalThis & { lanternDatabase?: Promise<unknown> };
  let previousDatabase: Promise<unknown> | undefined;
  const tokens = { admin: "", adminRead: "", member: "", otherTeam: "" };
  let shop = "";
  let blog = "";
  let channelSlug = "";

  async function call(route: RouteHandler, token: string | null, path: string, params: Record<string, string>, init: { method?: string; body?: unknown } = {}): Promise<Response> {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (token) headers.authorization = `Bearer ${token}`;
    const request = new Request(`http://lantern.test${path}`, { method: init.method ?? "GET", headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
    return route(request, { params: Promise.resolve(params) });
  }
  const rulesOf = (project: string) => ({ path: `/api/0/projects/${org}/${project}/rules/`, params: { organizationSlug: org, projectSlug: project } });
  const ruleOf = (project: string, id: string) => ({ path: `/api/0/projects/${org}/${project}/rules/${id}/`, params: { organizationSlug: org, projectSlug: project, ruleId: id } });
  const channels = { path: `/api/0/organizations/${org}/notification-channels/`, params: { organizationSlug: org } };
  const channelOf = (slug: string) => ({ path: `/api/0/organizations/${org}/notification-channels/${slug}/`, params: { organizationSlug: org, channelSlug: slug } });

  async function createRule(body: unknown, token = tokens.admin, project = shop): Promise<Response> {
    const { path, params } = rulesOf(project);
    return call(createAlertRuleRoute, token, path, params, { method: "POST", body });
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    previousDatabase = holder.lanternDatabase;
    // The route handlers read the process's database, as under `lantern start`: here, this test's.
    holder.lanternDatabase = Promise.resolve(database);
    const auth = createTestAuth(database, config);
    const admin = await createTestUser(database, auth, "admin");
    const member = await createTestUser(database, auth, "member");
    const otherTeamMember = await createTestUser(database, auth, "member");
    const now = Date.now();
    shop = (await insertProject(database.db, { name: "alert shop", platform: "node" })).project.slug;
    const shopId = (await database.db.selectFrom("projects").select("id").where("slug", "=", shop).executeTakeFirstOrThrow()).id;
    blog = (await insertProject(database.db, { name: "alert blog", platform: "node" })).project.slug;
    const blogId = (await database.db.selectFrom("projects").select("id").where("slug", "=", blog).executeTakeFirstOrThrow()).id;
    const teamA = await database.db.insertInto("teams").values({ slug: "alerts-a", name: "A", created_at: now }).returning("id").executeTakeFirstOrThrow();
    const teamB = await database.db.insertInto("teams").values({ slug: "alerts-b", name: "B", created_at: now }).returning("id").executeTakeFirstOrThrow();
    await database.db.insertInto("team_members").values([{ team_id: teamA.id, user_id: member.userId }, { team_id: teamB.id, user_id: otherTeamMember.userId }]).execute();
    await database.db.insertInto("team_projects").values([{ team_id: teamA.id, project_id: shopId }, { team_id: teamB.id, project_id: blogId }]).execute();
    const token = async (userId: string, scopes: Permission[]) => (await createApiToken(database.db, { userId, name: "alerts", scopes , issuer: tokenIssuerOf(config) })).token;
    tokens.admin = await token(admin.userId, ["read", "write", "admin"]);
    tokens.adminRead = await token(admin.userId, ["read"]);
    tokens.member = await token(member.userId, ["read", "write"]);
    tokens.otherTeam = await token(otherTeamMember.userId, ["read", "write"]);
    const created = await call(createNotificationChannelRoute, tokens.admin, channels.path, channels.params, { method: "POST", body: { name: "Ops hook", kind: "webhook", url: publicHookUrl } });
    expect(created.status).toBe(201);
    channelSlug = ((await created.json()) as { slug: string }).slug;
  });

  afterAll(async () => {
    holder.lanternDatabase = previousDatabase;
    await database?.destroy();
  });

  it("creates a rule from the payload Terraform's provider sends (200, as Sentry), and GET returns exactly what was sent", async () => {
    const sent = terraformPayload(shop, channelSlug);
    const created = await createRule(sent);
    expect(created.status).toBe(200);
    const answer = (await created.json()) as Record<string, unknown>;
    expect(answer).toMatchObject({ name: sent.name, actionMatch: "any", filterMatch: "any", frequency: 30, environment: "production", projects: [shop], owner: null, status: "active", snooze: false });
    expect(typeof answer.id).toBe("string");
    expect(answer.createdBy).toMatchObject({ email: expect.stringContaining("@lantern.test") });
    expect(new Date(answer.dateCreated as string).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const { path, params } = ruleOf(shop, answer.id as string);
    const read = (await (await call(alertRuleRoute, tokens.member, path, params)).json()) as Record<string, unknown>;
    for (const field of ["name", "actionMatch", "filterMatch", "frequency", "environment", "conditions", "filters", "actions"] as const) {
      expect(read[field], field).toEqual(sent[field]);
    }
    const list = (await (await call(listAlertRulesRoute, tokens.member, rulesOf(shop).path, rulesOf(shop).params)).json()) as { id: string }[];
    expect(list.map((rule) => rule.id)).toContain(answer.id);
  });

  it("accepts Sentry's user-feedback rule (new issue + the issue's category is Feedback) and returns the filter as sent", async () => {
    const sent = {
      name: "User feedback",
      actionMatch: "any",
      filterMatch: "all",
      frequency: 5,
      environment: null,
      conditions: [{ id: conditionIds.firstSeen }],
      filters: [{ id: filterIds.issueCategory, value: "6", name: "The issue's category is equal to Feedback" }],
      actions: [{ id: actionIds.service, service: channelSlug }],
    };
    const created = await createRule(sent);
    expect(created.status).toBe(200);
    const answer = (await created.json()) as { id: string; filters: unknown[] };
    expect(answer.filters).toEqual(sent.filters);
    const { path, params } = ruleOf(shop, answer.id);
    const read = (await (await call(alertRuleRoute, tokens.member, path, params)).json()) as { filters: unknown[] };
    expect(read.filters).toEqual(sent.filters);
    const refused = await createRule({ ...sent, filters: [{ id: filterIds.issueCategory, value: "feedback" }] });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ "filters[0].value": [expect.stringContaining("expected an issue category")] });
  });

  it("makes a working rule from that payload: a new production issue of the project decides its e-mails and its channel post", async () => {
    const created = await createRule({ ...terraformPayload(shop, channelSlug), name: "Terraform rule that fires" });
    const ruleId = Number(((await created.json()) as { id: string }).id);
    const shopId = (await database.db.selectFrom("projects").select("id").where("slug", "=", shop).executeTakeFirstOrThrow()).id;
    await storeFixtureEvent(database.db, shopId, "node-exception.envelope", (event) => ((event.environment = "staging"), (event.fingerprint = ["terraform staging"])));
    await digestBatch(database);
    expect(await database.db.selectFrom("alert_deliveries").select("id").where("rule_id", "=", ruleId).execute()).toEqual([]);
    await storeFixtureEvent(database.db, shopId, "node-exception.envelope", (event) => ((event.environment = "production"), (event.fingerprint = ["terraform production"])));
    await digestBatch(database);
    const decided = await database.db.selectFrom("alert_deliveries").select(["kind", "reason", "recipient"]).where("rule_id", "=", ruleId).orderBy("id").execute();
    // IssueOwners with nobody assigned falls through to everyone who sees the project: the admin and team A's member.
    expect(decided.filter((row) => row.kind === "email")).toHaveLength(2);
    expect(decided.filter((row) => row.kind === "webhook")).toEqual([{ kind: "webhook", reason: "new", recipient: null }]);
    expect(new Set(decided.map((row) => row.reason))).toEqual(new Set(["new"]));
  });

  it("PUT replaces the whole rule, as Sentry's does (left-out fields take their defaults), and DELETE answers 202", async () => {
    const created = (await (await createRule(terraformPayload(shop, channelSlug))).json()) as { id: string };
    const { path, params } = ruleOf(shop, created.id);
    const replacement = { name: "Only regressions", conditions: [{ id: conditionIds.regression }], actions: [{ id: actionIds.service, service: channelSlug }] };
    const updated = await call(updateAlertRuleRoute, tokens.admin, path, params, { method: "PUT", body: replacement });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ id: created.id, name: "Only regressions", actionMatch: "any", filterMatch: "all", frequency: 30, environment: null, filters: [], conditions: replacement.conditions, actions: replacement.actions });
    const deleted = await call(deleteAlertRuleRoute, tokens.admin, path, params, { method: "DELETE" });
    expect(deleted.status).toBe(202);
    expect((await call(alertRuleRoute, tokens.admin, path, params)).status).toBe(404);
  });

  const valid = () => terraformPayload(shop, channelSlug);
  const badPayloads: [string, () => unknown, string][] = [
    ["an unknown condition id", () => ({ ...valid(), conditions: [{ id: "sentry.rules.conditions.made_up.MadeUpCondition" }] }), "conditions[0].id"],
    ['interval "2m"', () => ({ ...valid(), conditions: [{ id: conditionIds.eventFrequency, value: 10, interval: "2m" }] }), "conditions[0].interval"],
    ["frequency 1", () => ({ ...valid(), frequency: 1 }), "frequency"],
    ['level "45"', () => ({ ...valid(), filters: [{ id: filterIds.level, match: "gte", level: "45" }] }), "filters[0].level"],
    ["no actions", () => ({ ...valid(), actions: undefined }), "actions"],
    ["an unknown channel slug", () => ({ ...valid(), actions: [{ id: actionIds.service, service: "no-such-channel" }] }), "actions[0].service"],
    ["a Member who cannot be found", () => ({ ...valid(), actions: [{ id: actionIds.email, targetType: "Member", targetIdentifier: "12345" }] }), "actions[0].targetIdentifier"],
    ["a Team that does not exist", () => ({ ...valid(), actions: [{ id: actionIds.email, targetType: "Team", targetIdentifier: "987654" }] }), "actions[0].targetIdentifier"],
  ];

  it.each(badPayloads)("answers %s with 400 naming the field, in Lantern's detail and Sentry's field shape, and stores nothing", async (_name, payload, field) => {
    const before = await database.db.selectFrom("alert_rules").select("id").execute();
    const response = await createRule(payload());
    expect(response.status).toBe(400);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.detail).toMatch(new RegExp(`^${field.replace(/[[\].]/g, "\\$&")}: `));
    expect(body[field]).toEqual([expect.any(String)]);
    expect(await database.db.selectFrom("alert_rules").select("id").execute()).toHaveLength(before.length);
  });

  it("answers the same field errors to PUT, and leaves the rule as it was", async () => {
    const created = (await (await createRule(valid())).json()) as { id: string; name: string };
    const { path, params } = ruleOf(shop, created.id);
    const response = await call(updateAlertRuleRoute, tokens.admin, path, params, { method: "PUT", body: { ...valid(), name: "changed", frequency: 1 } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ frequency: [expect.any(String)], detail: expect.stringMatching(/^frequency: /) });
    expect(await (await call(alertRuleRoute, tokens.admin, path, params)).json()).toMatchObject({ name: created.name });
  });

  it("lets a member read rules but not create, change or delete them (403), and a read-scoped admin token likewise", async () => {
    const created = (await (await createRule(valid())).json()) as { id: string };
    const { path, params } = ruleOf(shop, created.id);
    for (const token of [tokens.member, tokens.adminRead]) {
      expect((await call(listAlertRulesRoute, token, rulesOf(shop).path, rulesOf(shop).params)).status).toBe(200);
      expect((await call(alertRuleRoute, token, path, params)).status).toBe(200);
      expect((await createRule(valid(), token)).status).toBe(403);
      expect((await call(updateAlertRuleRoute, token, path, params, { method: "PUT", body: valid() })).status).toBe(403);
      expect((await call(deleteAlertRuleRoute, token, path, params, { method: "DELETE" })).status).toBe(403);
    }
    expect((await call(alertRuleRoute, tokens.admin, path, params)).status).toBe(200);
  });

  it("answers 404 for another team's project (and its rules), whatever the method, exactly as for a missing one", async () => {
    const created = (await (await createRule(valid())).json()) as { id: string };
    const hidden = [
      await call(listAlertRulesRoute, tokens.otherTeam, rulesOf(shop).path, rulesOf(shop).params),
      await call(alertRuleRoute, tokens.otherTeam, ruleOf(shop, created.id).path, ruleOf(shop, created.id).params),
      await createRule(valid(), tokens.otherTeam),
      await call(deleteAlertRuleRoute, tokens.otherTeam, ruleOf(shop, created.id).path, ruleOf(shop, created.id).params, { method: "DELETE" }),
    ];
    expect(hidden.map((response) => response.status)).toEqual([404, 404, 404, 404]);
    const missing = await call(listAlertRulesRoute, tokens.otherTeam, rulesOf("no-such-project").path, rulesOf("no-such-project").params);
    expect(missing.status).toBe(404);
    // A rule id of another project is not found in this one.
    expect((await call(alertRuleRoute, tokens.admin, ruleOf(blog, created.id).path, ruleOf(blog, created.id).params)).status).toBe(404);
  });

  it.each([
    ["loopback", "http://127.0.0.1:9/x"],
    ["the cloud metadata address", "http://169.254.169.254/latest"],
  ])("refuses a channel URL on %s (400 naming url) without LANTERN_WEBHOOK_ALLOW_PRIVATE", async (_name, url) => {
    const response = await call(createNotificationChannelRoute, tokens.admin, channels.path, channels.params, { method: "POST", body: { name: `private ${url}`, kind: "webhook", url } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ url: [expect.any(String)], detail: expect.stringMatching(/^url: /) });
    const update = await call(updateNotificationChannelRoute, tokens.admin, channelOf(channelSlug).path, channelOf(channelSlug).params, { method: "PUT", body: { url } });
    expect(update.status).toBe(400);
  });

  it("never returns a channel's URL or secret after creation: the list, the channel and its update show a masked hint", async () => {
    const secret = "a-signing-secret-of-some-length";
    const created = await call(createNotificationChannelRoute, tokens.admin, channels.path, channels.params, { method: "POST", body: { name: "Signed hook", kind: "webhook", url: publicHookUrl, secret } });
    expect(created.status).toBe(201);
    const answer = (await created.json()) as { slug: string; secret: string; urlHint: string; hasSecret: boolean };
    expect(answer).toMatchObject({ slug: "signed-hook", secret, hasSecret: true, urlHint: "https://93.184.215.14/…/Zq9x" });
    const reads = [
      await call(listNotificationChannelsRoute, tokens.member, channels.path, channels.params),
      await call(notificationChannelRoute, tokens.member, channelOf("signed-hook").path, channelOf("signed-hook").params),
      await call(updateNotificationChannelRoute, tokens.admin, channelOf("signed-hook").path, channelOf("signed-hook").params, { method: "PUT", body: { name: "Signed hook (renamed)", secret: "another-secret-of-some-length" } }),
    ];
    for (const response of reads) {
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).toContain("Zq9x");
      expect(text).not.toContain("very-secret-path");
      expect(text).not.toContain(secret);
      expect(text).not.toContain("another-secret");
      expect(text).not.toMatch(/"(url|secret)"/);
    }
    // Its first answer also held a secret made for it when none was sent.
    const generated = (await (await call(createNotificationChannelRoute, tokens.admin, channels.path, channels.params, { method: "POST", body: { name: "Generated", kind: "webhook", url: publicHookUrl } })).json()) as { secret: string };
    expect(generated.secret).toMatch(/^[0-9a-f]{64}$/);
  });

  it("lets members list channels but only admins change them; a slug clash is 409; a channel a rule uses cannot be deleted (409 naming the rule)", async () => {
    const body = { name: "Chat", kind: "slack", url: publicHookUrl };
    expect((await call(createNotificationChannelRoute, tokens.member, channels.path, channels.params, { method: "POST", body })).status).toBe(403);
    expect((await call(createNotificationChannelRoute, tokens.admin, channels.path, channels.params, { method: "POST", body })).status).toBe(201);
    expect((await call(createNotificationChannelRoute, tokens.admin, channels.path, channels.params, { method: "POST", body })).status).toBe(409);
    const slack = await call(createNotificationChannelRoute, tokens.admin, channels.path, channels.params, { method: "POST", body: { name: "Plain slack", kind: "slack", url: "http://93.184.215.14/x" } });
    expect(slack.status).toBe(400);
    await createRule({ ...valid(), name: "Uses the chat", actions: [{ id: actionIds.service, service: "chat" }] });
    const refused = await call(deleteNotificationChannelRoute, tokens.admin, channelOf("chat").path, channelOf("chat").params, { method: "DELETE" });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { detail: string }).detail).toContain("Uses the chat");
    expect((await call(deleteNotificationChannelRoute, tokens.member, channelOf("generated").path, channelOf("generated").params, { method: "DELETE" })).status).toBe(403);
    expect((await call(deleteNotificationChannelRoute, tokens.admin, channelOf("generated").path, channelOf("generated").params, { method: "DELETE" })).status).toBe(204);
    expect((await call(notificationChannelRoute, tokens.admin, channelOf("generated").path, channelOf("generated").params)).status).toBe(404);
  });
});
