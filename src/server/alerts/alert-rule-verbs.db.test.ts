import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAuth, createTestConfig, createTestContext, createTestUser, type TestUser } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { systemContext } from "../access/system-context";
import type { LanternConfig } from "../config";
import { writeTransaction } from "../db/write-transaction";
import { AppError } from "../errors";
import { insertProject } from "../projects/insert-project";
import { addTeamMember } from "../teams/add-team-member";
import { addTeamProject } from "../teams/add-team-project";
import { createTeam } from "../teams/create-team";
import { AlertFieldError } from "./alert-field-error";
import { copyAlertRule } from "./copy-alert-rule";
import { createAlertRule, insertAlertRule } from "./create-alert-rule";
import { createNotificationChannel } from "./create-notification-channel";
import { deleteAlertRule } from "./delete-alert-rule";
import { deleteNotificationChannel } from "./delete-notification-channel";
import { getAlertRule } from "./get-alert-rule";
import { listAlertDeliveries } from "./list-alert-deliveries";
import { listAlertRules } from "./list-alert-rules";
import { listNotificationChannels } from "./list-notification-channels";
import { muteAlertRule } from "./mute-alert-rule";
import { maskWebhookUrl } from "./notification-channel-view";
import { actionIds, conditionIds, defaultRuleInput, parseRule } from "./rule-schema";
import { sendTestNotification } from "./send-test-notification";
import { updateNotificationChannel } from "./update-notification-channel";

/** The rule and channel verbs on a real database: what they store, what they refuse, and what they record. */
const publicHookUrl = "https://93.184.215.14/hooks/abcdefgh-1234";

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe(`alert rule and notification channel verbs on ${testDialect}`, () => {
  let database: TestDatabase;
  let config: LanternConfig;
  let admin: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let shop: { id: number; slug: string; name: string };
  let teamId = 0;
  let channelSlug = "";
  const contextOf = (user: TestUser, configuration = config): Promise<AccessContext> => createTestContext(database, configuration, user.userId);
  const serviceRule = (name: string, service = channelSlug) => ({ name, conditions: [{ id: conditionIds.firstSeen }], actions: [{ id: actionIds.service, service }] });

  beforeAll(async () => {
    database = await createTestDatabase();
    config = createTestConfig();
    const auth = createTestAuth(database, config);
    admin = await createTestUser(database, auth, "admin");
    member = await createTestUser(database, auth, "member");
    outsider = await createTestUser(database, auth, "member");
    shop = (await insertProject(database.db, { name: "verb shop" })).project;
    const adminContext = await contextOf(admin);
    const team = await createTeam(adminContext, { name: "Checkout" });
    teamId = team.id;
    await addTeamProject(adminContext, { teamId: team.id, projectId: shop.id });
    await addTeamMember(adminContext, { teamId: team.id, userId: member.userId });
    channelSlug = (await createNotificationChannel(adminContext, { name: "Ops", kind: "webhook", url: publicHookUrl })).slug;
  });
  afterAll(() => database.destroy());

  it("masks a webhook URL to its scheme, host and last four characters", () => {
    expect(maskWebhookUrl("https://hooks.slack.com/services/T000/B000/XXXXsecretABCD")).toBe("https://hooks.slack.com/…/ABCD");
    expect(maskWebhookUrl("https://user:pass@example.com:8443/a/very/long/path?token=zz99")).toBe("https://example.com:8443/…/zz99");
    expect(maskWebhookUrl("http://example.com/short")).toBe("http://example.com/…");
    expect(maskWebhookUrl("http://example.com")).toBe("http://example.com/");
    expect(maskWebhookUrl("not a url")).toBe("…");
  });

  it("accepts a loopback or link-local channel URL only with LANTERN_WEBHOOK_ALLOW_PRIVATE", async () => {
    const refused = await rejection(createNotificationChannel(await contextOf(admin), { name: "Local", kind: "webhook", url: "http://127.0.0.1:9/x" }));
    expect(refused).toBeInstanceOf(AlertFieldError);
    expect((refused as AlertFieldError).field).toBe("url");
    const permissive = await contextOf(admin, createTestConfig({ LANTERN_WEBHOOK_ALLOW_PRIVATE: "true" }));
    const local = await createNotificationChannel(permissive, { name: "Local", kind: "webhook", url: "http://127.0.0.1:9/x" });
    const metadata = await createNotificationChannel(permissive, { name: "Metadata", kind: "discord", url: "http://169.254.169.254/latest" });
    expect([local.slug, metadata.slug]).toEqual(["local", "metadata"]);
    expect((await rejection(updateNotificationChannel(await contextOf(admin), { channelSlug: "local", url: "http://10.0.0.1/x" }))).message).toMatch(/^url: /);
    for (const slug of ["local", "metadata"]) await deleteNotificationChannel(await contextOf(admin), { channelSlug: slug });
  });

  it("checks channel kinds, names, slugs and secrets, and never lists a URL or secret", async () => {
    const context = await contextOf(admin);
    expect((await rejection(createNotificationChannel(context, { name: "X", kind: "pagerduty", url: publicHookUrl }))).message).toMatch(/^kind: /);
    expect((await rejection(createNotificationChannel(context, { name: " ", kind: "slack", url: publicHookUrl }))).message).toMatch(/^name: /);
    expect((await rejection(createNotificationChannel(context, { name: "X", kind: "slack", url: publicHookUrl, slug: "Not A Slug" }))).message).toMatch(/^slug: /);
    expect((await rejection(createNotificationChannel(context, { name: "X", kind: "webhook", url: publicHookUrl, secret: "short" }))).message).toMatch(/^secret: /);
    expect((await rejection(createNotificationChannel(context, { name: "X", kind: "slack", url: publicHookUrl, secret: "a-secret-for-slack-please" }))).message).toMatch(/^secret: /);
    expect((await rejection(createNotificationChannel(context, { name: "X", kind: "slack", url: "ftp://93.184.215.14/x" }))).message).toMatch(/^url: /);
    const teams = await createNotificationChannel(context, { name: "Teams room", kind: "msteams", url: publicHookUrl, slug: "teams-room" });
    expect(teams).toMatchObject({ slug: "teams-room", kind: "msteams", secret: null, hasSecret: false, urlHint: "https://93.184.215.14/…/1234" });
    const listed = await listNotificationChannels(await contextOf(member));
    expect(JSON.stringify(listed)).not.toContain("abcdefgh");
    expect(listed.find((channel) => channel.slug === "teams-room")).toEqual(expect.objectContaining({ name: "Teams room", kind: "msteams" }));
    expect(await rejection(createNotificationChannel(await contextOf(member), { name: "Mine", kind: "slack", url: publicHookUrl }))).toMatchObject({ code: "forbidden" });
    const audit = await database.db.selectFrom("audit_log").select(["action", "target", "data"]).where("target", "=", "channel:teams-room").execute();
    expect(audit).toEqual([expect.objectContaining({ action: "channel.created" })]);
    expect(audit[0]!.data).not.toContain("abcdefgh");
  });

  it("stores a rule's JSON verbatim, lists and gets it, and records who made it", async () => {
    const context = await contextOf(admin);
    const sent = { ...serviceRule("Stored as sent"), filters: [], conditions: [{ id: conditionIds.eventFrequency, value: "10", interval: "1m", name: "kept", uuid: "3f1c" }] };
    const rule = await createAlertRule(context, { projectSlug: shop.slug, rule: sent });
    expect(rule).toMatchObject({ name: "Stored as sent", actionMatch: "any", filterMatch: "all", frequency: 30, environment: null, mutedUntil: null, lastFiredAt: null, createdBy: `user:${admin.email}` });
    expect(rule.conditions).toEqual(sent.conditions);
    expect(await getAlertRule(await contextOf(member), { projectSlug: shop.slug, ruleId: rule.id })).toEqual(rule);
    const { project, rules } = await listAlertRules(await contextOf(member), { projectSlug: shop.slug });
    expect(project).toEqual({ id: shop.id, slug: shop.slug, name: shop.name });
    expect(rules.map((listed) => listed.id)).toContain(rule.id);
    expect(await rejection(getAlertRule(await contextOf(outsider), { projectSlug: shop.slug, ruleId: rule.id }))).toMatchObject({ code: "not_found" });
    expect((await rejection(getAlertRule(context, { projectSlug: shop.slug, ruleId: 999_999 }))).message).toMatch(/^No alert rule 999999/);
    const audit = await database.db.selectFrom("audit_log").select(["action", "actor"]).where("action", "=", "alert.rule_created").execute();
    expect(audit).toContainEqual({ action: "alert.rule_created", actor: `user:${admin.email}` });
  });

  it("accepts e-mail to a person who sees the project or to a team, and refuses anyone else by the field", async () => {
    const context = await contextOf(admin);
    const email = (targetType: string, targetIdentifier: string) => ({ name: `to ${targetType}`, conditions: [{ id: conditionIds.firstSeen }], actions: [{ id: actionIds.email, targetType, targetIdentifier }] });
    await createAlertRule(context, { projectSlug: shop.slug, rule: email("Member", member.userId) });
    await createAlertRule(context, { projectSlug: shop.slug, rule: email("Team", String(teamId)) });
    const outside = await rejection(createAlertRule(context, { projectSlug: shop.slug, rule: email("Member", outsider.userId) }));
    expect(outside.message).toMatch(/^actions\[0\]\.targetIdentifier: /);
    expect((await rejection(createAlertRule(context, { projectSlug: shop.slug, rule: email("Team", "") }))).message).toMatch(/^actions\[0\]\.targetIdentifier: /);
  });

  it("copies a rule as “Copy of …”, mutes and unmutes it, and reports when it last fired", async () => {
    const context = await contextOf(admin);
    const original = await createAlertRule(context, { projectSlug: shop.slug, rule: serviceRule("Checkout errors") });
    const until = Date.now() + 3_600_000;
    const muted = await muteAlertRule(context, { projectSlug: shop.slug, ruleId: original.id, until });
    expect(muted.mutedUntil).toBe(until);
    const copy = await copyAlertRule(context, { projectSlug: shop.slug, ruleId: original.id });
    expect(copy).toMatchObject({ name: "Copy of Checkout errors", mutedUntil: null, conditions: original.conditions, actions: original.actions, lastFiredAt: null });
    expect(copy.id).not.toBe(original.id);
    expect((await muteAlertRule(context, { projectSlug: shop.slug, ruleId: original.id, until: null })).mutedUntil).toBeNull();
    expect((await rejection(muteAlertRule(context, { projectSlug: shop.slug, ruleId: original.id, until: Date.now() - 1000 }))).code).toBe("bad_request");
    expect(await rejection(muteAlertRule(await contextOf(member), { projectSlug: shop.slug, ruleId: original.id, until: null }))).toMatchObject({ code: "forbidden" });
    await database.db
      .insertInto("alert_rule_fires")
      .values([
        { rule_id: original.id, issue_id: 1, fired_at: 1_000 },
        { rule_id: original.id, issue_id: 2, fired_at: 5_000 },
      ])
      .execute();
    expect((await getAlertRule(context, { projectSlug: shop.slug, ruleId: original.id })).lastFiredAt).toBe(5_000);
  });

  it("insertAlertRule writes the default rule a new project starts with", async () => {
    const parsed = parseRule(defaultRuleInput);
    if (!("rule" in parsed)) throw new Error("the default rule must parse");
    const project = (await insertProject(database.db, { name: "fresh project" })).project;
    const view = await writeTransaction(database, (trx) => insertAlertRule(trx, project.id, parsed.rule, "cli", 42));
    expect(view).toMatchObject({ name: defaultRuleInput.name, createdBy: "cli", createdAt: 42, conditions: defaultRuleInput.conditions, actions: defaultRuleInput.actions });
  });

  it("sends a test through the outbox to every target of a rule, or to one channel, and shows it in the delivery log", async () => {
    const context = await contextOf(admin);
    const rule = await createAlertRule(context, {
      projectSlug: shop.slug,
      rule: { name: "Everyone", conditions: [{ id: conditionIds.firstSeen }], actions: [{ id: actionIds.service, service: channelSlug }, { id: actionIds.email, targetType: "IssueOwners", fallthroughType: "ActiveMembers" }] },
    });
    const sent = await sendTestNotification(context, { projectSlug: shop.slug, ruleId: rule.id });
    // The channel, and each person who sees the project: the owner-less fallthrough reaches the admin and the team's member.
    expect(sent.deliveries).toHaveLength(3);
    const log = await listAlertDeliveries(await contextOf(member), { projectSlug: shop.slug, ruleId: rule.id });
    expect(log.map((delivery) => delivery.deliveryId).sort()).toEqual(sent.deliveries.map((delivery) => delivery.deliveryId).sort());
    expect(log.map((delivery) => delivery.recipient).filter(Boolean).sort()).toEqual([admin.email, member.email].sort());
    expect(log.find((delivery) => delivery.kind === "webhook")).toMatchObject({ channel: { slug: channelSlug, name: "Ops" }, reason: "test", status: "pending", attempts: 0, attemptLog: [], issueTitle: expect.stringContaining("test notification") });

    const first = log[0]!;
    await database.db.insertInto("alert_delivery_attempts").values([
      { delivery_id: first.id, attempted_at: 2_000, response_code: 503, error: "Service Unavailable", duration_ms: 12 },
      { delivery_id: first.id, attempted_at: 1_000, response_code: null, error: "ECONNREFUSED", duration_ms: 3 },
    ]).execute();
    const later = await listAlertDeliveries(context, { projectSlug: shop.slug, ruleId: rule.id }, { limit: 1 });
    expect(later).toHaveLength(1);
    expect(later[0]!.attemptLog.map((attempt) => attempt.attemptedAt)).toEqual([1_000, 2_000]);

    const nobody = await createAlertRule(context, { projectSlug: shop.slug, rule: { name: "Nobody", conditions: [{ id: conditionIds.firstSeen }], actions: [{ id: actionIds.email, targetType: "IssueOwners", fallthroughType: "NoOne" }] } });
    expect((await rejection(sendTestNotification(context, { projectSlug: shop.slug, ruleId: nobody.id }))).message).toMatch(/reaches nobody/);

    const channelTest = await sendTestNotification(context, { channelSlug });
    expect(channelTest.deliveries).toHaveLength(1);
    const channelLog = await listAlertDeliveries(context, { channelSlug });
    expect(channelLog[0]!.deliveryId).toBe(channelTest.deliveries[0]!.deliveryId);
    expect(channelLog.length).toBeGreaterThanOrEqual(2);
    expect(await rejection(listAlertDeliveries(await contextOf(member), { channelSlug }))).toMatchObject({ code: "forbidden" });
    expect(await rejection(sendTestNotification(await contextOf(member), { projectSlug: shop.slug, ruleId: rule.id }))).toMatchObject({ code: "forbidden" });

    // Deleting the rule keeps what it queued (the outbox still delivers it), no longer linked to the rule.
    await deleteAlertRule(context, { projectSlug: shop.slug, ruleId: rule.id });
    const kept = await database.db.selectFrom("alert_deliveries").select(["rule_id"]).where("delivery_id", "in", sent.deliveries.map((delivery) => delivery.deliveryId)).execute();
    expect(kept).toEqual([{ rule_id: null }, { rule_id: null }, { rule_id: null }]);
  });

  it("refuses to delete a channel a rule sends to, naming the rule, and deletes it with its deliveries once unused", async () => {
    const context = await contextOf(admin);
    const spare = await createNotificationChannel(context, { name: "Spare", kind: "discord", url: publicHookUrl });
    const rule = await createAlertRule(context, { projectSlug: shop.slug, rule: serviceRule("Pages the spare", spare.slug) });
    const refused = await rejection(deleteNotificationChannel(context, { channelSlug: spare.slug }));
    expect(refused.code).toBe("conflict");
    expect(refused.message).toContain("Pages the spare");
    await sendTestNotification(context, { channelSlug: spare.slug });
    await deleteAlertRule(context, { projectSlug: shop.slug, ruleId: rule.id });
    await deleteNotificationChannel(context, { channelSlug: spare.slug });
    expect(await database.db.selectFrom("alert_deliveries").select("id").where("channel_id", "=", spare.id).execute()).toEqual([]);
    expect(await rejection(deleteNotificationChannel(context, { channelSlug: spare.slug }))).toMatchObject({ code: "not_found" });
    // A slug that merely contains another's is not "used".
    const ops2 = await createNotificationChannel(context, { name: "Op", kind: "slack", url: publicHookUrl });
    await deleteNotificationChannel(context, { channelSlug: ops2.slug });
  });

  it("lets the CLI's system actor do everything, recorded as cli", async () => {
    const system = systemContext(database, config);
    const rule = await createAlertRule(system, { projectSlug: shop.slug, rule: serviceRule("From the CLI") });
    expect(rule.createdBy).toBe("cli");
  });
});
