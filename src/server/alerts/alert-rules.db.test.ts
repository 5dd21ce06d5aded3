import escapeHtml from "escape-html";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { storeFixtureEvent, type EventPatch } from "../../../tests/support/event-envelopes";
import { startSmtpInbox, type SmtpInbox } from "../../../tests/support/smtp-inbox";
import { createTestAuth, createTestConfig, createTestContext, createTestUser, type TestUser } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import type { LanternConfig } from "../config";
import { digestBatch } from "../digest/digest-batch";
import { assignIssue } from "../issues/assign-issue";
import { addIssueComment } from "../issues/add-issue-comment";
import { ignoreIssue } from "../issues/ignore-issue";
import { resolveIssue } from "../issues/resolve-issue";
import { unresolveIssue } from "../issues/unresolve-issue";
import { wakeExpiredIgnores } from "../issues/wake-expired-ignores";
import { createProject } from "../projects/create-project";
import { sendDueDeliveries } from "./alert-sender";
import { createAlertRule } from "./create-alert-rule";
import { actionIds, conditionIds, filterIds } from "./rule-schema";
import { setNotificationPreference } from "./set-notification-opt-out";

const minute = 60_000;

describe(`alert rules on ${testDialect}`, () => {
  let inbox: SmtpInbox;
  let database: TestDatabase;
  let config: LanternConfig;
  let owner: TestUser;
  let ownerContext: AccessContext;
  let projectSlug: string;
  let projectId: number;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  afterAll(() => inbox.close());

  beforeEach(async () => {
    inbox.mails.length = 0;
    database = await createTestDatabase();
    config = createTestConfig({ LANTERN_SMTP_URL: inbox.url, LANTERN_SMTP_FROM: "Lantern <alerts@lantern.test>" });
    owner = await createTestUser(database, createTestAuth(database, config), "owner");
    ownerContext = await createTestContext(database, config, owner.userId);
  });
  afterEach(() => database.destroy());

  async function newProject(alertOnNewIssues: boolean): Promise<void> {
    const created = await createProject(ownerContext, { name: `Checkout ${Date.now()}`, platform: "node", alertOnNewIssues });
    projectSlug = created.project.slug;
    projectId = created.project.id;
  }

  /** Stores one real captured Node event (patched), received at `receivedAt` with that timestamp, and digests it. */
  async function send(patch: EventPatch = () => {}, receivedAt = Date.now()): Promise<number> {
    let eventId = "";
    await storeFixtureEvent(
      database.db,
      projectId,
      "node-exception.envelope",
      (event) => {
        event.timestamp = receivedAt / 1000;
        patch(event);
        eventId = event.event_id as string;
      },
      receivedAt,
    );
    await digestBatch(database);
    const row = await database.db.selectFrom("events").select("issue_id").where("project_id", "=", projectId).where("event_id", "=", eventId).executeTakeFirstOrThrow();
    return row.issue_id!;
  }

  const deliveries = (ruleId?: number) => {
    let query = database.db.selectFrom("alert_deliveries").select(["id", "kind", "recipient", "reason", "status", "message", "issue_id", "rule_id"]).orderBy("id");
    if (ruleId !== undefined) query = query.where("rule_id", "=", ruleId);
    return query.execute();
  };

  async function addMember(email: string, { onTeam }: { onTeam: boolean }): Promise<TestUser> {
    const member = await createTestUser(database, createTestAuth(database, config), "member", email);
    if (onTeam) {
      const team = await database.db.insertInto("teams").values({ slug: `team-${email.split("@")[0]}`, name: `Team of ${email}`, created_at: Date.now() }).returning("id").executeTakeFirstOrThrow();
      await database.db.insertInto("team_members").values({ team_id: team.id, user_id: member.userId }).execute();
      await database.db.insertInto("team_projects").values({ team_id: team.id, project_id: projectId }).execute();
    }
    return member;
  }

  it("e-mails each project member once for a new issue under the default rule, not for its second event, and not whoever turned alert e-mail off", async () => {
    await newProject(true);
    const teammate = await addMember(`teammate-${Date.now()}@lantern.test`, { onTeam: true });
    const quiet = await addMember(`quiet-${Date.now()}@lantern.test`, { onTeam: true });
    const outsider = await addMember(`outsider-${Date.now()}@lantern.test`, { onTeam: false });
    await setNotificationPreference(await createTestContext(database, config, quiet.userId), { topic: "alert", projectId, enabled: false });

    const issueId = await send((event) => ((event.environment = "production"), (event.release = "checkout@4.2.0")));
    expect(await sendDueDeliveries(database, config)).toBe(2);
    const recipients = inbox.mails.map((mail) => mail.to[0]).sort();
    expect(recipients).toEqual([owner.email, teammate.email].map((address) => address.toLowerCase()).sort());
    expect(recipients).not.toContain(quiet.email.toLowerCase());
    expect(recipients).not.toContain(outsider.email.toLowerCase());

    const mail = await inbox.waitForMail(teammate.email);
    const issue = await database.db.selectFrom("issues").selectAll().where("id", "=", issueId).executeTakeFirstOrThrow();
    const link = `http://lantern.test/projects/${projectSlug}/issues/${issueId}`;
    expect(mail.subject).toContain(issue.title);
    // The culprit names a file and function (`… in <anonymous>` here), so the HTML part has it escaped.
    for (const [part, culprit] of [[mail.text, issue.culprit], [mail.html, escapeHtml(issue.culprit)]] as const) {
      expect(part).toContain(issue.title);
      expect(part).toContain(culprit);
      expect(part).toContain("production");
      expect(part).toContain("checkout@4.2.0");
      expect(part).toContain(link);
    }
    expect(mail.from).toBe("alerts@lantern.test");

    await send((event) => ((event.environment = "production"), (event.release = "checkout@4.2.0")));
    expect(await sendDueDeliveries(database, config)).toBe(0);
    expect(inbox.mails).toHaveLength(2);
    expect((await deliveries()).map((row) => row.status)).toEqual(["sent", "sent"]);
  });

  it("starts a project without rules when its creator unticks the default rule", async () => {
    await newProject(false);
    await send();
    expect(await deliveries()).toEqual([]);
  });

  async function ruleWith(conditions: unknown[], extra: Record<string, unknown> = {}): Promise<number> {
    const rule = await createAlertRule(ownerContext, {
      projectSlug,
      rule: { name: "Spike", actionMatch: "any", filterMatch: "all", frequency: 5, conditions, filters: [], actions: [{ id: actionIds.email, targetType: "Member", targetIdentifier: owner.userId }], ...extra },
    });
    return Number(rule.id);
  }

  it("fires 'more than 10 events in 1 minute' once on the 11th event, not again within the action interval, and again after it while still exceeded", async () => {
    await newProject(false);
    const ruleId = await ruleWith([{ id: conditionIds.eventFrequency, value: 10, interval: "1m", comparisonType: "count" }]);
    const start = Math.floor(Date.now() / minute) * minute - 20 * minute;
    for (let index = 0; index < 10; index++) await send(undefined, start + index * 1000);
    expect(await deliveries(ruleId)).toHaveLength(0);
    const issueId = await send(undefined, start + 10_000);
    const fired = await deliveries(ruleId);
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({ reason: "frequency", issue_id: issueId, kind: "email", recipient: owner.email });
    expect(JSON.parse(fired[0]!.message).headline).toBe("Escalating: 11 events in 1 minute");
    // Still above 10 a minute, but within the 5-minute action interval.
    for (let index = 0; index < 12; index++) await send(undefined, start + 30_000 + index * 1000);
    expect(await deliveries(ruleId)).toHaveLength(1);
    // Six minutes later: ten events in a minute are not more than ten; the eleventh is, and the interval is over.
    const later = start + 6 * minute;
    for (let index = 0; index < 10; index++) await storeFixtureEvent(database.db, projectId, "node-exception.envelope", (event) => (event.timestamp = (later + index * 1000) / 1000), later + index * 1000);
    await digestBatch(database);
    expect(await deliveries(ruleId)).toHaveLength(1);
    await send(undefined, later + 10_000);
    expect(await deliveries(ruleId)).toHaveLength(2);
  });

  it("fires 'more than 10 distinct users in 1 hour' on the 11th user, not for repeat users, and again after the action interval", async () => {
    await newProject(false);
    const ruleId = await ruleWith([{ id: conditionIds.uniqueUserFrequency, value: 10, interval: "1h" }]);
    const start = Date.now() - 3 * 3_600_000;
    const asUser = (id: string): EventPatch => (event) => (event.user = { id });
    for (let index = 0; index < 10; index++) await send(asUser(`user-${index}`), start + index * 1000);
    for (let index = 0; index < 5; index++) await send(asUser(`user-${index}`), start + 20_000 + index * 1000);
    expect(await deliveries(ruleId)).toHaveLength(0);
    await send(asUser("user-10"), start + 30_000);
    const fired = await deliveries(ruleId);
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({ reason: "users" });
    expect(JSON.parse(fired[0]!.message).headline).toBe("Escalating: 11 users affected in 1 hour");
    await send(asUser("user-11"), start + 60_000);
    expect(await deliveries(ruleId)).toHaveLength(1);
    // After the 5-minute interval, still 12 users within the hour: fires again.
    await send(asUser("user-0"), start + 7 * minute);
    expect(await deliveries(ruleId)).toHaveLength(2);
  });

  it("fires a regression for an event in a newer release of an issue resolved in a release, not for an older one", async () => {
    await newProject(false);
    const ruleId = await ruleWith([{ id: conditionIds.regression }]);
    const issueId = await send((event) => (event.release = "shop@1.0.0"));
    await resolveIssue(ownerContext, { issueId, kind: "in_release", release: "shop@2.0.0" });
    await send((event) => (event.release = "shop@1.9.0"));
    expect(await deliveries(ruleId)).toHaveLength(0);
    await send((event) => (event.release = "shop@2.1.0"));
    const fired = await deliveries(ruleId);
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({ reason: "regressed", issue_id: issueId });
    expect(JSON.parse(fired[0]!.message)).toMatchObject({ release: "shop@2.1.0" });
  });

  it("fires 'reappeared' when an issue ignored until 10 more events gets its 10th", async () => {
    await newProject(false);
    const ruleId = await ruleWith([{ id: conditionIds.reappeared }]);
    const issueId = await send();
    await ignoreIssue(ownerContext, { issueId, until: { kind: "count", count: 10 } });
    for (let index = 0; index < 9; index++) await send();
    expect(await deliveries(ruleId)).toHaveLength(0);
    await send();
    const fired = await deliveries(ruleId);
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({ reason: "reappeared", issue_id: issueId });
  });

  it("fires 'reappeared' at the first event after housekeeping woke an issue whose ignore period ended, and not after a person reopened one", async () => {
    await newProject(false);
    const ruleId = await ruleWith([{ id: conditionIds.reappeared }]);
    const issueId = await send();
    await ignoreIssue(ownerContext, { issueId, until: { kind: "duration", minutes: 30 } });
    expect(await wakeExpiredIgnores(database, Date.now() + 31 * minute)).toBe(1);
    await send(undefined, Date.now() + 32 * minute);
    expect((await deliveries(ruleId)).map((row) => row.reason)).toEqual(["reappeared"]);
    await send(undefined, Date.now() + 33 * minute);
    expect(await deliveries(ruleId)).toHaveLength(1);

    const other = await send((event) => (event.fingerprint = ["reopened by hand"]));
    await ignoreIssue(ownerContext, { issueId: other, until: { kind: "forever" } });
    await unresolveIssue(ownerContext, { issueId: other });
    await send((event) => (event.fingerprint = ["reopened by hand"]));
    expect(await deliveries(ruleId)).toHaveLength(1);
  });

  it("applies filters (level, tags, environment) and 'all' conditions", async () => {
    await newProject(false);
    const ruleId = await ruleWith(
      [{ id: conditionIds.firstSeen }],
      {
        environment: "production",
        filters: [
          { id: filterIds.level, match: "gte", level: "40" },
          { id: filterIds.tagged, key: "checkout.step", match: "eq", value: "payment" },
        ],
      },
    );
    // A fingerprint each: four new issues (Node errors group by their stack, which these share).
    const message = (text: string, patch: EventPatch): EventPatch => (event) => {
      event.fingerprint = [text];
      patch(event);
    };
    await send(message("staging failure", (event) => ((event.environment = "staging"), (event.tags = { "checkout.step": "payment" }))));
    await send(message("wrong step", (event) => ((event.environment = "production"), (event.tags = { "checkout.step": "cart" }))));
    await send(message("only a warning", (event) => ((event.environment = "production"), (event.level = "warning"), (event.tags = { "checkout.step": "payment" }))));
    expect(await deliveries(ruleId)).toHaveLength(0);
    await send(message("payment failure", (event) => ((event.environment = "production"), (event.tags = { "checkout.step": "payment" }))));
    expect(await deliveries(ruleId)).toHaveLength(1);
  });

  it("sends workflow e-mail to the assignee on assignment, on a comment and on a regression, unless they turned it off", async () => {
    await newProject(false);
    const assignee = await addMember(`assignee-${Date.now()}@lantern.test`, { onTeam: true });
    const issueId = await send();
    await assignIssue(ownerContext, { issueId, assignee: `user:${assignee.email}` });
    await addIssueComment(ownerContext, { issueId, body: "Looks like the payment provider timed out." });
    await resolveIssue(ownerContext, { issueId, kind: "now" });
    await send();
    expect((await deliveries()).map((row) => [row.reason, row.recipient])).toEqual([
      ["assigned", assignee.email],
      ["comment", assignee.email],
      ["assigned_regressed", assignee.email],
    ]);
    await sendDueDeliveries(database, config);
    const comment = inbox.mails.find((mail) => mail.text.includes("payment provider timed out"));
    expect(comment?.to).toEqual([assignee.email.toLowerCase()]);

    // Their own comment tells them nothing; with workflow e-mail off, nothing at all.
    const assigneeContext = await createTestContext(database, config, assignee.userId);
    await addIssueComment(assigneeContext, { issueId, body: "On it." });
    await setNotificationPreference(assigneeContext, { topic: "workflow", enabled: false });
    await addIssueComment(ownerContext, { issueId, body: "Any news?" });
    expect(await deliveries()).toHaveLength(3);
  });
});
