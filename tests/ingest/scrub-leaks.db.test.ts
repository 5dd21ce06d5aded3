import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getApiProjectEvent } from "@/server/api/events/get-api-project-event";
import { digestBatch } from "@/server/digest/digest-batch";
import { getIssueEvent } from "@/server/events/get-issue-event";
import { getReceivedEnvelope } from "@/server/intake/get-received-envelope";
import { listReceivedEnvelopes } from "@/server/intake/list-received-envelopes";
import { decodeRawBody } from "@/server/intake/raw-body";
import type { AccessContext } from "@/server/access/authorize";
import { insertProject, type CreatedProject } from "@/server/projects/insert-project";
import { eventEnvelope, inflateEvent, postToIngest, uniqueToken } from "../support/sdk-helpers";
import { startIngestServer, type IngestServer } from "../support/start-ingest-server";
import { createTestAuth, createTestConfig, createTestContext, createTestUser } from "../support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../support/test-database";

/** Luhn-valid, so it is a card number to the scrubber. */
const card = "4111 1111 1111 1111";

/**
 * The two leaks of issue 15: a card number in a message-only event reached the received list (the summary
 * is read at ingest), and a URL whose path holds `=` kept its query's secrets. Both are sent over HTTP to the
 * real ingest server; the summary is checked before digest and after, then everything that shows the event.
 */
describe(`secrets that slipped past scrubbing, on ${testDialect}`, { timeout: 60_000 }, () => {
  let database: TestDatabase;
  let server: IngestServer;
  let shop: CreatedProject;
  let context: AccessContext;
  beforeEach(async () => {
    database = await createTestDatabase();
    server = await startIngestServer(database, {}, { isDigesting: false });
    shop = await insertProject(database.db, { name: "Shop", platform: "node" });
    const config = createTestConfig();
    const owner = await createTestUser(database, createTestAuth(database, config), "owner");
    context = await createTestContext(database, config, owner.userId);
  });
  afterEach(async () => {
    await server.close();
    await database.destroy();
  });

  async function send(event: Record<string, unknown>): Promise<string> {
    const { eventId, body } = eventEnvelope(event);
    const response = await postToIngest(server, shop.project.id, body, { key: shop.key.public_key });
    expect(response.status, await response.text()).toBe(200);
    return eventId;
  }

  /** The summary as the Received list and the envelope's page (heading, title) show it; the envelope page's body must not hold `secret`. */
  async function summaryOf(eventId: string, secret: string): Promise<string | null> {
    const [listed] = await listReceivedEnvelopes(context, shop.project.id, { limit: 1 });
    expect(listed?.eventId).toBe(eventId);
    const envelope = await getReceivedEnvelope(context, shop.project.id, listed!.id);
    expect(envelope?.summary).toBe(listed!.summary);
    expect(envelope?.text).toContain(eventId);
    expect(envelope?.text).not.toContain(secret);
    return listed!.summary;
  }

  it("keeps a card number in a message-only event out of the summary, the event, the API and the JSON download", async () => {
    const eventId = await send({ message: `payment with card ${card} failed` });
    expect(await summaryOf(eventId, card)).toBe("payment with card [Filtered] failed");

    await digestBatch(database);
    expect(await summaryOf(eventId, card)).toBe("payment with card [Filtered] failed");
    const shown = await everythingShown(eventId);
    expect(shown).not.toContain(card);
    expect(shown).not.toContain(card.replaceAll(" ", ""));
  });

  it.each([
    ["a path segment holding `=`", "https://shop.example.com/search/color=red?token=", "https://shop.example.com/search/color=red?token=[Filtered]"],
    ["a path `x=y` segment", "https://shop.example.com/x=y/z?api_key=", "https://shop.example.com/x=y/z?api_key=[Filtered]"],
  ])("filters the query of a URL with %s everywhere the event is shown", async (_shape, prefix, expected) => {
    const secret = uniqueToken("SECRET");
    const url = `${prefix}${secret}`;
    const eventId = await send({
      message: `GET ${url} failed`,
      request: { url, method: "GET", query_string: url.split("?")[1] },
      tags: { url },
      transaction: url.replace("https://shop.example.com", ""),
      breadcrumbs: [{ category: "fetch", message: `GET ${url}`, data: { url } }],
    });
    expect(await summaryOf(eventId, secret)).toBe(`GET ${expected} failed`);

    await digestBatch(database);
    expect(await summaryOf(eventId, secret)).toBe(`GET ${expected} failed`);
    const row = await database.db.selectFrom("events").select("payload").where("event_id", "=", eventId).executeTakeFirstOrThrow();
    expect((inflateEvent(row.payload).request as { url: string }).url).toBe(expected);
    expect(await everythingShown(eventId)).not.toContain(secret);
  });

  it("rewrites the summary under the project's own scrubbing settings once digest has read them", async () => {
    await database.db.updateTable("projects").set({ scrub_extra_keys: "orderref" }).where("id", "=", shop.project.id).execute();
    const reference = uniqueToken("R");
    const eventId = await send({ message: `lookup orderref=${reference} failed` });
    // Ingest knows only the default rules; the envelope's page already applies the project's.
    expect(await summaryOf(eventId, reference)).toBe(`lookup orderref=${reference} failed`);
    await digestBatch(database);
    expect(await summaryOf(eventId, reference)).toBe("lookup orderref=[Filtered] failed");
    expect(await everythingShown(eventId)).not.toContain(reference);
  });

  /** The stored event and its intake row, the issue and its tags, the event API's answer and the JSON download's body. */
  async function everythingShown(eventId: string): Promise<string> {
    const row = await database.db.selectFrom("events").selectAll().where("event_id", "=", eventId).executeTakeFirstOrThrow();
    const intake = await database.db.selectFrom("intake").innerJoin("intake_bodies", "intake_bodies.intake_id", "intake.id").select(["summary", "body", "encoding", "body_bytes"]).where("intake.id", "=", row.intake_id).executeTakeFirstOrThrow();
    const issue = await database.db.selectFrom("issues").select(["title", "culprit"]).where("id", "=", row.issue_id!).executeTakeFirstOrThrow();
    const tags = await database.db.selectFrom("issue_tag_values").select(["key", "value"]).where("issue_id", "=", row.issue_id!).execute();

    const apiEvent = await getApiProjectEvent(context, shop.project.slug, eventId);
    // What the JSON download route serves: the issue event's payload.
    const download = await getIssueEvent(context, { projectId: shop.project.id, issueId: Number(row.issue_id), event: { eventId } });
    expect(download?.eventId).toBe(eventId);
    return [
      JSON.stringify(inflateEvent(row.payload)),
      row.title,
      intake.summary,
      Buffer.from(decodeRawBody(intake)).toString("utf8"),
      issue.title,
      issue.culprit,
      JSON.stringify(tags),
      JSON.stringify(apiEvent),
      JSON.stringify(download?.payload, null, 2),
    ].join("\n");
  }
});
