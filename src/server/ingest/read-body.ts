import { Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate, type Gunzip } from "node:zlib";
import { AppError } from "../errors";

export interface BodyLimits {
  maxCompressedBytes: number;
  maxEnvelopeBytes: number;
}

/**
 * Reads a request body through two byte counters — one on the wire, one after decompression —
 * and stops at whichever cap is passed first, so a compression bomb is never inflated fully.
 */
export async function readBody(request: Request, limits: BodyLimits): Promise<Uint8Array> {
  const body = request.body ? Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>) : null;
  return readBodyStream(body, request.headers, limits);
}

/** The same for a Node stream (the plain http server's request) with its headers. */
export async function readBodyStream(wire: Readable | null, headers: Pick<Headers, "get">, limits: BodyLimits): Promise<Uint8Array> {
  const declared = Number(headers.get("content-length") ?? NaN);
  if (declared > limits.maxCompressedBytes) throw tooLarge("request body", limits.maxCompressedBytes);
  if (!wire) return new Uint8Array(0);

  const encoding = (headers.get("content-encoding") ?? "").trim().toLowerCase();
  const decoder = createDecoder(encoding);
  let wireBytes = 0;
  wire.on("data", (chunk: Buffer) => {
    wireBytes += chunk.length;
    if (wireBytes > limits.maxCompressedBytes) wire.destroy(tooLarge("request body", limits.maxCompressedBytes));
  });
  const source = decoder ? wire.pipe(decoder) : wire;
  if (decoder) wire.on("error", (error) => decoder.destroy(error));

  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > limits.maxEnvelopeBytes) throw tooLarge("decompressed envelope", limits.maxEnvelopeBytes);
      chunks.push(chunk);
    }
  } catch (error) {
    wire.destroy();
    decoder?.destroy();
    if (error instanceof AppError) throw error;
    throw new AppError("bad_request", `the body could not be decoded as ${encoding || "plain bytes"}: ${(error as Error).message}`);
  }
  return Buffer.concat(chunks, total);
}

function createDecoder(encoding: string): Gunzip | ReturnType<typeof createBrotliDecompress> | ReturnType<typeof createInflate> | null {
  switch (encoding) {
    case "":
    case "identity":
    case "utf-8":
      return null;
    case "gzip":
    case "x-gzip":
      return createGunzip();
    case "deflate":
      return createInflate();
    case "br":
      return createBrotliDecompress();
    default:
      throw new AppError("unsupported_media_type", `unsupported Content-Encoding "${encoding}" (use gzip, deflate, br or none)`);
  }
}

function tooLarge(what: string, limit: number): AppError {
  return new AppError("payload_too_large", `the ${what} is larger than the limit of ${limit} bytes`);
}
