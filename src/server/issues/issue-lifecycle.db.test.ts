import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeFixtureEvent, type EventPatch } from "../../../tests/support/event-envelopes";
import { createTestAuth, createTestConfig, createTestContext, createTestUser } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { digestBatch } from "../digest/digest-batch";
import { insertProject } from "../projects/insert-project";
import { getIssue } from "./get-issue";
import { ignoreIssue } from "./ignore-issue";
import { mergeIssues } from "./merge-issues";
import { resolveIssue } from "./resolve-issue";
import { unmergeHashes } from "./unmerge-hashes";
import { unresolveIssue } from "./unresolve-issue";
import { wakeExpiredIgnores } from "./wake-expired-ignores";

describe(`the issue lifecycle on ${testDialect}`, () => {
  let database: TestDatabase;
  /** A signed-in member of the team that owns the project: triage is recorded under their "user:<e-mail>". */
  let context: AccessContext;
  let actor: string;
  let projectId: number;
  beforeEach(async () => {
    database = await createTestDatabase();
    projectId = (await insertProject(database.db, { name: "shop" })).project.id;
    const config = createTestConfig();
    const member = await createTestUser(database, createTestAuth(database, config), "member");
    const team = await database.db.insertInto("teams").values({ slug: "shop-team", name: "Shop team", created_at: Date.now() }).returning("id").executeTakeFirstOrThrow();
    await database.db.insertInto("team_members").values({ team_id: team.id, user_id: member.userId }).execute();
    await database.db.insertInto("team_projects").values({ team_id: team.id, project_id: projectId }).execute();
    context = await createTestContext(database, config, member.userId);
    actor = context.viewer.actor;
    expect(actor).toBe(`user:${member.email}`);
  });
  afterEach(() => database.destroy());

  /** Stores one real captured event (patched) and digests it; returns the issue it landed in. */
  async function send(fixture: string, patch?: EventPatch): Promise<number> {
    let eventId = "";
    await storeFixtureEvent(database.db, projectId, fixture, (event) => {
      patch?.(event);
      eventId = event.event_id as string;
    });
    await digestBatch(database);
    const row = await database.db.selectFrom("events").select("issue_id").where("event_id", "=", eventId).executeTakeFirstOrThrow();
    return row.issue_id!;
  }
  const exception = (patch?: EventPatch) => send("node-exception.envelope", patch);
  const message = (text: string, patch?: EventPatch) => send("node-message.envelope", (event) => ((event.message = text), patch?.(event)));
  const withRelease = (release: string | null): EventPatch => (event) => (event.release = release);
  const status = async (issueId: number) => {
    const issue = await getIssue(database.db, issueId);
    return `${issue.status}/${issue.substatus}`;
  };
  const activityKinds = async (issueId: number) =>
    (await database.db.selectFrom("issue_activity").select("kind").where("issue_id", "=", issueId).orderBy("id").execute()).map((row) => row.kind);

  it("starts an issue as unresolved/new with the first event's facts", async () => {
    const issueId = await exception(withRelease("shop@1.0.0"));
    const issue = await getIssue(database.db, issueId);
    expect(issue).toMatchObject({ status: "unresolved", substatus: "new", times_seen: 1, first_release: "shop@1.0.0", last_release: "shop@1.0.0", type: "error", level: "error", platform: "node" });
    expect(issue.title).toBe("Error: Checkout failed");
    expect(issue.culprit).not.toBe("");
    expect(await activityKinds(issueId)).toEqual(["first_seen"]);
  });

  it("reopens a resolved issue as regressed when a new event arrives, and records who did what", async () => {
    const issueId = await exception();
    await resolveIssue(context, { issueId, kind: "now" });
    expect(await status(issueId)).toBe("resolved/null");
    expect(await exception()).toBe(issueId);
    expect(await status(issueId)).toBe("unresolved/regressed");
    const activity = await database.db.selectFrom("issue_activity").select(["kind", "actor"]).where("issue_id", "=", issueId).orderBy("id").execute();
    expect(activity).toEqual([
      { kind: "first_seen", actor: "digest" },
      { kind: "set_resolved", actor },
      { kind: "set_regression", actor: "digest" },
    ]);
  });

  it("keeps an issue resolved in release 2.0 for an event from 1.9 and regresses it for 2.1", async () => {
    const issueId = await exception(withRelease("shop@1.0.0"));
    await resolveIssue(context, { issueId, kind: "in_release", release: "shop@2.0.0" });
    await exception(withRelease("shop@1.9.0"));
    expect(await status(issueId)).toBe("resolved/null");
    await exception(withRelease("shop@2.1.0"));
    expect(await status(issueId)).toBe("unresolved/regressed");
    expect((await getIssue(database.db, issueId)).times_seen).toBe(3);
  });

  it("keeps an issue resolved in the next release for events of the current release and regresses it on a newer one", async () => {
    const issueId = await exception(withRelease("build-a"));
    await resolveIssue(context, { issueId, kind: "next_release" });
    await exception(withRelease("build-a"));
    expect(await status(issueId)).toBe("resolved/null");
    await exception(withRelease("build-b"));
    expect(await status(issueId)).toBe("unresolved/regressed");
  });

  it("wakes an issue ignored until 10 more events on the 10th, as escalating", async () => {
    const issueId = await exception();
    await ignoreIssue(context, { issueId, until: { kind: "count", count: 10 } });
    expect(await status(issueId)).toBe("ignored/archived_until_condition_met");
    for (let index = 1; index <= 9; index += 1) await exception();
    expect(await status(issueId)).toBe("ignored/archived_until_condition_met");
    await exception();
    expect(await status(issueId)).toBe("unresolved/escalating");
    expect(await activityKinds(issueId)).toEqual(["first_seen", "set_ignored", "set_escalating"]);
  });

  it("wakes an issue ignored until 2 more users when the second new user is affected", async () => {
    const issueId = await exception((event) => (event.user = { id: "u1" }));
    await ignoreIssue(context, { issueId, until: { kind: "users", count: 2 } });
    await exception((event) => (event.user = { id: "u1" }));
    await exception((event) => (event.user = { id: "u2" }));
    expect(await status(issueId)).toBe("ignored/archived_until_condition_met");
    await exception((event) => (event.user = { email: "third@example.com" }));
    expect(await status(issueId)).toBe("unresolved/escalating");
    expect((await getIssue(database.db, issueId)).users_seen).toBe(3);
  });

  it("keeps an issue ignored forever, and wakes one ignored for a duration once it has passed", async () => {
    const forever = await exception();
    await ignoreIssue(context, { issueId: forever, until: { kind: "forever" } });
    for (let index = 0; index < 3; index += 1) await exception();
    expect(await status(forever)).toBe("ignored/archived_forever");

    const timed = await message("Nightly export failed");
    await ignoreIssue(context, { issueId: timed, until: { kind: "duration", minutes: 30 } });
    expect(await wakeExpiredIgnores(database, Date.now() + 29 * 60_000)).toBe(0);
    expect(await status(timed)).toBe("ignored/archived_until_condition_met");
    expect(await wakeExpiredIgnores(database, Date.now() + 31 * 60_000)).toBe(1);
    expect(await status(timed)).toBe("unresolved/ongoing");
  });

  it("reopens by hand and refuses bad ignore conditions", async () => {
    const issueId = await exception();
    await resolveIssue(context, { issueId, kind: "now" });
    await unresolveIssue(context, { issueId });
    expect(await status(issueId)).toBe("unresolved/ongoing");
    await expect(ignoreIssue(context, { issueId, until: { kind: "count", count: 0 } })).rejects.toThrow(/positive whole number/);
    await expect(resolveIssue(context, { issueId: 999_999, kind: "now" })).rejects.toMatchObject({ code: "not_found" });
  });

  it("merges issues into the one seen most, then unmerge restores the original issues and their counts", async () => {
    const big = await exception((event) => (event.user = { id: "a" }));
    await exception((event) => (event.user = { id: "b" }));
    await exception((event) => (event.user = { id: "a" }));
    const small = await message("Nightly export failed", (event) => (event.user = { id: "c" }));
    await message("Nightly export failed", (event) => (event.user = { id: "a" }));
    expect(small).not.toBe(big);
    const before = await Promise.all([getIssue(database.db, big), getIssue(database.db, small)]);
    const smallHashes = (await database.db.selectFrom("issue_hashes").select("hash").where("issue_id", "=", small).execute()).map((row) => row.hash);

    const { issueId: target } = await mergeIssues(context, { issueIds: [small, big] });
    expect(target).toBe(big);
    expect(await getIssue(database.db, big)).toMatchObject({ times_seen: 5, users_seen: 3 });
    expect(await getIssue(database.db, small)).toMatchObject({ status: "merged", merged_into_id: big });
    // A new event of the merged issue's kind lands in the issue it was merged into.
    expect(await message("Nightly export failed", (event) => (event.user = { id: "c" }))).toBe(big);
    await resolveIssue(context, { issueId: small, kind: "now" }).then(
      () => expect.unreachable("a merged issue cannot be resolved"),
      (error: Error) => expect(error.message).toMatch(/merged/),
    );

    const { issueId: restored } = await unmergeHashes(context, { issueId: big, hashes: smallHashes });
    expect(restored).toBe(small);
    const after = await Promise.all([getIssue(database.db, big), getIssue(database.db, small)]);
    expect(after[0]).toMatchObject({ status: before[0].status, times_seen: 3, users_seen: 2, first_seen: before[0].first_seen });
    expect(after[1]).toMatchObject({ status: before[1].status, substatus: before[1].substatus, times_seen: 3, users_seen: 2, first_seen: before[1].first_seen });
    const hourlyTotal = async (issueId: number) =>
      (await database.db.selectFrom("issue_hourly_counts").select("count").where("issue_id", "=", issueId).execute()).reduce((sum, row) => sum + row.count, 0);
    expect([await hourlyTotal(big), await hourlyTotal(small)]).toEqual([3, 3]);
    expect(await message("Nightly export failed")).toBe(small);
  });
});
