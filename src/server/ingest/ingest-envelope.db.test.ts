import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { AppError } from "../errors";
import { insertProject, type CreatedProject } from "../projects/insert-project";
import { createTestIngestService } from "../../../tests/support/test-ingest-service";
import { ingestEnvelope } from "./ingest-envelope";
import type { IngestService } from "./ingest-service";
import { selectIntakeWithBodies } from "../intake/intake-writer";
import { decodeRawBody } from "../intake/raw-body";

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../../tests/fixtures/envelopes/${name}`, import.meta.url)));
const headerOf = (body: Uint8Array) => JSON.parse(Buffer.from(body.subarray(0, body.indexOf(0x0a))).toString("utf8")) as { event_id?: string };
const bytes = (text: string) => new TextEncoder().encode(text);
const unknownKey = "ffffffffffffffffffffffffffffffff";

describe(`ingestEnvelope on ${testDialect}`, () => {
  let database: TestDatabase;
  let service: IngestService;
  let shop: CreatedProject;
  let other: CreatedProject;

  beforeEach(async () => {
    database = await createTestDatabase();
    service = await createTestIngestService(database);
    shop = await insertProject(database.db, { name: "Shop", platform: "node" });
    other = await insertProject(database.db, { name: "Other" });
  });
  afterEach(async () => {
    await service.digest.stop();
    await service.alerts.stop();
    await database.destroy();
  });

  /** The URL the Node SDK posts to, with this project's key in place of the captured one. */
  const sdkUrl = (project: CreatedProject, key = project.key.public_key) =>
    new URL(`https://lantern.test/api/${project.project.id}/envelope/?sentry_version=7&sentry_key=${key}&sentry_client=sentry.javascript.node%2F10.78.0`);

  /** The AppError of a refused envelope, after checking that nothing reached the intake. */
  async function ingestError(url: URL, headers: Headers, body: Uint8Array, pathProjectId?: string): Promise<AppError> {
    const error = await ingestEnvelope(service, { url, headers, body, pathProjectId }).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(await database.db.selectFrom("intake").select("id").execute()).toEqual([]);
    if (error instanceof AppError) return error;
    throw error ?? new Error("ingestEnvelope accepted the envelope");
  }

  describe("accepts what @sentry/node sent and commits it before returning", () => {
    it.each([
      ["node-exception.envelope", { itemTypes: "event", summary: "Error: Checkout failed", sdkName: "sentry.javascript.node" }],
      ["node-message.envelope", { itemTypes: "event", summary: "Nightly export finished with warnings", sdkName: "sentry.javascript.node" }],
      ["node-large-exception.envelope", { itemTypes: "event", summary: "RangeError: Report too large to render", sdkName: "sentry.javascript.node" }],
      ["node-session.envelope", { itemTypes: "session", summary: "Session update: ended (1 error)", sdkName: "sentry.javascript.node" }],
      ["node-client-report.envelope", { itemTypes: "client_report", summary: "Client report: 1 event dropped by the SDK, reason: beforeSend", sdkName: null }],
    ])("%s", async (name, expected) => {
      const body = fixture(name);
      const eventId = headerOf(body).event_id ?? null;
      const result = await ingestEnvelope(service, { url: sdkUrl(shop), headers: new Headers(), body, pathProjectId: String(shop.project.id) });
      expect(result.projectId).toBe(shop.project.id);
      expect(result.eventId).toBe(eventId);

      const second = database.reopen();
      try {
        const row = await selectIntakeWithBodies(second.db).selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
        expect(row).toMatchObject({ project_id: shop.project.id, event_id: eventId, item_types: expected.itemTypes, summary: expected.summary, sdk_name: expected.sdkName, body_bytes: body.length });
        expect(Buffer.from(decodeRawBody(row)).equals(Buffer.from(body))).toBe(true);
      } finally {
        await second.close();
      }
    });
  });

  it("stores a binary attachment byte for byte, with the key in X-Sentry-Auth", async () => {
    const body = fixture("binary-attachment.envelope");
    const headers = new Headers({ "x-sentry-auth": `Sentry sentry_key=${shop.key.public_key}, sentry_version=7` });
    const result = await ingestEnvelope(service, { url: new URL(`https://lantern.test/api/${shop.project.id}/envelope/`), headers, body, pathProjectId: String(shop.project.id) });
    expect(result.eventId).toBe("9ec79c33ec9942ab8353589fcb2e04dc");
    const row = await selectIntakeWithBodies(database.db).select(["body", "encoding", "body_bytes", "item_types", "event_id"]).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(row.item_types).toBe("attachment,event");
    expect(row.event_id).toBe("9ec79c33ec9942ab8353589fcb2e04dc");
    expect(Buffer.from(decodeRawBody(row)).equals(Buffer.from(body))).toBe(true);
  });

  it("accepts an envelope whose only credential is its own dsn, as a tunnel forwards it", async () => {
    const dsn = `https://${shop.key.public_key}@lantern.test/${shop.project.id}`;
    const body = bytes(`{"event_id":"9EC79C33-EC99-42AB-8353-589FCB2E04DC","dsn":"${dsn}"}\n{"type":"event"}\n{"message":"via tunnel"}`);
    const result = await ingestEnvelope(service, { url: new URL(`https://lantern.test/api/${shop.project.id}/envelope/`), headers: new Headers(), body, pathProjectId: String(shop.project.id) });
    expect(result).toMatchObject({ projectId: shop.project.id, eventId: "9ec79c33ec9942ab8353589fcb2e04dc" });
  });

  it("takes the project from the envelope's dsn when the URL names none", async () => {
    const dsn = `https://${other.key.public_key}@lantern.test/${other.project.id}`;
    const result = await ingestEnvelope(service, { url: new URL("https://lantern.test/monitoring"), headers: new Headers(), body: bytes(`{"dsn":"${dsn}"}\n{"type":"event"}\n{}`) });
    expect(result.projectId).toBe(other.project.id);
  });

  describe("refuses, storing nothing,", () => {
    it("an unknown key as forbidden", async () => {
      const error = await ingestError(sdkUrl(shop, unknownKey), new Headers(), fixture("node-exception.envelope"), String(shop.project.id));
      expect(error.code).toBe("forbidden");
    });

    it("a disabled key as forbidden", async () => {
      await database.db.updateTable("project_keys").set({ is_active: 0 }).where("id", "=", shop.key.id).execute();
      const error = await ingestError(sdkUrl(shop), new Headers(), fixture("node-exception.envelope"), String(shop.project.id));
      expect(error.code).toBe("forbidden");
    });

    it("a request without any key as unauthorized", async () => {
      const url = new URL(`https://lantern.test/api/${shop.project.id}/envelope/`);
      const error = await ingestError(url, new Headers(), fixture("node-exception.envelope"), String(shop.project.id));
      expect(error.code).toBe("unauthorized");
    });

    it("another project's key as a bad request", async () => {
      const url = sdkUrl(shop, other.key.public_key);
      const error = await ingestError(url, new Headers(), fixture("node-message.envelope"), String(shop.project.id));
      expect(error.code).toBe("bad_request");
      expect(error.message).toBe(`the public key does not belong to project ${shop.project.id}`);
    });

    it.each(["abc", "1abc", "-1", "1.0", ""])("the non-numeric project id %j as a bad request", async (projectId) => {
      const error = await ingestError(sdkUrl(shop), new Headers(), fixture("node-message.envelope"), projectId);
      expect(error.code).toBe("bad_request");
      expect(error.message).toContain("invalid project id");
    });

    it("an envelope whose dsn names another project than the URL as a bad request", async () => {
      const dsn = `https://${shop.key.public_key}@lantern.test/${other.project.id}`;
      const body = bytes(`{"dsn":"${dsn}"}\n{"type":"event"}\n{}`);
      const error = await ingestError(new URL(`https://lantern.test/api/${shop.project.id}/envelope/`), new Headers(), body, String(shop.project.id));
      expect(error.code).toBe("bad_request");
      expect(error.message).toBe(`the envelope's dsn names project ${other.project.id}, not project ${shop.project.id}`);
    });

    it("an envelope without dsn when the URL names no project as a bad request", async () => {
      const error = await ingestError(sdkUrl(shop), new Headers(), fixture("node-message.envelope"));
      expect(error.code).toBe("bad_request");
    });

    it.each(["hostile-truncated-length.envelope", "hostile-invalid-utf8-header.envelope", "hostile-not-json.envelope"])("%s as a bad request", async (name) => {
      const error = await ingestError(sdkUrl(shop), new Headers(), fixture(name), String(shop.project.id));
      expect(error.code).toBe("bad_request");
    });
  });
});
