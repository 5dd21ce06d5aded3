import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeFixtureEvent, type EventPatch } from "../../../tests/support/event-envelopes";
import { createTestAuth, createTestConfig, createTestContext, createTestUser } from "../../../tests/support/test-accounts";
import { sendFixtureEvent } from "../../../tests/support/send-fixture-event";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { systemContext } from "../access/system-context";
import { mergeIssues } from "../issues/merge-issues";
import { insertProject } from "../projects/insert-project";
import { findEventsByDigest } from "./find-events-by-digest";

describe(`finding events by their digest tag on ${testDialect}`, () => {
  let database: TestDatabase;
  let context: AccessContext;
  beforeEach(async () => {
    database = await createTestDatabase();
    context = systemContext(database, createTestConfig());
  });
  afterEach(() => database.destroy());

  const send = (projectId: number, patch: EventPatch, fixture?: string) => sendFixtureEvent(database, projectId, patch, fixture);
  const withDigest =
    (digest: string, seconds?: number): EventPatch =>
    (event) => {
      event.tags = { digest };
      if (seconds !== undefined) event.timestamp = seconds;
    };

  it("finds the one event tagged with the digest, with its project slug and issue", async () => {
    const { project } = await insertProject(database.db, { name: "Web Shop" });
    await send(project.id, withDigest("1111"));
    const wanted = await send(project.id, withDigest("2654435761"));
    await send(project.id, (event) => (event.tags = { other: "2654435761" }));

    const matches = await findEventsByDigest(context, { digest: "2654435761" });
    expect(matches).toEqual([{ projectSlug: "web-shop", projectName: "Web Shop", issueId: wanted.issueId, issueTitle: "Error: Checkout failed", eventId: wanted.eventId, timestamp: expect.any(Number), path: `/projects/web-shop/issues/${wanted.issueId}/events/${wanted.eventId}` }]);
  });

  it("trims the value the user pasted", async () => {
    const { project } = await insertProject(database.db, { name: "shop" });
    const wanted = await send(project.id, withDigest("42"));
    expect((await findEventsByDigest(context, { digest: "  42\n" })).map((match) => match.eventId)).toEqual([wanted.eventId]);
  });

  it("reads the issue's payloads and skips its events that carry another digest or none", async () => {
    const { project } = await insertProject(database.db, { name: "shop" });
    const now = Math.floor(Date.now() / 1000);
    const first = await send(project.id, withDigest("777", now - 40));
    const other = await send(project.id, withDigest("888", now - 30));
    const untagged = await send(project.id, (event) => (event.timestamp = now - 20));
    const last = await send(project.id, withDigest("777", now - 10));
    expect(new Set([first.issueId, other.issueId, untagged.issueId, last.issueId]).size).toBe(1);

    expect((await findEventsByDigest(context, { digest: "777" })).map((match) => match.eventId)).toEqual([last.eventId, first.eventId]);
  });

  it("pages through an issue's events newest first, past the first page of payloads", async () => {
    const { project } = await insertProject(database.db, { name: "shop" });
    const now = Math.floor(Date.now() / 1000);
    const oldest = await send(project.id, withDigest("31337", now - 500));
    for (let index = 0; index < 120; index++) await storeFixtureEvent(database.db, project.id, "node-exception.envelope", (event) => (event.timestamp = now - 400 + index));
    const newest = await send(project.id, withDigest("31337", now - 10));

    expect((await findEventsByDigest(context, { digest: "31337" })).map((match) => match.eventId)).toEqual([newest.eventId, oldest.eventId]);
  });

  it("returns every event with the digest across issues and projects, newest first, up to the limit", async () => {
    const { project: shop } = await insertProject(database.db, { name: "shop" });
    const { project: api } = await insertProject(database.db, { name: "api" });
    const now = Math.floor(Date.now() / 1000);
    const oldest = await send(shop.id, withDigest("4242", now - 300));
    const newest = await send(api.id, withDigest("4242", now - 10));
    const middle = await send(shop.id, (event) => {
      withDigest("4242", now - 100)(event);
      event.message = "a message event, so another issue";
    }, "node-message.envelope");
    expect(middle.issueId).not.toBe(oldest.issueId);

    const matches = await findEventsByDigest(context, { digest: "4242" });
    expect(matches.map((match) => [match.projectSlug, match.eventId])).toEqual([
      ["api", newest.eventId],
      ["shop", middle.eventId],
      ["shop", oldest.eventId],
    ]);
    expect((await findEventsByDigest(context, { digest: "4242", limit: 2 })).map((match) => match.eventId)).toEqual([newest.eventId, middle.eventId]);
  });

  it("finds only the events of projects the viewer may see: a member, their teams' projects", async () => {
    const { project: shop } = await insertProject(database.db, { name: "shop" });
    const { project: blog } = await insertProject(database.db, { name: "blog" });
    const now = Math.floor(Date.now() / 1000);
    const inShop = await send(shop.id, withDigest("9001", now - 20));
    const inBlog = await send(blog.id, withDigest("9001", now - 10));
    const config = createTestConfig();
    const member = await createTestUser(database, createTestAuth(database, config), "member");
    const team = await database.db.insertInto("teams").values({ slug: "shop-team", name: "Shop team", created_at: Date.now() }).returning("id").executeTakeFirstOrThrow();
    await database.db.insertInto("team_members").values({ team_id: team.id, user_id: member.userId }).execute();
    await database.db.insertInto("team_projects").values({ team_id: team.id, project_id: shop.id }).execute();

    const asMember = await findEventsByDigest(await createTestContext(database, config, member.userId), { digest: "9001" });
    expect(asMember.map((match) => [match.projectSlug, match.eventId])).toEqual([["shop", inShop.eventId]]);
    expect((await findEventsByDigest(context, { digest: "9001" })).map((match) => match.eventId)).toEqual([inBlog.eventId, inShop.eventId]);
  });

  it("finds nothing for a digest no event carries, and refuses an empty or over-long value", async () => {
    const { project } = await insertProject(database.db, { name: "shop" });
    await send(project.id, withDigest("1234"));
    expect(await findEventsByDigest(context, { digest: "123" })).toEqual([]);
    await expect(findEventsByDigest(context, { digest: "  " })).rejects.toMatchObject({ code: "bad_request" });
    await expect(findEventsByDigest(context, { digest: "9".repeat(201) })).rejects.toMatchObject({ code: "bad_request" });
  });

  it("still finds the event after its issue was merged into another", async () => {
    const { project } = await insertProject(database.db, { name: "shop" });
    const tagged = await send(project.id, withDigest("5150"), "node-message.envelope");
    const other = await send(project.id, (event) => (event.tags = { digest: "6160" }));
    const { issueId: target } = await mergeIssues(context, { issueIds: [tagged.issueId, other.issueId] });

    const matches = await findEventsByDigest(context, { digest: "5150" });
    expect(matches).toMatchObject([{ issueId: target, eventId: tagged.eventId }]);
  });
});
