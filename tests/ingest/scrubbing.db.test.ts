import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readEventPayload } from "@/server/events/read-event-payload";
import { insertProject, type CreatedProject } from "@/server/projects/insert-project";
import { dsnFor, runSdkScript, uniqueToken } from "../support/sdk-helpers";
import { startIngestServer, type IngestServer } from "../support/start-ingest-server";
import { createTestDatabase, testDialect, type TestDatabase } from "../support/test-database";
import { selectIntakeWithBodies } from "@/server/intake/intake-writer";
import { decodeRawBody } from "@/server/intake/raw-body";

interface StoredEvent {
  request: { data: unknown; cookies: unknown; headers: unknown; url: string };
  extra: { deploy: unknown };
  contexts: { payment: unknown };
  breadcrumbs: { values: { category?: string; message?: string; data?: unknown }[] };
  exception: { values: { value: string }[] };
}

/**
 * Data scrubbing, on by default: the real @sentry/node sends an error full of secrets
 * (tests/fixtures/sdk-scripts/secrets.mjs); nothing Lantern keeps — the event, its issue's title and tags,
 * the raw envelope in the intake — holds any of them afterwards.
 */
describe(`data scrubbing of @sentry/node events on ${testDialect}`, { timeout: 60_000 }, () => {
  let database: TestDatabase;
  let server: IngestServer;
  let shop: CreatedProject;
  beforeEach(async () => {
    database = await createTestDatabase();
    server = await startIngestServer(database);
    shop = await insertProject(database.db, { name: "Shop", platform: "node" });
  });
  afterEach(async () => {
    await server.close();
    await database.destroy();
  });

  it("stores an event full of secrets with every one of them replaced by [Filtered]", async () => {
    const token = uniqueToken("tok");
    const secrets = {
      password: `pw-${uniqueToken()}`,
      token,
      bearer: `eyJhbGciOiJIUzI1NiJ9.${uniqueToken("payload")}.sig`,
      session: `sess-${uniqueToken()}`,
      card: "4111 1111 1111 1111",
      pem: `-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC${uniqueToken("K")}\n-----END PRIVATE KEY-----`,
    };
    const run = await runSdkScript("secrets.mjs", {
      LANTERN_TEST_DSN: dsnFor(server, shop.key.public_key, shop.project.id),
      LANTERN_TEST_RELEASE: "shop@1.0.0",
      LANTERN_TEST_ENVIRONMENT: "test",
      LANTERN_TEST_SECRETS: JSON.stringify(secrets),
    });
    expect(run.code, run.stderr).toBe(0);
    await server.service.digest.drain();

    const row = await database.db.selectFrom("events").selectAll().where("event_id", "=", run.facts.eventId as string).executeTakeFirstOrThrow();
    const event = readEventPayload(row.payload) as unknown as StoredEvent;
    const stored = JSON.stringify(event);
    const secretParts = [secrets.password, secrets.token, secrets.bearer, secrets.session, "4111 1111 1111 1111", secrets.pem.split("\n")[1]!];
    for (const part of secretParts) expect(stored, `the stored event holds ${part}`).not.toContain(part);

    expect(event.request.data).toEqual({ username: "ada", password: "[Filtered]" });
    expect(event.request.cookies).toBe("[Filtered]");
    expect(event.request.headers).toEqual(expect.arrayContaining([["Authorization", "[Filtered]"], ["Accept", "text/html"]]));
    expect(event.request.url).toBe("https://shop.example.com/login?token=[Filtered]&next=/cart");
    expect(event.extra.deploy).toEqual({ private_key: "[Filtered]", note: "the key was [Filtered]" });
    expect(event.contexts.payment).toEqual({ type: "payment", summary: "charged card [Filtered]", apiSecret: "[Filtered]" });
    const crumb = event.breadcrumbs.values.find((candidate) => candidate.category === "auth")!;
    expect(crumb.message).toBe("signed in with Authorization: Bearer [Filtered]");
    expect(crumb.data).toEqual({ token: "[Filtered]", url: "/api/session?access_token=[Filtered]&page=1" });
    expect(event.exception.values[0]?.value).toBe("payment with card [Filtered] failed");

    // What lists and searches read: the event row, the issue, its tags — and the raw envelope kept in the intake.
    const issue = await database.db.selectFrom("issues").select(["title", "culprit"]).where("id", "=", row.issue_id!).executeTakeFirstOrThrow();
    const tags = await database.db.selectFrom("issue_tag_values").select(["key", "value"]).where("issue_id", "=", row.issue_id!).execute();
    const intake = await selectIntakeWithBodies(database.db).select(["body", "encoding", "body_bytes"]).where("id", "=", row.intake_id).executeTakeFirstOrThrow();
    const kept = [row.title, issue.title, issue.culprit, JSON.stringify(tags), Buffer.from(decodeRawBody(intake)).toString("utf8")].join("\n");
    for (const part of secretParts) expect(kept, `something Lantern keeps holds ${part}`).not.toContain(part);
    expect(issue.title).toBe("Error: payment with card [Filtered] failed");
  });
});
