import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeFixtureEvent } from "../../../tests/support/event-envelopes";
import { createTestAuth, createTestConfig, createTestContext, createTestUser } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { systemContext } from "../access/system-context";
import { digestBatch } from "../digest/digest-batch";
import { insertProject } from "./insert-project";
import { listProjectChoices } from "../issues/search/list-project-choices";
import { ensureInternalProject } from "./ensure-internal-project";
import { listProjects } from "./list-projects";
import { listProjectsWithStats } from "./list-projects-with-stats";

const hourMs = 3_600_000;

describe(`listProjectsWithStats on ${testDialect}`, () => {
  let database: TestDatabase;
  let context: AccessContext;
  beforeEach(async () => {
    database = await createTestDatabase();
    context = systemContext(database, createTestConfig());
  });
  afterEach(() => database.destroy());

  /** An issue row as digest leaves it, with the given hourly counts (hour start → events). */
  async function seedIssue(projectId: number, status: string, hourly: [number, number][]): Promise<number> {
    const seen = hourly.map(([hour]) => hour);
    const times = hourly.reduce((total, [, count]) => total + count, 0);
    const issue = await database.db
      .insertInto("issues")
      .values({
        project_id: projectId,
        type: "error",
        title: `${status} issue`,
        culprit: "",
        level: "error",
        platform: "node",
        status,
        substatus: null,
        resolution: null,
        ignore_condition: null,
        merged_into_id: null,
        first_seen: Math.min(...seen),
        last_seen: Math.max(...seen) + 60_000,
        times_seen: times,
        users_seen: 0,
        first_release: null,
        last_release: null,
        status_changed_at: Math.min(...seen),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (hourly.length > 0) await database.db.insertInto("issue_hourly_counts").values(hourly.map(([hour, count]) => ({ issue_id: issue.id, hour, count }))).execute();
    return issue.id;
  }

  it("shows digested events per hour and the unresolved issues they opened, per project", async () => {
    const now = Date.now();
    const currentHour = now - (now % hourMs);
    const shop = await insertProject(database.db, { name: "Shop" });
    const quiet = await insertProject(database.db, { name: "Quiet" });
    const at = (hoursAgo: number) => (event: Record<string, unknown>) => (event.timestamp = (currentHour - hoursAgo * hourMs + 60_000) / 1000);
    for (const hoursAgo of [0, 0, 3]) await storeFixtureEvent(database.db, shop.project.id, "node-exception.envelope", at(hoursAgo));
    await storeFixtureEvent(database.db, shop.project.id, "node-message.envelope", at(3));
    while ((await digestBatch(database)) > 0);

    const rows = await listProjectsWithStats(context, now);
    const bySlug = Object.fromEntries(rows.map((row) => [row.slug, row]));
    const expected = new Array<number>(24).fill(0);
    expected[23] = 2;
    expected[20] = 2;
    expect(bySlug.shop).toMatchObject({ id: shop.project.id, name: "Shop", platform: "other", unresolvedIssues: 2, eventsLast24h: 4, hourlyEvents: expected });
    expect(bySlug.quiet).toMatchObject({ id: quiet.project.id, unresolvedIssues: 0, eventsLast24h: 0, hourlyEvents: new Array<number>(24).fill(0) });
  });

  it("counts only unresolved issues, while the events of resolved and ignored ones still count as volume", async () => {
    const now = Date.UTC(2026, 0, 15, 12, 30);
    const hour = Date.UTC(2026, 0, 15, 12);
    const { project } = await insertProject(database.db, { name: "Mixed" });
    await seedIssue(project.id, "unresolved", [[hour, 2]]);
    await seedIssue(project.id, "unresolved", [[hour - hourMs, 1]]);
    await seedIssue(project.id, "resolved", [[hour, 5]]);
    await seedIssue(project.id, "ignored", [[hour - hourMs, 7]]);

    const [row] = await listProjectsWithStats(context, now);
    expect(row).toMatchObject({ unresolvedIssues: 2, eventsLast24h: 15 });
    expect(row!.hourlyEvents.slice(-2)).toEqual([8, 7]);
  });

  it("covers exactly the 24 hours ending with the current one, oldest first", async () => {
    const now = Date.UTC(2026, 0, 15, 12, 59, 59);
    const currentHour = Date.UTC(2026, 0, 15, 12);
    const { project } = await insertProject(database.db, { name: "Edges" });
    await seedIssue(project.id, "unresolved", [
      [currentHour - 24 * hourMs, 100], // 25 hours ago: outside
      [currentHour - 23 * hourMs, 1], // the oldest hour shown
      [currentHour, 3], // the current hour
      [currentHour + hourMs, 1000], // a clock ahead of ours: not shown
    ]);
    const [row] = await listProjectsWithStats(context, now);
    expect(row!.hourlyEvents).toHaveLength(24);
    expect(row!.hourlyEvents[0]).toBe(1);
    expect(row!.hourlyEvents[23]).toBe(3);
    expect(row!.eventsLast24h).toBe(4);
  });

  it("shows no volume for a project whose events are all older than 24 hours, but still its open issues", async () => {
    const now = Date.UTC(2026, 0, 15, 12, 30);
    const hour = Date.UTC(2026, 0, 15, 12);
    const busy = await insertProject(database.db, { name: "Busy" });
    const old = await insertProject(database.db, { name: "Old" });
    await seedIssue(busy.project.id, "unresolved", [[hour, 4]]);
    await seedIssue(old.project.id, "unresolved", [[hour - 48 * hourMs, 9]]);
    const bySlug = Object.fromEntries((await listProjectsWithStats(context, now)).map((row) => [row.slug, row]));
    expect(bySlug.busy).toMatchObject({ unresolvedIssues: 1, eventsLast24h: 4 });
    expect(bySlug.old).toMatchObject({ unresolvedIssues: 1, eventsLast24h: 0 });
  });

  it("lists the user's projects by name, then Lantern's own", async () => {
    await insertProject(database.db, { name: "Zebra" });
    await insertProject(database.db, { name: "Alpha" });
    await ensureInternalProject(database.db);
    expect((await listProjectsWithStats(context)).map((row) => [row.slug, row.isInternal])).toEqual([
      ["alpha", false],
      ["zebra", false],
      ["lantern", true],
    ]);
  });

  it("lists to a member only their teams' projects (with stats, as summaries and as issue-list choices), and none without a team", async () => {
    const zebra = await insertProject(database.db, { name: "Zebra" });
    const alpha = await insertProject(database.db, { name: "Alpha" });
    await insertProject(database.db, { name: "Hidden" });
    await ensureInternalProject(database.db);
    const config = createTestConfig();
    const auth = createTestAuth(database, config);
    const member = await createTestUser(database, auth, "member");
    const loner = await createTestUser(database, auth, "member");
    const team = await database.db.insertInto("teams").values({ slug: "team", name: "Team", created_at: Date.now() }).returning("id").executeTakeFirstOrThrow();
    await database.db.insertInto("team_members").values({ team_id: team.id, user_id: member.userId }).execute();
    await database.db.insertInto("team_projects").values([zebra, alpha].map(({ project }) => ({ team_id: team.id, project_id: project.id }))).execute();

    const asMember = await createTestContext(database, config, member.userId);
    expect((await listProjectsWithStats(asMember)).map((row) => row.slug)).toEqual(["alpha", "zebra"]);
    expect((await listProjects(asMember)).map((row) => row.slug)).toEqual(["alpha", "zebra"]);
    expect((await listProjectChoices(asMember)).map((row) => row.slug)).toEqual(["alpha", "zebra"]);
    const asLoner = await createTestContext(database, config, loner.userId);
    expect([await listProjectsWithStats(asLoner), await listProjects(asLoner), await listProjectChoices(asLoner)]).toEqual([[], [], []]);
    expect((await listProjectsWithStats(context)).map((row) => row.slug)).toEqual(["alpha", "hidden", "zebra", "lantern"]);
  });
});
