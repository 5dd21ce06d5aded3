import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, brotliDecompressSync, constants, gunzipSync, type BrotliOptions } from "node:zlib";

/** How a raw envelope is kept in `intake_bodies.encoding`: as it is, as the SDK's gzip, or compressed here (brotli). */
export type RawBodyEncoding = "identity" | "gzip" | "br";

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

const brotliInThreadPool = promisify(brotliCompress) as (input: Uint8Array, options: BrotliOptions) => Promise<Buffer>;

/**
 * Brotli at quality 1: on the realistic envelope (13.7 KB) it takes half the CPU of gzip level 1 (about 37
 * against 65 µs) for a slightly smaller result (14.1 % against 14.3 %), and decompresses as fast
 * (bench/raw-bytes-per-event.ts). Ingest pays this on its main thread for every envelope.
 */
function compressionFor(body: Uint8Array): BrotliOptions {
  return { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } };
}

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
  const compressed = body.length <= inlineCompressionBytes ? brotliCompressSync(body, compressionFor(body)) : await brotliInThreadPool(body, compressionFor(body));
  return compressed.length < body.length ? { body: compressed, encoding: "br" } : { body, encoding: "identity" };
}

/** The same without a sent gzip, synchronously, for digest's rewrite of an envelope that held secrets (on the digest thread). */
export function encodeRawBodySync(body: Uint8Array): EncodedRawBody {
  const compressed = brotliCompressSync(body, compressionFor(body));
  return compressed.length < body.length ? { body: compressed, encoding: "br" } : { body, encoding: "identity" };
}

/**
 * A stored envelope's bytes. Decompression stops at the size ingest measured (`body_bytes`, itself under the
 * ingest limit), so a row that was tampered with or damaged cannot inflate past it; a body that decompresses
 * to any other size, or an encoding this version does not know, is an error, never a guess.
 */
export function decodeRawBody({ body, encoding, body_bytes }: StoredRawBody): Uint8Array {
  if (encoding === "identity") return body;
  const decompress = encoding === "gzip" ? gunzipSync : encoding === "br" ? brotliDecompressSync : null;
  if (!decompress) throw new Error(`the stored envelope has an unknown encoding "${encoding}"`);
  let decoded: Buffer;
  try {
    decoded = decompress(body, { maxOutputLength: Math.max(1, body_bytes) });
  } catch (error) {
    throw new Error(`the stored envelope could not be decompressed: ${(error as Error).message}`);
  }
  if (decoded.length !== body_bytes) throw new Error(`the stored envelope decompressed to ${decoded.length} bytes, not the ${body_bytes} received`);
  return decoded;
}
