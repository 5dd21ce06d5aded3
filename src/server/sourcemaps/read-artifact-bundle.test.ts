import { describe, expect, it } from "vitest";
import { buildArtifactBundle, buildZip, deflatedEntry, storedEntry, zerosEntry } from "../../../tests/support/build-zip";
import { ArtifactBundleError, artifactBundleLimits, readArtifactBundle } from "./read-artifact-bundle";

const debugId = "9B7990F8-1B2C-4D3E-8F90-A1B2C3D4E5F6";
const minified = 'function a(){throw new Error("x")}a();\n//# sourceMappingURL=app.min.js.map\n';
const map = JSON.stringify({ version: 3, sources: ["src/app.ts"], names: ["boom"], mappings: "AAAA", sourcesContent: ["function boom() {}"], debug_id: debugId });
const options = { maxTotalBytes: 512 * 1024 * 1024 };

async function refusal(bytes: Buffer, limits = options): Promise<string> {
  const error = await readArtifactBundle(bytes, limits).catch((reason: unknown) => reason);
  expect(error).toBeInstanceOf(ArtifactBundleError);
  return (error as ArtifactBundleError).reason;
}

function manifestZip(manifest: unknown, others: ReturnType<typeof storedEntry>[] = []): Buffer {
  return buildZip([storedEntry("manifest.json", JSON.stringify(manifest)), ...others]);
}

describe("readArtifactBundle", () => {
  it("reads the manifest and every listed file, with normalized debug IDs and the sourcemap header", async () => {
    const bundle = buildArtifactBundle(
      [
        { url: "~/app.min.js", type: "minified_source", content: minified, headers: { "debug-id": debugId, Sourcemap: "app.min.js.map" } },
        { url: "~/app.min.js.map", type: "source_map", content: map, headers: { "debug-id": debugId } },
      ],
      { release: "shop@1.0.0", dist: "web", debug_id: "00000000-0000-4000-8000-000000000001" },
    );
    const read = await readArtifactBundle(bundle, options);
    expect(read).toMatchObject({ org: "lantern", project: "shop", release: "shop@1.0.0", dist: "web", bundleId: "00000000-0000-4000-8000-000000000001" });
    expect(read.files.map(({ content, ...file }) => ({ ...file, text: content.toString() }))).toEqual([
      { path: "files/_/_/app.min.js", url: "~/app.min.js", type: "minified_source", debugId: debugId.toLowerCase(), sourcemap: "app.min.js.map", text: minified },
      { path: "files/_/_/app.min.js.map", url: "~/app.min.js.map", type: "source_map", debugId: debugId.toLowerCase(), sourcemap: null, text: map },
    ]);
  });

  it.each([
    ["counted in the zip's offsets, as sentry-cli writes it", true],
    ["prefixed to a finished zip", "prefixed"],
  ] as const)("accepts the 8-byte SYSB header %s", async (_, header) => {
    const bundle = buildArtifactBundle([{ url: "~/a.js", type: "minified_source", content: "a()" }], {}, { header });
    expect(bundle.subarray(0, 4).toString()).toBe("SYSB");
    expect((await readArtifactBundle(bundle, options)).files.map((file) => [file.url, file.content.toString()])).toEqual([["~/a.js", "a()"]]);
  });

  it("skips entries whose names could escape a directory, even when the manifest lists them", async () => {
    const names = ["../evil.js", "files/../../evil.js", "/etc/evil.js", "C:/evil.js", "files\\..\\evil.js", "files/evil\0.js"];
    const zip = manifestZip(
      { files: Object.fromEntries([...names, "files/_/_/good.js"].map((name) => [name, { url: `~/${name}`, type: "minified_source" }])) },
      [...names.map((name) => storedEntry(name, "evil()")), storedEntry("files/_/_/good.js", "good()")],
    );
    const read = await readArtifactBundle(zip, options);
    expect(read.files.map((file) => file.path)).toEqual(["files/_/_/good.js"]);
  });

  it("refuses a 1 GB bomb by its declared size, before inflating it", async () => {
    const bomb = await zerosEntry("files/_/_/bomb.js", 1024 * 1024 * 1024);
    expect(bomb.data.length).toBeLessThan(2 * 1024 * 1024);
    const zip = manifestZip({ files: { "files/_/_/bomb.js": { url: "~/bomb.js", type: "minified_source" } } }, [bomb]);
    expect(await refusal(zip)).toMatch(/declares 1073741824 bytes uncompressed; one file may have at most/);
    const heapBefore = process.memoryUsage().arrayBuffers;
    expect(await refusal(zip, { maxTotalBytes: 10 })).toMatch(/declares 1073741824 bytes/);
    expect(process.memoryUsage().arrayBuffers - heapBefore).toBeLessThan(64 * 1024 * 1024);
  });

  it("refuses a bomb whose header lies about its size as soon as it inflates past it", async () => {
    const bomb = { ...(await zerosEntry("files/_/_/bomb.js", 256 * 1024 * 1024)), size: 1000 };
    const zip = manifestZip({ files: { "files/_/_/bomb.js": { url: "~/bomb.js", type: "minified_source" } } }, [bomb]);
    expect(await refusal(zip)).toMatch(/bomb\.js (inflates past its declared size|could not be read: too many bytes)/);
  });

  it("refuses files that together declare more than the bundle cap", async () => {
    const files = ["a", "b", "c"].map((name) => deflatedEntry(`files/_/_/${name}.js`, "x".repeat(400)));
    const zip = buildZip([storedEntry("manifest.json", JSON.stringify({ files: Object.fromEntries(files.map((file) => [file.name, { url: `~/${file.name}`, type: "source" }])) })), ...files]);
    expect(await refusal(zip, { maxTotalBytes: 1000 })).toMatch(/declare more than 1000 bytes uncompressed/);
    expect((await readArtifactBundle(zip, { maxTotalBytes: 1200 })).files).toHaveLength(3);
  });

  it("refuses more entries than the cap from the zip's directory", async () => {
    const entries = Array.from({ length: artifactBundleLimits.maxEntries + 1 }, (_, index) => storedEntry(`files/${index}.js`, ""));
    expect(await refusal(buildZip(entries))).toBe(`The bundle has ${artifactBundleLimits.maxEntries + 1} entries; at most ${artifactBundleLimits.maxEntries} are accepted.`);
  });

  it.each([
    ["no manifest", buildZip([storedEntry("files/_/_/a.js", "a()")]), /no manifest\.json/],
    ["a manifest that is not JSON", buildZip([storedEntry("manifest.json", "{files:")]), /manifest\.json is not valid JSON/],
    ["a manifest without files", manifestZip({ org: "lantern" }), /manifest\.json is malformed: files:/],
    ["a file without a URL", manifestZip({ files: { "files/_/_/a.js": { type: "source" } } }), /manifest\.json is malformed: files\.files\/_\/_\/a\.js\.url:/],
    ["headers that are not strings", manifestZip({ files: { "a.js": { url: "~/a.js", headers: { "debug-id": 7 } } } }), /manifest\.json is malformed/],
    ["bytes that are not a zip", Buffer.from("PK\u0003\u0004 not really a zip at all, just text"), /not a readable zip archive/],
    ["an empty upload", Buffer.alloc(0), /not a readable zip archive/],
  ])("refuses %s with the reason", async (_, bytes, reason) => {
    expect(await refusal(bytes)).toMatch(reason);
  });

  it("skips files of unknown type and files the manifest lists but the zip lacks", async () => {
    const zip = manifestZip(
      { files: { "files/_/_/a.js": { url: "~/a.js", type: "minified_source" }, "files/_/_/b.bin": { url: "~/b.bin", type: "dylib" }, "files/_/_/gone.js": { url: "~/gone.js", type: "source" } } },
      [storedEntry("files/_/_/a.js", "a()"), storedEntry("files/_/_/b.bin", "b")],
    );
    expect((await readArtifactBundle(zip, options)).files.map((file) => file.url)).toEqual(["~/a.js"]);
  });
});
