import { Readable } from "node:stream";
import { promisify } from "node:util";
import { brotliDecompress, brotliDecompressSync, gunzip, gunzipSync, inflate, inflateSync, type InputType, type ZlibOptions } from "node:zlib";
import { AppError, IngestRefusal } from "../errors";
import { ownValue } from "@/lib/own-value";

export interface BodyLimits {
  maxCompressedBytes: number;
  maxEnvelopeBytes: number;
  /** A body may grow this many times when decompressed (bodies under 16 MiB decompressed are never refused for it). */
  maxDecompressionRatio?: number;
}

const ratioFloorBytes = 16 * 1024 * 1024;

type Decompress = (input: InputType, options: ZlibOptions) => Promise<Buffer>;
type DecompressSync = (input: InputType, options: ZlibOptions) => Buffer;

interface Decompressor {
  inThreadPool: Decompress;
  inline: DecompressSync;
}

const gzip: Decompressor = { inThreadPool: promisify(gunzip) as Decompress, inline: gunzipSync };
const decompressors: Record<string, Decompressor | null> = {
  "": null,
  identity: null,
  // Sent by some old clients; Relay treats it as no encoding.
  "utf-8": null,
  gzip,
  "x-gzip": gzip,
  deflate: { inThreadPool: promisify(inflate) as Decompress, inline: inflateSync },
  br: { inThreadPool: promisify(brotliDecompress) as Decompress, inline: brotliDecompressSync },
};

/**
 * Typical SDK bodies (a few KB) decompress in tens of microseconds: cheaper inline than a round trip
 * through libuv's thread pool, whose threads compete with digest for the cores. Larger bodies go there.
 */
const inlineDecompressionBytes = 64 * 1024;

/**
 * Reads a request body under two caps — bytes on the wire, then bytes after decompression. The wire
 * bytes are counted as they arrive; decompression runs once, off the main thread, and zlib stops at
 * `maxOutputLength`, so a compression bomb is never inflated past the envelope limit.
 */
export async function readBody(request: Request, limits: BodyLimits): Promise<Uint8Array> {
  const body = request.body ? Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>) : null;
  return readBodyStream(body, request.headers, limits);
}

/** The same for a Node stream (the plain http server's request) with its headers. */
export async function readBodyStream(wire: Readable | null, headers: Pick<Headers, "get">, limits: BodyLimits): Promise<Uint8Array> {
  return (await readBodyStreamAsSent(wire, headers, limits)).body;
}

/** The body, and the bytes the client sent when they were gzip (ingest stores those as they are: intake/raw-body). */
export async function readBodyStreamAsSent(wire: Readable | null, headers: Pick<Headers, "get">, limits: BodyLimits): Promise<{ body: Uint8Array; sentGzip: Uint8Array | null }> {
  const encoding = (headers.get("content-encoding") ?? "").trim().toLowerCase();
  const decompress = ownValue(decompressors, encoding);
  if (decompress === undefined) throw new IngestRefusal("unsupported_media_type", `unsupported Content-Encoding "${encoding}" (use gzip, deflate, br or none)`);
  const declared = Number(headers.get("content-length") ?? NaN);
  if (declared > limits.maxCompressedBytes) throw tooLarge("request body", limits.maxCompressedBytes);
  if (!wire) return { body: new Uint8Array(0), sentGzip: null };

  const chunks: Buffer[] = [];
  let wireBytes = 0;
  try {
    for await (const chunk of wire as AsyncIterable<Buffer>) {
      wireBytes += chunk.length;
      if (wireBytes > limits.maxCompressedBytes) throw tooLarge("request body", limits.maxCompressedBytes);
      if (!decompress && wireBytes > limits.maxEnvelopeBytes) throw tooLarge("decompressed envelope", limits.maxEnvelopeBytes);
      chunks.push(chunk);
    }
  } catch (error) {
    wire.destroy();
    if (error instanceof AppError) throw error;
    throw new IngestRefusal("bad_request", `the request body could not be read: ${(error as Error).message}`);
  }
  const compressed = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, wireBytes);
  if (!decompress) return { body: compressed, sentGzip: null };
  // A bomb of a few KB would otherwise be inflated up to the envelope limit (200 MiB) before it is refused.
  const ratioLimit = limits.maxDecompressionRatio ? Math.max(ratioFloorBytes, compressed.length * limits.maxDecompressionRatio) : Infinity;
  const outputLimit = Math.min(limits.maxEnvelopeBytes, ratioLimit);
  try {
    const options = { maxOutputLength: outputLimit };
    const body = compressed.length <= inlineDecompressionBytes ? decompress.inline(compressed, options) : await decompress.inThreadPool(compressed, options);
    return { body, sentGzip: decompress === gzip ? compressed : null };
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" || error instanceof RangeError) {
      if (outputLimit < limits.maxEnvelopeBytes) {
        throw new IngestRefusal("payload_too_large", `the decompressed envelope is larger than the limit of ${outputLimit} bytes for ${compressed.length} compressed bytes (at most ${limits.maxDecompressionRatio} times; compression bombs are refused)`);
      }
      throw tooLarge("decompressed envelope", limits.maxEnvelopeBytes);
    }
    throw new IngestRefusal("bad_request", `the body could not be decoded as ${encoding}: ${(error as Error).message}`);
  }
}

function tooLarge(what: string, limit: number): AppError {
  return new IngestRefusal("payload_too_large", `the ${what} is larger than the limit of ${limit} bytes`);
}
