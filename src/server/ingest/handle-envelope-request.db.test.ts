import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { loadConfig } from "../config";
import { ingestServiceWith } from "../../../tests/support/test-ingest-service";
import type { IngestService } from "./ingest-service";
import { insertProject, type CreatedProject } from "../projects/insert-project";
import { handleEnvelopeRequest } from "./handle-web-ingest-request";
import { selectIntakeWithBodies } from "../intake/intake-writer";
import { decodeRawBody } from "../intake/raw-body";

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../../tests/fixtures/envelopes/${name}`, import.meta.url)));
const eventIdOf = (body: Uint8Array) => (JSON.parse(Buffer.from(body.subarray(0, body.indexOf(0x0a))).toString("utf8")) as { event_id: string }).event_id;

describe(`handleEnvelopeRequest on ${testDialect}`, () => {
  let database: TestDatabase;
  let context: IngestService;
  let shop: CreatedProject;

  beforeEach(async () => {
    database = await createTestDatabase();
    context = await ingestServiceWith(database, loadConfig({ LANTERN_INGEST_MAX_COMPRESSED_BYTES: String(16 * 1024) }));
    shop = await insertProject(database.db, { name: "Shop", platform: "node" });
  });
  afterEach(() => database.destroy());

  function post(body: Uint8Array, options: { key?: string; projectId?: string; headers?: Record<string, string> } = {}): [Request, string] {
    const projectId = options.projectId ?? String(shop.project.id);
    const query = options.key === undefined ? "" : `?sentry_version=7&sentry_key=${options.key}&sentry_client=sentry.javascript.node%2F10.78.0`;
    const request = new Request(`http://lantern.test/api/${projectId}/envelope/${query}`, { method: "POST", body: new Uint8Array(body), headers: options.headers });
    return [request, projectId];
  }

  async function intakeCount(): Promise<number> {
    return (await database.db.selectFrom("intake").select("id").execute()).length;
  }

  it("answers 200 with the event id and CORS headers that let browsers read the rate limits", async () => {
    const body = fixture("node-exception.envelope");
    const response = await handleEnvelopeRequest(...post(body, { key: shop.key.public_key }), context);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.json()).toEqual({ id: eventIdOf(body) });
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-expose-headers")?.split(/,\s*/)).toEqual(expect.arrayContaining(["x-sentry-rate-limits", "x-sentry-error", "retry-after"]));
    expect(await intakeCount()).toBe(1);
  });

  it("answers {} for an envelope without event id", async () => {
    const response = await handleEnvelopeRequest(...post(fixture("node-session.envelope"), { key: shop.key.public_key }), context);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
  });

  it("accepts the gzip request body the SDK sent for a large event and stores it decompressed", async () => {
    const compressed = fixture("node-large-exception.envelope.gz");
    const expected = fixture("node-large-exception.envelope");
    const response = await handleEnvelopeRequest(...post(compressed, { key: shop.key.public_key, headers: { "content-encoding": "gzip" } }), context);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: eventIdOf(expected) });
    const row = await selectIntakeWithBodies(database.db).select(["body", "encoding", "body_bytes", "summary"]).executeTakeFirstOrThrow();
    expect(row.summary).toBe("RangeError: Report too large to render");
    expect(Buffer.from(decodeRawBody(row)).equals(Buffer.from(expected))).toBe(true);
  });

  describe("answers errors as JSON {detail} with X-Sentry-Error, storing nothing", () => {
    async function expectError(response: Response, status: number, detail: RegExp | string): Promise<void> {
      expect(response.status).toBe(status);
      const json = (await response.json()) as { detail: string };
      expect(Object.keys(json)).toEqual(["detail"]);
      expect(json.detail).toMatch(detail);
      expect(response.headers.get("x-sentry-error")).toBe(json.detail);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(await intakeCount()).toBe(0);
    }

    it("400 for a malformed envelope", async () => {
      await expectError(await handleEnvelopeRequest(...post(fixture("hostile-truncated-length.envelope"), { key: shop.key.public_key }), context), 400, /declares 64 bytes/);
    });

    it("400 for a non-numeric project id", async () => {
      await expectError(await handleEnvelopeRequest(...post(fixture("node-message.envelope"), { key: shop.key.public_key, projectId: "shop" }), context), 400, /invalid project id/);
    });

    it("400 for a corrupt gzip body", async () => {
      const response = await handleEnvelopeRequest(...post(fixture("node-message.envelope"), { key: shop.key.public_key, headers: { "content-encoding": "gzip" } }), context);
      await expectError(response, 400, /could not be decoded as gzip/);
    });

    it("401 without credentials", async () => {
      await expectError(await handleEnvelopeRequest(...post(fixture("node-message.envelope")), context), 401, "missing authorization information");
    });

    it("403 for an unknown key", async () => {
      await expectError(await handleEnvelopeRequest(...post(fixture("node-message.envelope"), { key: "ffffffffffffffffffffffffffffffff" }), context), 403, /unknown or disabled/);
    });

    it("413 for a body over the configured limit", async () => {
      const response = await handleEnvelopeRequest(...post(fixture("node-large-exception.envelope"), { key: shop.key.public_key }), context);
      await expectError(response, 413, /larger than the limit of 16384 bytes/);
    });

    it("415 for an unsupported Content-Encoding", async () => {
      const response = await handleEnvelopeRequest(...post(fixture("node-message.envelope"), { key: shop.key.public_key, headers: { "content-encoding": "zstd" } }), context);
      await expectError(response, 415, /zstd/);
    });
  });
});
