import yauzl, { type Entry, type ZipFile } from "yauzl";
import { z } from "zod";
import { normalizeDebugId } from "./find-artifacts";

/**
 * Reads an artifact bundle as sentry-cli and the bundler plugins build it (docs/sentry-protocol.md §6.2): an
 * optional 8-byte header `SYSB` + u32 version, then a zip holding `manifest.json` and the files it lists. The
 * zip comes from outside, so sizes are capped before anything is inflated: the declared sizes of the central
 * directory first, and yauzl's `validateEntrySizes` stops an entry whose data inflates past its header.
 */
export const artifactBundleLimits = {
  maxEntries: 10_000,
  maxFileBytes: 100 * 1024 * 1024,
  maxManifestBytes: 10 * 1024 * 1024,
  maxUrlLength: 2048,
};

/** Why a bundle was refused; the assemble verbs turn it into state "error" with this reason as the detail. */
export class ArtifactBundleError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "ArtifactBundleError";
  }
}

export const artifactFileTypes = ["source", "minified_source", "source_map", "indexed_ram_bundle"] as const;
export type ArtifactFileType = (typeof artifactFileTypes)[number];

export interface ArtifactBundleFile {
  /** Where it is in the zip (`files/_/_/app.min.js`). */
  path: string;
  /** What a frame's URL is matched against (`~/app.min.js`). */
  url: string;
  type: ArtifactFileType;
  /** Its own `debug-id` header, normalized (lower case, dashes); null when it has none. */
  debugId: string | null;
  /** The `sourcemap` header of a minified file: its map's URL, relative to the file. */
  sourcemap: string | null;
  content: Buffer;
}

export interface ArtifactBundle {
  org: string | null;
  project: string | null;
  release: string | null;
  dist: string | null;
  /** The manifest's own `debug_id` (the bundle's id), normalized. */
  bundleId: string | null;
  files: ArtifactBundleFile[];
}

const optionalText = z.string().max(256).nullish();

const manifestSchema = z.object({
  files: z.record(
    z.string().max(4096),
    z.object({
      url: z.string().min(1).max(artifactBundleLimits.maxUrlLength),
      type: z.string().max(64).nullish(),
      headers: z.record(z.string().max(256), z.string().max(4096)).nullish(),
    }),
  ),
  org: optionalText,
  project: optionalText,
  release: optionalText,
  dist: optionalText,
  debug_id: optionalText,
});

/**
 * The zip behind the optional `SYSB` header sentry-cli puts in front of source bundles. sentry-cli writes the
 * zip after the header, so its offsets count the header's 8 bytes: yauzl must then read the whole buffer. A
 * zip made apart and prefixed later has offsets from its own start: then the header is cut off. The central
 * directory's offset (in the end record) says which: a central directory header must be found there.
 */
function zipBytes(bytes: Buffer): Buffer {
  if (!(bytes.length >= 8 && bytes.subarray(0, 4).toString("latin1") === "SYSB")) return bytes;
  const endRecord = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endRecord < 0 || endRecord + 20 > bytes.length) return bytes.subarray(8);
  const directoryOffset = bytes.readUInt32LE(endRecord + 16);
  const isCountingHeader = directoryOffset + 4 <= bytes.length && bytes.readUInt32LE(directoryOffset) === 0x02014b50;
  return isCountingHeader ? bytes : bytes.subarray(8);
}

/** An entry's name, or null for names that could escape a directory (`..`, absolute, backslashes, NUL). */
function safeName(entry: Entry): string | null {
  // With decodeStrings off (so a bad name skips its entry instead of failing the whole zip), yauzl leaves the raw bytes here.
  const raw = entry.fileName as unknown as Buffer;
  const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, true);
  if (name.includes("\0") || yauzl.validateFileName(name) !== null) return null;
  return name;
}

async function listEntries(zip: ZipFile): Promise<Map<string, Entry>> {
  if (zip.entryCount > artifactBundleLimits.maxEntries) throw new ArtifactBundleError(`The bundle has ${zip.entryCount} entries; at most ${artifactBundleLimits.maxEntries} are accepted.`);
  const entries = new Map<string, Entry>();
  for await (const entry of zip.eachEntry()) {
    const name = safeName(entry);
    if (name === null || name.endsWith("/") || entries.has(name)) continue;
    entries.set(name, entry);
  }
  return entries;
}

/** Inflates one entry, never past its declared size (yauzl errors as soon as the data runs longer). */
async function readEntry(zip: ZipFile, entry: Entry, name: string): Promise<Buffer> {
  const stream = await zip.openReadStreamPromise(entry);
  const parts: Buffer[] = [];
  let size = 0;
  try {
    for await (const part of stream as AsyncIterable<Buffer>) {
      size += part.length;
      if (size > entry.uncompressedSize) throw new ArtifactBundleError(`${name} inflates past its declared size.`);
      parts.push(part);
    }
  } catch (error) {
    stream.destroy();
    if (error instanceof ArtifactBundleError) throw error;
    throw new ArtifactBundleError(`${name} could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  return Buffer.concat(parts, size);
}

function parseManifest(bytes: Buffer): z.infer<typeof manifestSchema> {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString("utf8"));
  } catch {
    throw new ArtifactBundleError("manifest.json is not valid JSON.");
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ArtifactBundleError(`manifest.json is malformed: ${issue ? `${issue.path.join(".") || "(root)"}: ${issue.message}` : "unexpected shape"}.`);
  }
  return parsed.data;
}

function header(headers: Record<string, string> | null | undefined, name: string): string | null {
  for (const [key, value] of Object.entries(headers ?? {})) if (key.toLowerCase() === name) return value;
  return null;
}

function isFileType(type: string): type is ArtifactFileType {
  return (artifactFileTypes as readonly string[]).includes(type);
}

/**
 * The manifest and each file it lists, read under the caps above; `maxTotalBytes` bounds all files together
 * (config.sourceMaps.maxBundleBytes). Throws ArtifactBundleError with the reason a bundle is refused.
 * Entries with unsafe names, entries the manifest does not list, and files of unknown type are skipped.
 */
export async function readArtifactBundle(bytes: Buffer, options: { maxTotalBytes: number }): Promise<ArtifactBundle> {
  let zip: ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(zipBytes(bytes), { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: false });
  } catch (error) {
    throw new ArtifactBundleError(`The bundle is not a readable zip archive: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    const entries = await listEntries(zip).catch((error: unknown) => {
      if (error instanceof ArtifactBundleError) throw error;
      throw new ArtifactBundleError(`The bundle's zip directory is damaged: ${error instanceof Error ? error.message : String(error)}`);
    });
    const manifestEntry = entries.get("manifest.json");
    if (!manifestEntry) throw new ArtifactBundleError("The bundle has no manifest.json.");
    if (manifestEntry.uncompressedSize > artifactBundleLimits.maxManifestBytes) throw new ArtifactBundleError(`manifest.json declares ${manifestEntry.uncompressedSize} bytes; at most ${artifactBundleLimits.maxManifestBytes} are accepted.`);
    const manifest = parseManifest(await readEntry(zip, manifestEntry, "manifest.json"));

    const wanted: { path: string; entry: Entry; url: string; type: ArtifactFileType; headers: Record<string, string> | null | undefined }[] = [];
    const urls = new Set<string>();
    let declaredTotal = 0;
    for (const [path, file] of Object.entries(manifest.files)) {
      const entry = entries.get(path);
      const type = file.type ?? "source";
      if (!entry || !isFileType(type) || urls.has(file.url)) continue;
      if (entry.uncompressedSize > artifactBundleLimits.maxFileBytes) throw new ArtifactBundleError(`${path} declares ${entry.uncompressedSize} bytes uncompressed; one file may have at most ${artifactBundleLimits.maxFileBytes}.`);
      declaredTotal += entry.uncompressedSize;
      if (declaredTotal > options.maxTotalBytes) throw new ArtifactBundleError(`The bundle's files declare more than ${options.maxTotalBytes} bytes uncompressed (LANTERN_SOURCEMAP_MAX_BUNDLE).`);
      urls.add(file.url);
      wanted.push({ path, entry, url: file.url, type, headers: file.headers });
    }

    const files: ArtifactBundleFile[] = [];
    for (const file of wanted) {
      const debugIdHeader = header(file.headers, "debug-id");
      files.push({
        path: file.path,
        url: file.url,
        type: file.type,
        debugId: debugIdHeader === null ? null : normalizeDebugId(debugIdHeader),
        sourcemap: header(file.headers, "sourcemap") ?? header(file.headers, "x-sourcemap"),
        content: await readEntry(zip, file.entry, file.path),
      });
    }
    return {
      org: manifest.org ?? null,
      project: manifest.project ?? null,
      release: manifest.release || null,
      dist: manifest.dist || null,
      bundleId: manifest.debug_id ? normalizeDebugId(manifest.debug_id) : null,
      files,
    };
  } finally {
    zip.close();
  }
}
