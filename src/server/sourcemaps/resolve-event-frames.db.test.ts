import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FrameDiagnosis } from "@/lib/frame-diagnosis";
import type { JsonObject } from "@/lib/json-values";
import { insertArtifactBundle, type TestArtifactFile } from "../../../tests/support/insert-artifact-bundle";
import { buildMinifiedApp, framesOf, throwFromBuild, type MinifiedBuild } from "../../../tests/support/minified-build";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { normalizeEvent } from "../digest/normalize-event";
import { insertProject } from "../projects/insert-project";
import { ArtifactSource } from "./artifact-source";
import { resolveEventFrames, type ResolutionReport } from "./resolve-event-frames";
import { resolveUntilLoaded } from "./resolve-until-loaded";
import { SourceMapCache } from "./source-map-cache";

const debugId = "9b7990f8-5a2c-4b0e-8f5a-1c2d3e4f5a6b";
const otherDebugId = "0d5e7c1a-1111-4222-8333-944455556666";
const pageUrl = "https://shop.example/assets/app.min.js?v=3";
const throwLine = '    if (amount > 10) throw new Error("Amount too large: " + amount);';

type Frame = JsonObject & { function?: string; abs_path?: string; filename?: string; lineno?: number; colno?: number; context_line?: string; pre_context?: string[]; post_context?: string[]; in_app?: boolean; data?: JsonObject };

describe(`resolveEventFrames on ${testDialect}`, () => {
  let build: MinifiedBuild;
  let error: Error;
  let database: TestDatabase;
  let projectId: number;
  let cache: SourceMapCache;

  beforeAll(async () => {
    build = await buildMinifiedApp(3);
    error = await throwFromBuild(build);
  });
  beforeEach(async () => {
    database = await createTestDatabase();
    projectId = (await insertProject(database.db, { name: "shop" })).project.id;
    cache = new SourceMapCache(64 * 1024 * 1024);
  });
  afterEach(() => database.destroy());

  /** A browser-like event of the build's error, normalized as digest does. */
  function eventOf(frames: unknown[], extra: JsonObject = {}): JsonObject {
    return normalizeEvent({ event_id: "a".repeat(32), platform: "javascript", exception: { values: [{ type: "Error", value: "Amount too large: 20", stacktrace: { frames } }] }, ...extra }, { receivedAt: Date.now() }).event;
  }

  async function resolve(event: JsonObject, diagnose = true): Promise<{ event: JsonObject; report: ResolutionReport; frames: Frame[] }> {
    const source = new ArtifactSource(cache);
    let working = event;
    const report = await resolveUntilLoaded(source, database.db, () => {
      working = structuredClone(event);
      return resolveEventFrames(working, projectId, source, { diagnose });
    });
    expect(source.hasMisses).toBe(false);
    return { event: working, report, frames: (working as { exception: { values: { stacktrace: { frames: Frame[] } }[] } }).exception.values[0]!.stacktrace.frames };
  }

  const diagnoses = (report: ResolutionReport): FrameDiagnosis[] => report.frames.flatMap((frame) => (frame.diagnosis ? [frame.diagnosis] : []));

  const debugIdFiles = (map = build.map): TestArtifactFile[] => [
    { url: "~/assets/app.min.js", type: "minified_source", content: build.code, debugId, sourcemap: "app.min.js.map" },
    { url: "~/assets/app.min.js.map", type: "source_map", content: map, debugId },
  ];
  const withDebugId = (id = debugId) => ({ debug_meta: { images: [{ type: "sourcemap", code_file: pageUrl, debug_id: id.toUpperCase().replaceAll("-", "") }] } });

  function expectThrowingFrame(frame: Frame, mapUrl: string) {
    expect(frame).toMatchObject({ abs_path: "../src/checkout.ts", filename: "../src/checkout.ts", lineno: 4, function: "PriceConverter.convert", context_line: throwLine, in_app: true, data: { sourcemap: mapUrl } });
    expect(frame.pre_context).toEqual(["export class PriceConverter {", "  rate = 2;", "  convert(amount: number): number {"]);
    expect(frame.post_context).toEqual(["    return amount * this.rate;", "  }", "}", "", "export function checkoutTotal(items: number[]): number {"]);
  }

  it("resolves by the event's debug ID: original file, line, the enclosing functions' names, context, in_app, data.sourcemap, and keeps the minified frames", async () => {
    await insertArtifactBundle(database.db, projectId, debugIdFiles());
    const { event, report, frames } = await resolve(eventOf(framesOf(error, build, pageUrl), withDebugId()));
    expect(report.resolved).toBe(4);
    expect(diagnoses(report)).toEqual([]);
    expectThrowingFrame(frames.at(-1)!, "~/assets/app.min.js.map");
    // Each frame is named by the function around it in the minified file (a method with its class); the
    // anonymous reduce callback has no name of its own.
    expect(frames.map((frame) => frame.function)).toEqual(["runCheckout", "checkoutTotal", "Array.reduce", "?", "PriceConverter.convert"]);
    expect(frames[1]).toMatchObject({ filename: "../src/checkout.ts", lineno: 11, context_line: "  return items.reduce((sum, item) => sum + converter.convert(item), 0);" });
    expect(frames[0]).toMatchObject({ filename: "../src/main.ts", lineno: 5 });
    const raw = (event as { exception: { values: { raw_stacktrace: { frames: Frame[] } }[] } }).exception.values[0]!.raw_stacktrace.frames;
    expect(raw.at(-1)).toMatchObject({ abs_path: pageUrl, function: "n.convert", lineno: 1 });
    expect(raw.at(-1)!.data).toBeUndefined();
  });

  it("names frames by their callers' call sites when only the map was uploaded (no minified file to read functions from)", async () => {
    await insertArtifactBundle(database.db, projectId, debugIdFiles().filter((file) => file.type === "source_map"));
    const { report, frames } = await resolve(eventOf(framesOf(error, build, pageUrl), withDebugId()));
    expect(report.resolved).toBe(4);
    // runCheckout's `checkoutTotal(items)` names the minified `m`; nothing calls runCheckout inside the file.
    expect(frames.map((frame) => frame.function)).toEqual(["Module.s", "checkoutTotal", "Array.reduce", "?", "convert"]);
  });

  it("resolves by release and URL: the query stripped, `~/` + path, the minified file's Sourcemap header", async () => {
    await insertArtifactBundle(database.db, projectId, debugIdFiles().map((file) => ({ ...file, debugId: null })), { release: "shop@1.0.0" });
    const { frames, report } = await resolve(eventOf(framesOf(error, build, pageUrl), { release: "shop@1.0.0" }));
    expect(report.resolved).toBe(4);
    expectThrowingFrame(frames.at(-1)!, "~/assets/app.min.js.map");
  });

  it("follows the `//# sourceMappingURL=` comment of a minified file uploaded without a header, and a dist", async () => {
    await insertArtifactBundle(database.db, projectId, debugIdFiles().map((file) => ({ ...file, debugId: null, sourcemap: null })), { release: "shop@1.0.0", dist: "web" });
    expect(build.code).toContain("//# sourceMappingURL=app.min.js.map");
    const { frames } = await resolve(eventOf(framesOf(error, build, pageUrl), { release: "shop@1.0.0", dist: "web" }));
    expectThrowingFrame(frames.at(-1)!, "~/assets/app.min.js.map");
    // Without the dist the same URLs belong to no upload.
    const { report } = await resolve(eventOf(framesOf(error, build, pageUrl), { release: "shop@1.0.0" }));
    expect(report.resolved).toBe(0);
  });

  it("reads an inline `data:` map (base64, as esbuild's `sourcemap: \"inline\"` writes it)", async () => {
    const inlined = build.code.replace("sourceMappingURL=app.min.js.map", `sourceMappingURL=data:application/json;base64,${Buffer.from(build.map).toString("base64")}`);
    await insertArtifactBundle(database.db, projectId, [{ url: "~/assets/app.min.js", type: "minified_source", content: inlined }], { release: "shop@2" });
    const { frames } = await resolve(eventOf(framesOf(error, build, pageUrl), { release: "shop@2" }));
    expectThrowingFrame(frames.at(-1)!, "~/assets/app.min.js");
  });

  it("reads an index map (sections)", async () => {
    const sectioned = JSON.stringify({ version: 3, sections: [{ offset: { line: 0, column: 0 }, map: build.mapJson }] });
    await insertArtifactBundle(database.db, projectId, debugIdFiles(sectioned));
    const { frames } = await resolve(eventOf(framesOf(error, build, pageUrl), withDebugId()));
    expectThrowingFrame(frames.at(-1)!, "~/assets/app.min.js.map");
  });

  it("takes source context from an uploaded source file when the map has no sourcesContent, and otherwise says so", async () => {
    const bare = JSON.stringify({ ...build.mapJson, sourcesContent: undefined });
    await insertArtifactBundle(database.db, projectId, debugIdFiles(bare));
    const first = await resolve(eventOf(framesOf(error, build, pageUrl), withDebugId()));
    expect(first.frames.at(-1)).toMatchObject({ filename: "../src/checkout.ts", lineno: 4, data: { sourcemap: "~/assets/app.min.js.map" } });
    expect(first.frames.at(-1)!.context_line).toBeUndefined();
    expect(diagnoses(first.report)).toContainEqual({ code: "no_sources_content", mapUrl: "~/assets/app.min.js.map", source: "../src/checkout.ts", release: null, dist: null });

    cache = new SourceMapCache(64 * 1024 * 1024);
    const checkout = build.mapJson.sourcesContent![build.mapJson.sources.indexOf("../src/checkout.ts")]!;
    await insertArtifactBundle(database.db, projectId, [...debugIdFiles(bare), { url: "~/src/checkout.ts", type: "source", content: checkout }]);
    const second = await resolve(eventOf(framesOf(error, build, pageUrl), withDebugId()));
    expectThrowingFrame(second.frames.at(-1)!, "~/assets/app.min.js.map");
  });

  it("diagnoses an event with neither a debug ID nor a release", async () => {
    await insertArtifactBundle(database.db, projectId, debugIdFiles());
    const { report, frames } = await resolve(eventOf(framesOf(error, build, pageUrl)));
    expect(report.resolved).toBe(0);
    expect(diagnoses(report)).toEqual(Array(4).fill({ code: "no_debug_id_or_release" }));
    expect(frames.at(-1)).toMatchObject({ abs_path: pageUrl, function: "n.convert", lineno: 1 });
  });

  it("diagnoses a debug ID no bundle has, also in a project without any bundle", async () => {
    const { report } = await resolve(eventOf(framesOf(error, build, pageUrl), withDebugId(otherDebugId)));
    expect(diagnoses(report)[0]).toEqual({ code: "debug_id_not_found", debugId: otherDebugId.toUpperCase().replaceAll("-", "") });
    await insertArtifactBundle(database.db, projectId, debugIdFiles());
    cache = new SourceMapCache(1024 * 1024);
    const again = await resolve(eventOf(framesOf(error, build, pageUrl), withDebugId(otherDebugId)));
    expect(diagnoses(again.report)[0]!.code).toBe("debug_id_not_found");
  });

  it("diagnoses a release without a file for the frame's URL and lists the closest uploaded names", async () => {
    await insertArtifactBundle(database.db, projectId, [...debugIdFiles(), { url: "~/assets/vendor.js", type: "minified_source", content: "x" }, { url: "~/other/readme.txt", type: "source", content: "x" }], { release: "shop@1.0.0" });
    const { report } = await resolve(eventOf(framesOf(error, build, "https://shop.example/static/app.min.js"), { release: "shop@1.0.0" }));
    expect(diagnoses(report)[0]).toEqual({ code: "release_file_not_found", release: "shop@1.0.0", dist: null, url: "~/static/app.min.js", closest: ["~/assets/app.min.js", "~/assets/app.min.js.map"] });
    const empty = await resolve(eventOf(framesOf(error, build, pageUrl), { release: "shop@9" }));
    expect(diagnoses(empty.report)[0]).toEqual({ code: "release_file_not_found", release: "shop@9", dist: null, url: "~/assets/app.min.js", closest: [] });
  });

  it("diagnoses a minified file that names no map, and a map reference that was not uploaded", async () => {
    const withoutComment = build.code.replace(/\/\/# sourceMappingURL=.*$/m, "");
    await insertArtifactBundle(database.db, projectId, [{ url: "~/assets/app.min.js", type: "minified_source", content: withoutComment }], { release: "r1" });
    await insertArtifactBundle(database.db, projectId, [{ url: "~/assets/app.min.js", type: "minified_source", content: build.code, sourcemap: "maps/missing.js.map" }], { release: "r2" });
    const none = await resolve(eventOf(framesOf(error, build, pageUrl), { release: "r1" }));
    expect(diagnoses(none.report)[0]).toEqual({ code: "no_sourcemap_reference", release: "r1", dist: null, fileUrl: "~/assets/app.min.js" });
    const gone = await resolve(eventOf(framesOf(error, build, pageUrl), { release: "r2" }));
    expect(diagnoses(gone.report)[0]).toEqual({ code: "sourcemap_not_found", release: "r2", dist: null, fileUrl: "~/assets/app.min.js", mapUrl: "~/assets/maps/missing.js.map" });
  });

  it("leaves the frames of a malformed map minified and says why", async () => {
    await insertArtifactBundle(database.db, projectId, debugIdFiles('{"version": 3, "mappings": '));
    const { report, frames } = await resolve(eventOf(framesOf(error, build, pageUrl), withDebugId()));
    expect(report.resolved).toBe(0);
    expect(diagnoses(report)[0]).toMatchObject({ code: "malformed_map", mapUrl: "~/assets/app.min.js.map" });
    expect((diagnoses(report)[0] as { detail: string }).detail).toMatch(/^not JSON/);
    expect(frames.at(-1)).toMatchObject({ abs_path: pageUrl, function: "n.convert" });
    for (const bad of ['{"version": 2, "mappings": "", "sources": []}', "[]", '{"version": 3, "sources": []}']) {
      cache = new SourceMapCache(1024 * 1024);
      await database.db.deleteFrom("artifact_bundle_files").execute();
      await insertArtifactBundle(database.db, projectId, debugIdFiles(bad));
      const result = await resolve(eventOf(framesOf(error, build, pageUrl), withDebugId()));
      expect(result.report.resolved, bad).toBe(0);
    }
  });

  it("resolves the frames of threads too, keeping the thread's raw_stacktrace", async () => {
    await insertArtifactBundle(database.db, projectId, debugIdFiles());
    const frames = framesOf(error, build, pageUrl);
    const event = normalizeEvent({ event_id: "b".repeat(32), platform: "javascript", message: "x", threads: { values: [{ id: 1, crashed: true, stacktrace: { frames } }] }, ...withDebugId() }, { receivedAt: Date.now() }).event;
    const source = new ArtifactSource(cache);
    let working = event;
    const report = await resolveUntilLoaded(source, database.db, () => {
      working = structuredClone(event);
      return resolveEventFrames(working, projectId, source, { diagnose: false });
    });
    expect(report.resolved).toBe(4);
    const thread = (working as { threads: { values: { stacktrace: { frames: Frame[] }; raw_stacktrace: { frames: Frame[] } }[] } }).threads.values[0]!;
    expectThrowingFrame(thread.stacktrace.frames.at(-1)!, "~/assets/app.min.js.map");
    expect(thread.raw_stacktrace.frames.at(-1)).toMatchObject({ abs_path: pageUrl, lineno: 1 });
  });

  it("diagnoses a position outside the map", async () => {
    await insertArtifactBundle(database.db, projectId, debugIdFiles());
    const frames = framesOf(error, build, pageUrl).map((frame) => ({ ...frame, lineno: 40 }));
    const { report } = await resolve(eventOf(frames, withDebugId()));
    expect(report.resolved).toBe(0);
    expect(diagnoses(report)[0]).toEqual({ code: "position_outside_map", mapUrl: "~/assets/app.min.js.map", line: 40, column: frames[0]!.colno });
  });

  it("answers from the cache the second time, and skips projects without bundles without a lookup", async () => {
    await insertArtifactBundle(database.db, projectId, debugIdFiles());
    await resolve(eventOf(framesOf(error, build, pageUrl), withDebugId()));
    const warm = new ArtifactSource(cache);
    const event = eventOf(framesOf(error, build, pageUrl), withDebugId());
    expect(resolveEventFrames(event, projectId, warm, { diagnose: false }).resolved).toBe(4);
    expect(warm.hasMisses).toBe(false);

    const emptyProject = (await insertProject(database.db, { name: "empty" })).project.id;
    const source = new ArtifactSource(cache);
    await source.loadProjects(database.db, [emptyProject]);
    const untouched = eventOf(framesOf(error, build, pageUrl), withDebugId());
    const before = JSON.stringify(untouched);
    expect(resolveEventFrames(untouched, emptyProject, source, { diagnose: false })).toEqual({ resolved: 0, frames: [] });
    expect(source.hasMisses).toBe(false);
    expect(JSON.stringify(untouched)).toBe(before);
  });
});
