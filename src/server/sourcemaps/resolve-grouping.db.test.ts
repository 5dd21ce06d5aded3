import { randomUUID } from "node:crypto";
import { inflateSync } from "node:zlib";
import { createStackParser, exceptionFromError, nodeStackLineParser } from "@sentry/core";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertArtifactBundle } from "../../../tests/support/insert-artifact-bundle";
import { buildMinifiedApp, throwFromBuild, type MinifiedBuild } from "../../../tests/support/minified-build";
import { storeEnvelope } from "../../../tests/support/store-envelope";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { digestBatch } from "../digest/digest-batch";
import { insertProject } from "../projects/insert-project";
import { SourceMapCache } from "./source-map-cache";

const stackParser = createStackParser(nodeStackLineParser());
const facts = { eventId: null, itemTypes: ["event"], summary: null, sdkName: "sentry.javascript.node" };

interface Build {
  minified: MinifiedBuild;
  error: Error;
  debugId: string;
}

/** The event the Node SDK sends for the build's error (its own exceptionFromError), with the build's debug ID. */
function envelopeOf(build: Build): Uint8Array {
  const eventId = randomUUID().replaceAll("-", "");
  const exception = exceptionFromError(stackParser, build.error);
  const event = {
    event_id: eventId,
    platform: "node",
    level: "error",
    timestamp: Date.now() / 1000,
    exception: { values: [{ ...exception, mechanism: { type: "generic", handled: true } }] },
    debug_meta: { images: [{ type: "sourcemap", code_file: build.minified.file, debug_id: build.debugId }] },
  };
  return new TextEncoder().encode(`${JSON.stringify({ event_id: eventId })}\n${JSON.stringify({ type: "event" })}\n${JSON.stringify(event)}\n`);
}

describe(`grouping of minified events on ${testDialect}`, () => {
  let first: Build;
  let second: Build;
  let database: TestDatabase;

  beforeAll(async () => {
    // Two production builds of the same checkout code; the second has more code before it, so the
    // minifier picks other names and the throwing code sits at other columns.
    for (const variant of [1, 6]) {
      const minified = await buildMinifiedApp(variant);
      const build = { minified, error: await throwFromBuild(minified), debugId: randomUUID() };
      if (variant === 1) first = build;
      else second = build;
    }
  });
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => database.destroy());

  const issuesOf = async (projectId: number) => database.db.selectFrom("issues").select(["id", "title"]).where("project_id", "=", projectId).execute();

  it("puts one error from two builds in two issues without their maps, and in one once both builds' maps are uploaded", async () => {
    const topFrame = (build: Build) => stackParser(build.error.stack ?? "").find((frame) => frame.filename === build.minified.file && frame.function?.endsWith("convert"));
    expect(first.minified.code).not.toBe(second.minified.code);
    expect([topFrame(first)?.function, topFrame(first)?.colno]).not.toEqual([topFrame(second)?.function, topFrame(second)?.colno]);

    const withoutMaps = (await insertProject(database.db, { name: "no maps" })).project.id;
    const withMaps = (await insertProject(database.db, { name: "with maps" })).project.id;
    for (const build of [first, second]) {
      await insertArtifactBundle(database.db, withMaps, [
        { url: "~/dist/app.min.js", type: "minified_source", content: build.minified.code, debugId: build.debugId, sourcemap: "app.min.js.map" },
        { url: "~/dist/app.min.js.map", type: "source_map", content: build.minified.map, debugId: build.debugId },
      ]);
    }
    for (const projectId of [withoutMaps, withMaps]) {
      for (const build of [first, second]) await storeEnvelope(database.db, projectId, envelopeOf(build), facts);
    }
    while ((await digestBatch(database, 200, { sourceMaps: new SourceMapCache(32 * 1024 * 1024) })) > 0);

    expect(await issuesOf(withoutMaps)).toHaveLength(2);
    const issues = await issuesOf(withMaps);
    expect(issues).toHaveLength(1);

    const events = await database.db.selectFrom("events").select(["payload", "group_hash"]).where("project_id", "=", withMaps).execute();
    expect(events).toHaveLength(2);
    for (const event of events) {
      const payload = JSON.parse(inflateSync(event.payload).toString("utf8")) as { exception: { values: { stacktrace: { frames: Record<string, unknown>[] }; raw_stacktrace: { frames: Record<string, unknown>[] } }[] } };
      const [exception] = payload.exception.values;
      expect(exception!.stacktrace.frames.at(-1)).toMatchObject({ filename: "../src/checkout.ts", lineno: 4, function: "PriceConverter.convert", in_app: true, data: { sourcemap: "~/dist/app.min.js.map" } });
      expect(exception!.raw_stacktrace.frames.at(-1)!.abs_path).toMatch(/\/dist\/app\.min\.js$/);
    }
    // Retention keeps bundles that resolve frames.
    const bundles = await database.db.selectFrom("artifact_bundles").select("last_used_at").where("project_id", "=", withMaps).execute();
    expect(bundles.every((bundle) => typeof bundle.last_used_at === "number" || typeof bundle.last_used_at === "string")).toBe(true);
  });
});
