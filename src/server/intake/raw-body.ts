import { promisify } from "node:util";
import { gunzipSync, gzip, gzipSync, type ZlibOptions } from "node:zlib";

/** How a raw envelope is kept in `intake_bodies.encoding`. */
export type RawBodyEncoding = "identity" | "gzip";

export interface EncodedRawBody {
  body: Uint8Array;
  encoding: RawBodyEncoding;
}

/** What a read needs to give a stored envelope back: its bytes, their encoding, and the size ingest measured. */
export interface StoredRawBody {
  body: Uint8Array;
  encoding: string;
  /** The envelope's size decompressed (`intake.body_bytes`), which ingest held under its envelope limit. */
  body_bytes: number;
}

const gzipInThreadPool = promisify(gzip) as (input: Uint8Array, options: ZlibOptions) => Promise<Buffer>;

/** Level 1: envelopes are JSON full of repeats, and the fastest level already takes them to about a seventh. */
const compression: ZlibOptions = { level: 1 };

/** Like read-body's decompression: small bodies inline (cheaper than a trip through libuv's pool), large ones off the main thread. */
const inlineCompressionBytes = 64 * 1024;

/**
 * The bytes to store for an envelope. `sentGzip` is the request body as the SDK sent it when it was gzip and
 * decompresses to exactly `body` (the caller knows); it is kept as it came unless it is no smaller than the
 * envelope itself (a hostile level-0 "compression"). Otherwise the envelope is compressed here, and kept as it
 * is when that does not make it smaller (an already-compressed attachment).
 */
export async function encodeRawBody(body: Uint8Array, sentGzip?: Uint8Array | null): Promise<EncodedRawBody> {
  if (sentGzip && sentGzip.length < body.length) return { body: sentGzip, encoding: "gzip" };
  const compressed = body.length <= inlineCompressionBytes ? gzipSync(body, compression) : await gzipInThreadPool(body, compression);
  return compressed.length < body.length ? { body: compressed, encoding: "gzip" } : { body, encoding: "identity" };
}

/** The same, synchronously, for digest's rewrite of an envelope that held secrets (on the digest thread). */
export function encodeRawBodySync(body: Uint8Array): EncodedRawBody {
  const compressed = gzipSync(body, compression);
  return compressed.length < body.length ? { body: compressed, encoding: "gzip" } : { body, encoding: "identity" };
}

/**
 * A stored envelope's bytes. Decompression stops at the size ingest measured (`body_bytes`, itself under the
 * ingest limit), so a row that was tampered with or damaged cannot inflate past it; a body that decompresses
 * to any other size, or an encoding this version does not know, is an error, never a guess.
 */
export function decodeRawBody({ body, encoding, body_bytes }: StoredRawBody): Uint8Array {
  if (encoding === "identity") return body;
  if (encoding !== "gzip") throw new Error(`the stored envelope has an unknown encoding "${encoding}"`);
  let decoded: Buffer;
  try {
    decoded = gunzipSync(body, { maxOutputLength: Math.max(1, body_bytes) });
  } catch (error) {
    throw new Error(`the stored envelope could not be decompressed: ${(error as Error).message}`);
  }
  if (decoded.length !== body_bytes) throw new Error(`the stored envelope decompressed to ${decoded.length} bytes, not the ${body_bytes} received`);
  return decoded;
}
