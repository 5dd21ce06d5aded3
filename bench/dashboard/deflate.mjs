// Deflated payloads built from pieces, so the dashboard seed compresses each issue's constant JSON (its
// exception and stack trace, most of the bytes) once instead of once per event, and the rest of each event
// on worker threads. A zlib stream may be a series of raw deflate blocks: each piece is deflated on its own
// and ended with a sync flush (byte-aligned, not final), or written as a stored block when short; an empty
// final stored block and the Adler-32 of the whole text close the stream. inflateSync reads it like any
// other zlib stream, and the text is exactly the event's JSON.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { constants, deflateRawSync } from "node:zlib";

const base = 65521;
/** zlib's header for the fastest level (what deflateSync({ level: 1 }) writes). */
const header = Buffer.from([0x78, 0x01]);
const finalBlock = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
/** Shorter pieces are stored rather than deflated: a deflate call costs more than it saves on them. */
const storeBelow = 1024;

export function adler32(bytes, start = 1) {
  let a = start & 0xffff;
  let b = start >>> 16;
  let index = 0;
  while (index < bytes.length) {
    const end = Math.min(index + 3800, bytes.length);
    for (; index < end; index++) {
      a += bytes[index];
      b += a;
    }
    a %= base;
    b %= base;
  }
  return ((b << 16) | a) >>> 0;
}

/** zlib's adler32_combine: the checksum of A + B from those of A and B and B's length. */
export function adler32Combine(first, second, secondLength) {
  const remainder = secondLength % base;
  let a = first & 0xffff;
  let b = (remainder * a) % base;
  a += (second & 0xffff) + base - 1;
  b += (first >>> 16) + (second >>> 16) + base - remainder;
  if (a >= base) a -= base;
  if (a >= base) a -= base;
  if (b >= base * 2) b -= base * 2;
  if (b >= base) b -= base;
  return ((b << 16) | a) >>> 0;
}

/** One piece of text as raw deflate blocks that end byte-aligned and not final. */
export function compressPiece(text) {
  const bytes = Buffer.from(text);
  let chunk;
  if (bytes.length >= storeBelow) chunk = deflateRawSync(bytes, { level: 1, finishFlush: constants.Z_SYNC_FLUSH });
  else {
    chunk = Buffer.allocUnsafe(5 + bytes.length);
    chunk[0] = 0x00;
    chunk.writeUInt16LE(bytes.length, 1);
    chunk.writeUInt16LE(~bytes.length & 0xffff, 3);
    bytes.copy(chunk, 5);
  }
  return { chunk, adler: adler32(bytes), length: bytes.length };
}

/** The zlib stream of the pieces' texts, in order. */
export function assemble(pieces) {
  let adler = 1;
  const chunks = [header];
  for (const piece of pieces) {
    adler = adler32Combine(adler, piece.adler, piece.length);
    chunks.push(piece.chunk);
  }
  const trailer = Buffer.allocUnsafe(4);
  trailer.writeUInt32BE(adler, 0);
  chunks.push(finalBlock, trailer);
  return Buffer.concat(chunks);
}

/**
 * Payloads assembled on worker threads, a batch at a time, in order. Each event names its issue (whose
 * parts — fixed pieces, or null for a text of the event — the pool sends to a worker once) and brings the
 * texts of its null parts; all texts of a batch travel as one string joined by NUL, which JSON text never
 * contains unescaped.
 */
export class DeflatePool {
  constructor(size = Math.max(1, Math.min(4, availableParallelism()))) {
    this.workers = Array.from({ length: size }, () => new Worker(new URL("./deflate-worker.mjs", import.meta.url)));
    this.sent = this.workers.map(() => new Set());
    this.waiting = new Map();
    this.nextId = 0;
    for (const worker of this.workers) {
      worker.on("message", ({ id, buffer, offsets }) => {
        const { resolve } = this.waiting.get(id);
        this.waiting.delete(id);
        const payloads = [];
        for (let index = 0; index < offsets.length - 1; index++) payloads.push(Buffer.from(buffer, offsets[index], offsets[index + 1] - offsets[index]));
        resolve(payloads);
      });
      worker.on("error", (error) => {
        for (const { reject } of this.waiting.values()) reject(error);
        this.waiting.clear();
      });
    }
  }

  /** `keys[i]`: event i's issue; `partsOf(key)`: that issue's parts; `texts`: the events' texts in order. */
  compress(keys, partsOf, texts) {
    const id = this.nextId++;
    const index = id % this.workers.length;
    const templates = [];
    for (const key of keys) {
      if (this.sent[index].has(key)) continue;
      this.sent[index].add(key);
      templates.push([key, partsOf(key)]);
    }
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.workers[index].postMessage({ id, templates, keys, text: texts.join("\u0000") });
    });
  }

  close() {
    return Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
