import { randomUUID } from "node:crypto";
import { inflateSync } from "node:zlib";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertArtifactBundle } from "../../../tests/support/insert-artifact-bundle";
import { buildMinifiedApp, framesOf, throwFromBuild, type MinifiedBuild } from "../../../tests/support/minified-build";
import { storeEnvelope } from "../../../tests/support/store-envelope";
import { createTestAuth, createTestConfig, createTestContext, createTestUser } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { systemContext } from "../access/system-context";
import { digestBatch } from "../digest/digest-batch";
import { readExceptions } from "@/lib/event-payload";
import { insertProject } from "../projects/insert-project";
import { addReleaseFile } from "./add-release-file";
import { resolveStoredEvent } from "./resolve-stored-event";
import { forgetSourceMapLookups } from "./source-map-cache";

const pageUrl = "https://shop.example/assets/app.min.js";
const facts = { eventId: null, itemTypes: ["event"], summary: null, sdkName: "sentry.javascript.browser" };

describe(`resolveStoredEvent on ${testDialect}`, () => {
  let build: MinifiedBuild;
  let error: Error;
  let database: TestDatabase;
  let projectId: number;

  beforeAll(async () => {
    build = await buildMinifiedApp(2);
    error = await throwFromBuild(build);
  });
  beforeEach(async () => {
    // Every test's database numbers its project 1: answers remembered from another test's database must not count.
    forgetSourceMapLookups();
    database = await createTestDatabase();
    projectId = (await insertProject(database.db, { name: "shop" })).project.id;
  });
  afterEach(() => database.destroy());

  /** A browser event of the build's error with release shop@1, digested before any upload; its stored payload. */
  async function storedEvent(): Promise<Record<string, unknown>> {
    const eventId = randomUUID().replaceAll("-", "");
    const event = { event_id: eventId, platform: "javascript", release: "shop@1", exception: { values: [{ type: "Error", value: "Amount too large: 20", stacktrace: { frames: framesOf(error, build, pageUrl) } }] } };
    await storeEnvelope(database.db, projectId, new TextEncoder().encode(`${JSON.stringify({ event_id: eventId })}\n{"type":"event"}\n${JSON.stringify(event)}\n`), facts);
    while ((await digestBatch(database)) > 0);
    const row = await database.db.selectFrom("events").select("payload").where("event_id", "=", eventId).executeTakeFirstOrThrow();
    return JSON.parse(inflateSync(row.payload).toString("utf8")) as Record<string, unknown>;
  }

  it("explains the minified frames of an event stored before its maps, and resolves them once the maps are uploaded, without rewriting the event", async () => {
    const stored = await storedEvent();
    const context = systemContext(database, createTestConfig({ LANTERN_URL: "https://lantern.example" }));
    const before = await resolveStoredEvent(context, projectId, stored);
    expect(before.resolvedNow).toBe(0);
    const [exception] = readExceptions(before.payload, before.notes);
    expect(exception!.frames[0]!.note?.diagnosis).toMatchObject({
      code: "release_file_not_found",
      title: "Release shop@1 has no uploaded files",
      command: "sentry-cli --url https://lantern.example sourcemaps upload --org lantern --project shop --release shop@1 --url-prefix '~/assets' ./dist",
    });

    await insertArtifactBundle(
      database.db,
      projectId,
      [
        { url: "~/assets/app.min.js", type: "minified_source", content: build.code, sourcemap: "app.min.js.map" },
        { url: "~/assets/app.min.js.map", type: "source_map", content: build.map },
      ],
      { release: "shop@1" },
    );
    const storedText = JSON.stringify(stored);
    // The "nothing uploaded" answer is cached a few seconds; the page of a later visit sees the upload.
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    const after = await resolveStoredEvent(context, projectId, stored);
    expect(after.resolvedNow).toBe(4);
    expect(JSON.stringify(stored)).toBe(storedText);
    const [resolved] = readExceptions(after.payload, after.notes);
    expect(resolved!.frames[0]).toMatchObject({ filename: "../src/checkout.ts", lineno: 4, function: "PriceConverter.convert", contextLine: '    if (amount > 10) throw new Error("Amount too large: " + amount);', note: { isResolvedNow: true, diagnosis: null } });
    expect(resolved!.rawFrames![0]).toMatchObject({ absPath: pageUrl, lineno: 1 });

    // The stored row is as digest wrote it.
    const row = await database.db.selectFrom("events").select("payload").executeTakeFirstOrThrow();
    expect(inflateSync(row.payload).toString("utf8")).toBe(storedText);
  }, 20_000);

  it("sees an upload made through the upload verbs at once, without waiting out the cached 'nothing uploaded'", async () => {
    const stored = await storedEvent();
    const context = systemContext(database, createTestConfig({ LANTERN_URL: "https://lantern.example" }));
    expect((await resolveStoredEvent(context, projectId, stored)).resolvedNow).toBe(0);
    const encode = (text: string) => new TextEncoder().encode(text);
    await addReleaseFile(context, { projectSlug: "shop", version: "shop@1", dist: null, name: "~/assets/app.min.js", content: encode(build.code), headers: { Sourcemap: "app.min.js.map" } });
    await addReleaseFile(context, { projectSlug: "shop", version: "shop@1", dist: null, name: "~/assets/app.min.js.map", content: encode(build.map), headers: {} });
    expect((await resolveStoredEvent(context, projectId, stored)).resolvedNow).toBe(4);
  });

  it("is refused (not found) to a member who cannot see the project", async () => {
    const stored = await storedEvent();
    const config = createTestConfig();
    const member = await createTestUser(database, createTestAuth(database, config), "member");
    await expect(resolveStoredEvent(await createTestContext(database, config, member.userId), projectId, stored)).rejects.toMatchObject({ code: "not_found" });
  });
});
