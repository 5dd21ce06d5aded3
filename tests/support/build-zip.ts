import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { constants, createDeflateRaw, crc32, deflateRawSync } from "node:zlib";

/**
 * A minimal zip writer for tests (no zip writer is installed): local headers, data, central directory, end
 * record — enough for yauzl and for hostile cases a real writer would refuse to make (names with `..`, sizes
 * that lie). Not zip64: every size stays under 4 GB.
 */
export interface ZipEntry {
  name: string;
  /** The stored data: raw bytes when `method` is 0, raw deflate when 8. */
  data: Buffer;
  method: 0 | 8;
  crc: number;
  /** The uncompressed size written into both headers (a bomb may lie about it). */
  size: number;
}

export function storedEntry(name: string, content: string | Buffer): ZipEntry {
  const bytes = Buffer.from(content);
  return { name, data: bytes, method: 0, crc: crc32(bytes), size: bytes.length };
}

export function deflatedEntry(name: string, content: string | Buffer): ZipEntry {
  const bytes = Buffer.from(content);
  return { name, data: deflateRawSync(bytes), method: 8, crc: crc32(bytes), size: bytes.length };
}

/** `bytes` zeros, deflated as a stream so the test never holds them in memory (1 GB deflates to about 1 MB; run-length
 * deflate makes it in a second). */
export async function zerosEntry(name: string, bytes: number): Promise<ZipEntry> {
  const block = Buffer.alloc(1024 * 1024);
  let crc = 0;
  function* blocks() {
    for (let left = bytes; left > 0; left -= block.length) {
      const part = left >= block.length ? block : block.subarray(0, left);
      crc = crc32(part, crc);
      yield part;
    }
  }
  const data = await buffer(Readable.from(blocks()).pipe(createDeflateRaw({ level: 1, strategy: constants.Z_RLE })));
  return { name, data, method: 8, crc, size: bytes };
}

/** `prefix` goes before the zip and counts in its offsets, as sentry-cli writes the SYSB header of a bundle. */
export function buildZip(entries: readonly ZipEntry[], prefix: Buffer = Buffer.alloc(0)): Buffer {
  const locals: Buffer[] = [prefix];
  const centrals: Buffer[] = [];
  let offset = prefix.length;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names are UTF-8
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export interface BundleFileSpec {
  url: string;
  type: string;
  content: string | Buffer;
  headers?: Record<string, string>;
}

/**
 * An artifact bundle as sentry-cli builds one: `files/_/_/<path>` entries and their manifest.json. `header`
 * puts the 8-byte `SYSB` + version 2 in front: counted in the zip's offsets as sentry-cli writes it (true),
 * or prefixed to a finished zip ("prefixed").
 */
export function buildArtifactBundle(files: readonly BundleFileSpec[], manifest: { release?: string; dist?: string; debug_id?: string } = {}, options: { header?: boolean | "prefixed" } = {}): Buffer {
  const entries = files.map((file) => deflatedEntry(`files/_/_/${file.url.replace(/^~\//, "")}`, file.content));
  const listed = Object.fromEntries(files.map((file, index) => [entries[index]!.name, { url: file.url, type: file.type, headers: file.headers ?? {} }]));
  const all = [deflatedEntry("manifest.json", JSON.stringify({ org: "lantern", project: "shop", ...manifest, files: listed })), ...entries];
  const header = Buffer.alloc(8);
  header.write("SYSB", 0, "latin1");
  header.writeUInt32LE(2, 4);
  if (options.header === "prefixed") return Buffer.concat([header, buildZip(all)]);
  return options.header ? buildZip(all, header) : buildZip(all);
}
