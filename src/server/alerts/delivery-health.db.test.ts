import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { storeFixtureEvent } from "../../../tests/support/event-envelopes";
import { startSmtpInbox, type SmtpInbox } from "../../../tests/support/smtp-inbox";
import { createTestAuth, createTestConfig, createTestContext, createTestUser, type TestUser } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import type { LanternConfig } from "../config";
import { digestBatch } from "../digest/digest-batch";
import { createProject } from "../projects/create-project";
import { addTeamMember } from "../teams/add-team-member";
import { addTeamProject } from "../teams/add-team-project";
import { createTeam } from "../teams/create-team";
import { sendDueDeliveries } from "./alert-sender";
import { createAlertRule } from "./create-alert-rule";
import { createNotificationChannel } from "./create-notification-channel";
import { listChannelDeliveryHealth, listRuleDeliveryHealth } from "./list-delivery-health";
import { listEmailingRules } from "./list-emailing-rules";
import { actionIds, conditionIds } from "./rule-schema";

/**
 * "No silent failures" (issue 26, acceptance 1) at the level of the verbs: the project's default rule runs
 * the real delivery path — digest decides, the sender attempts (nodemailer to a real smtp-server, node:http
 * to a real receiver) — and the health verbs say what is failing, from the outbox rows alone.
 */
describe(`delivery health on ${testDialect}`, () => {
  let inbox: SmtpInbox;
  let database: TestDatabase;
  let receiver: Server | undefined;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  afterAll(() => inbox.close());
  afterEach(async () => {
    if (receiver) await new Promise((resolve) => receiver!.close(resolve));
    receiver = undefined;
    await database.destroy();
  });

  /** An owner, a project made with the e-mail box ticked ("Notify on every new issue"), and its first issue digested. */
  async function projectWithNewIssue(environment: Record<string, string>): Promise<{ config: LanternConfig; context: AccessContext; owner: TestUser; projectSlug: string; projectId: number; ruleId: number }> {
    database = await createTestDatabase();
    const config = createTestConfig({ LANTERN_WEBHOOK_ALLOW_PRIVATE: "true", LANTERN_ALERT_TIMEOUT_SECONDS: "2", ...environment });
    const owner = await createTestUser(database, createTestAuth(database, config), "owner");
    const context = await createTestContext(database, config, owner.userId);
    const { project } = await createProject(context, { name: `Shop ${Date.now()}`, platform: "node", alertOnNewIssues: true });
    const rule = await database.db.selectFrom("alert_rules").select("id").where("project_id", "=", project.id).executeTakeFirstOrThrow();
    await storeFixtureEvent(database.db, project.id, "node-exception.envelope");
    await digestBatch(database);
    return { config, context, owner, projectSlug: project.slug, projectId: project.id, ruleId: Number(rule.id) };
  }

  it("without SMTP: the default rule's e-mail fails, and the rule and the instance say so with the error", async () => {
    const { config, context, projectSlug, ruleId } = await projectWithNewIssue({});
    expect(await listRuleDeliveryHealth(context, { projectSlug })).toEqual(new Map());
    expect(await sendDueDeliveries(database, config)).toBe(1);

    const health = await listRuleDeliveryHealth(context, { projectSlug });
    expect([...health.keys()]).toEqual([ruleId]);
    expect(health.get(ruleId)).toEqual([{ target: { kind: "email" }, failing: expect.objectContaining({ count: 1, retrying: 0, isAtLeast: false, lastError: "E-mail is not configured (LANTERN_SMTP_URL)." }) }]);
    const instance = await listChannelDeliveryHealth(context);
    expect(instance.email).toMatchObject({ count: 1, lastError: "E-mail is not configured (LANTERN_SMTP_URL)." });
    expect(instance.channels).toEqual([]);
    expect((await listEmailingRules(context)).rules).toEqual([{ projectSlug, projectName: expect.stringMatching(/^Shop /), ruleId, ruleName: "Notify on every new issue", isMuted: false }]);
  });

  it("with a real SMTP server: the same flow delivers the e-mail and nothing is failing", async () => {
    const { config, context, owner, projectSlug } = await projectWithNewIssue({ LANTERN_SMTP_URL: inbox.url });
    expect(await sendDueDeliveries(database, config)).toBe(1);
    const mail = await inbox.waitForMail(owner.email);
    expect(mail.subject).toContain("New issue");
    expect(await listRuleDeliveryHealth(context, { projectSlug })).toEqual(new Map());
    expect((await listChannelDeliveryHealth(context)).email).toBeNull();
  });

  it("a webhook answering 500 shows as failing — count, still retrying, last error — on its rule and channel, until one is delivered", async () => {
    const { config, context, projectSlug, projectId } = await projectWithNewIssue({ LANTERN_SMTP_URL: inbox.url });
    let status = 500;
    receiver = createServer((request, response) => {
      request.resume();
      request.on("end", () => response.writeHead(status, { "content-type": "text/plain" }).end(status === 500 ? "database down" : "ok"));
    });
    await new Promise<void>((resolve) => receiver!.listen(0, "127.0.0.1", resolve));
    const channel = await createNotificationChannel(context, { name: "Ops hook", kind: "webhook", url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook` });
    const rule = await createAlertRule(context, { projectSlug, rule: { name: "Every event to ops", frequency: 5, conditions: [{ id: conditionIds.firstSeen }], actions: [{ id: actionIds.service, service: channel.slug }] } });
    for (const message of ["first outage", "second outage"]) {
      await storeFixtureEvent(database.db, projectId, "node-exception.envelope", (event) => {
        event.exception = { values: [{ type: "OutageError", value: message }] };
        event.fingerprint = [message];
      });
      await digestBatch(database);
    }
    const start = Date.now();
    await sendDueDeliveries(database, config, { now: start });

    const failing = (await listRuleDeliveryHealth(context, { projectSlug })).get(Number(rule.id));
    expect(failing).toEqual([{ target: { kind: "channel", slug: channel.slug, name: "Ops hook" }, failing: expect.objectContaining({ count: 2, retrying: 2, lastResponseCode: 500, lastError: "HTTP 500: database down" }) }]);
    const instance = await listChannelDeliveryHealth(context);
    expect(instance.channels).toEqual([{ target: { kind: "channel", slug: channel.slug, name: "Ops hook" }, failing: expect.objectContaining({ count: 2, lastError: "HTTP 500: database down" }) }]);

    // The receiver recovers: the retries are delivered and nothing is failing any more.
    status = 200;
    await sendDueDeliveries(database, config, { now: start + 60_000, random: () => 0.5 });
    expect((await listRuleDeliveryHealth(context, { projectSlug })).get(Number(rule.id))).toBeUndefined();
    expect((await listChannelDeliveryHealth(context)).channels).toEqual([]);
  });

  it("a member reads a project's rule health; channel health is for owners and admins; rules of unseen projects are not listed", async () => {
    const { config, context, projectSlug, projectId } = await projectWithNewIssue({});
    const other = await createProject(context, { name: `Hidden ${Date.now()}`, platform: "node", alertOnNewIssues: true });
    const member = await createTestUser(database, createTestAuth(database, config), "member");
    const team = await createTeam(context, { name: `Team ${Date.now()}` });
    await addTeamMember(context, { teamId: team.id, userId: member.userId });
    await addTeamProject(context, { teamId: team.id, projectId });
    const memberContext = await createTestContext(database, config, member.userId);
    await sendDueDeliveries(database, config);

    expect((await listRuleDeliveryHealth(memberContext, { projectSlug })).size).toBe(1);
    await expect(listRuleDeliveryHealth(memberContext, { projectSlug: other.project.slug })).rejects.toMatchObject({ code: "not_found" });
    await expect(listChannelDeliveryHealth(memberContext)).rejects.toMatchObject({ code: "forbidden" });
    expect((await listEmailingRules(memberContext)).rules.map((rule) => rule.projectSlug)).toEqual([projectSlug]);
    expect((await listEmailingRules(context)).rules.map((rule) => rule.projectSlug).sort()).toEqual([projectSlug, other.project.slug].sort());
  });
});
