import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeFixtureEvent } from "../../../tests/support/event-envelopes";
import { createTestAuth, createTestConfig, createTestContext, createTestUser, type TestUser } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { digestBatch } from "../digest/digest-batch";
import { assignIssue } from "../issues/assign-issue";
import { resolveIssue } from "../issues/resolve-issue";
import { createProject } from "../projects/create-project";
import { createAlertRule } from "./create-alert-rule";
import { actionIds, conditionIds, filterIds } from "./rule-schema";

/**
 * Alerts over the assignee of migration 0017 (a person or a team), on both dialects: the "assigned to"
 * filter matches a team by id, a member by user id, or nobody; IssueOwners e-mails the assigned person or
 * every member of the assigned team; the regression workflow e-mail goes to them too.
 */
describe(`alerts and assignees on ${testDialect}`, () => {
  let database: TestDatabase;
  let owner: AccessContext;
  let projectId: number;
  let projectSlug: string;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let teamId: number;

  beforeEach(async () => {
    database = await createTestDatabase();
    const config = createTestConfig();
    const auth = createTestAuth(database, config);
    owner = await createTestContext(database, config, (await createTestUser(database, auth, "owner")).userId);
    const created = await createProject(owner, { name: `Billing ${Date.now()}`, platform: "node", alertOnNewIssues: false });
    projectId = created.project.id;
    projectSlug = created.project.slug;
    [alice, bob, carol] = [await createTestUser(database, auth, "member"), await createTestUser(database, auth, "member"), await createTestUser(database, auth, "member")];
    teamId = await team("billing", [alice, bob]);
    await team("support", [carol]);
  });
  afterEach(() => database.destroy());

  async function team(slug: string, people: TestUser[]): Promise<number> {
    const { id } = await database.db.insertInto("teams").values({ slug, name: slug, created_at: Date.now() }).returning("id").executeTakeFirstOrThrow();
    await database.db.insertInto("team_members").values(people.map((person) => ({ team_id: id, user_id: person.userId }))).execute();
    await database.db.insertInto("team_projects").values({ team_id: id, project_id: projectId }).execute();
    return Number(id);
  }
  async function rule(name: string, filter: Record<string, unknown>, action: Record<string, unknown> = { targetType: "IssueOwners", fallthroughType: "NoOne" }): Promise<number> {
    const created = await createAlertRule(owner, {
      projectSlug,
      rule: { name, actionMatch: "any", filterMatch: "all", frequency: 5, conditions: [{ id: conditionIds.regression }], filters: [{ id: filterIds.assignedTo, ...filter }], actions: [{ id: actionIds.email, ...action }] },
    });
    return Number(created.id);
  }
  async function send(): Promise<number> {
    let eventId = "";
    await storeFixtureEvent(database.db, projectId, "node-exception.envelope", (event) => {
      eventId = event.event_id as string;
    });
    await digestBatch(database);
    return Number((await database.db.selectFrom("events").select("issue_id").where("event_id", "=", eventId).executeTakeFirstOrThrow()).issue_id);
  }
  /** Resolves the issue, sends it again (a regression), and returns who got what since `afterId`. */
  async function regress(issueId: number, afterId: number): Promise<[string | null, string, number | null][]> {
    await resolveIssue(owner, { issueId, kind: "now" });
    await send();
    const rows = await database.db.selectFrom("alert_deliveries").select(["recipient", "reason", "rule_id"]).where("id", ">", afterId).where("reason", "!=", "assigned").orderBy("id").execute();
    return rows.map((row) => [row.recipient, row.reason, row.rule_id === null ? null : Number(row.rule_id)]);
  }
  const lastDelivery = async () => Number((await database.db.selectFrom("alert_deliveries").select((eb) => eb.fn.max("id").as("id")).executeTakeFirst())?.id ?? 0);

  it("matches a team, a member or nobody, and e-mails the assigned person or the team's members", async () => {
    const toTeam = await rule("Billing's", { targetType: "Team", targetIdentifier: String(teamId) });
    const toCarol = await rule("Carol's", { targetType: "Member", targetIdentifier: carol.userId });
    const ownerEmail = owner.viewer.email;
    const toNobody = await rule("Nobody's", { targetType: "Unassigned" }, { targetType: "Member", targetIdentifier: owner.viewer.userId });
    const issueId = await send();

    // Unassigned: only the rule for nobody's issues fires (IssueOwners with fallthrough NoOne would reach nobody).
    expect(await regress(issueId, await lastDelivery())).toEqual([[ownerEmail, "regressed", toNobody]]);

    await assignIssue(owner, { issueId, assignee: "#billing" });
    const team = await regress(issueId, await lastDelivery());
    expect(team.filter(([, reason]) => reason === "regressed").map(([recipient, , ruleId]) => [recipient, ruleId]).sort()).toEqual([
      [alice.email, toTeam],
      [bob.email, toTeam],
    ].sort());
    expect(team.filter(([, reason]) => reason === "assigned_regressed").map(([recipient]) => recipient).sort()).toEqual([alice.email, bob.email].sort());

    await assignIssue(owner, { issueId, assignee: carol.email });
    const person = await regress(issueId, await lastDelivery());
    expect(person).toEqual([
      [carol.email, "regressed", toCarol],
      [carol.email, "assigned_regressed", null],
    ]);

    await assignIssue(owner, { issueId, assignee: null });
    await database.db.deleteFrom("alert_rule_fires").execute();
    expect(await regress(issueId, await lastDelivery())).toEqual([[ownerEmail, "regressed", toNobody]]);
  });
});
