import { Readable } from "node:stream";
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { readBodyStream, type BodyLimits } from "./read-body";
import { mutatedEnvelope } from "../../../tests/support/envelope-mutations.mjs";
import { envelopeFixtures, propertyRuns, rawFixtureBodies, valueOrAppErrorAsync } from "../../../tests/support/value-or-app-error";

/**
 * Property: for any body, any Content-Encoding and Content-Length header, any way the bytes arrive in
 * chunks, and any limits, the body reader returns bytes or throws AppError within the hang bound; and a
 * body compressed correctly within the limits comes back exactly.
 */
const compressors = new Map<string, (bytes: Uint8Array) => Uint8Array>([
  ["", (bytes) => bytes],
  ["identity", (bytes) => bytes],
  ["gzip", (bytes) => gzipSync(bytes)],
  ["x-gzip", (bytes) => gzipSync(bytes)],
  ["deflate", (bytes) => deflateSync(bytes)],
  ["br", (bytes) => brotliCompressSync(bytes)],
  // Not an encoding ingest accepts: only for bodies compressed otherwise than their header says.
  ["deflate-raw", (bytes) => deflateRawSync(bytes)],
]);
const encodings = ["", "identity", "gzip", "x-gzip", "deflate", "br"];
const bogusEncodings = ["zstd", "gzip, deflate", "deflate-raw", "constructor", "__proto__", "toString", "GZIP ", "compress", "*", "\u00e9"];

/** The wire: a Node stream delivering the bytes in chunks of the given sizes (as the plain server's request). */
function wire(bytes: Uint8Array, chunkSizes: number[]): Readable {
  const chunks: Buffer[] = [];
  for (let offset = 0, index = 0; offset < bytes.length; index++) {
    const size = Math.max(1, chunkSizes[index % Math.max(1, chunkSizes.length)] ?? bytes.length);
    chunks.push(Buffer.from(bytes.subarray(offset, offset + size)));
    offset += size;
  }
  return Readable.from(chunks, { objectMode: false });
}

const limitsArbitrary: fc.Arbitrary<BodyLimits> = fc.record({
  maxCompressedBytes: fc.oneof(fc.integer({ min: 0, max: 70_000 }), fc.constant(20 * 1024 * 1024)),
  maxEnvelopeBytes: fc.oneof(fc.integer({ min: 0, max: 70_000 }), fc.constant(200 * 1024 * 1024)),
  maxDecompressionRatio: fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined }),
});

const request = fc.record({
  envelope: mutatedEnvelope(envelopeFixtures()),
  encoding: fc.oneof({ arbitrary: fc.constantFrom(...encodings), weight: 5 }, { arbitrary: fc.constantFrom(...bogusEncodings), weight: 1 }),
  // Compressed with another method than the header names, or not at all.
  compressAs: fc.option(fc.constantFrom("gzip", "deflate", "br", "deflate-raw", ""), { freq: 5 }),
  flips: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), { maxLength: 3 }),
  truncateTo: fc.option(fc.nat(), { freq: 6 }),
  contentLength: fc.option(fc.oneof(fc.nat(100_000), fc.constantFrom("-1", "1e9", "NaN", "", "12abc", "0x10", " 5 ")), { freq: 3 }),
  chunkSizes: fc.array(fc.integer({ min: 1, max: 70_000 }), { maxLength: 4 }),
  limits: limitsArbitrary,
});

function compress(method: string, bytes: Uint8Array): Uint8Array {
  return (compressors.get(method) ?? compressors.get("")!)(bytes);
}

describe("readBodyStream on hostile bodies", () => {
  it("returns bytes or an AppError for any encoding, corruption, length header, chunking and limits; a clean body comes back exactly", async () => {
    await fc.assert(
      fc.asyncProperty(request, async (input) => {
        const { envelope, encoding, compressAs, flips, truncateTo, contentLength, chunkSizes, limits } = input;
        let body = compress(compressAs ?? encoding.trim().toLowerCase(), envelope.bytes).slice();
        for (const [at, mask] of flips) if (body.length > 0) body[at % body.length]! ^= mask;
        if (truncateTo !== null) body = body.subarray(0, truncateTo % (body.length + 1));
        const headers = new Headers();
        if (encoding) headers.set("content-encoding", encoding);
        if (contentLength !== null) headers.set("content-length", String(contentLength));
        const outcome = await valueOrAppErrorAsync(() => readBodyStream(wire(body, chunkSizes), headers, limits), () => `${envelope.kind} of ${envelope.fixture}, ${JSON.stringify({ encoding, compressAs, flips, truncateTo, contentLength, chunkSizes, limits })}`);
        const isClean = compressAs === null && flips.length === 0 && truncateTo === null && encodings.includes(encoding);
        const fits = body.length <= limits.maxCompressedBytes && envelope.bytes.length <= limits.maxEnvelopeBytes && (contentLength === null || !(Number(contentLength) > limits.maxCompressedBytes))
          && (limits.maxDecompressionRatio === undefined || envelope.bytes.length <= Math.max(16 * 1024 * 1024, body.length * limits.maxDecompressionRatio));
        if (isClean && fits) expect(outcome instanceof AppError ? outcome.message : Buffer.from(outcome).equals(Buffer.from(envelope.bytes))).toBe(true);
      }),
      propertyRuns(400),
    );
  });

  it("reads every raw fixture body as it arrived (the gzipped one with its Content-Encoding)", async () => {
    for (const fixture of rawFixtureBodies()) {
      const headers = new Headers(fixture.encoding ? { "content-encoding": fixture.encoding } : {});
      const outcome = await valueOrAppErrorAsync(() => readBodyStream(wire(fixture.bytes, [16_384]), headers, { maxCompressedBytes: 1 << 20, maxEnvelopeBytes: 1 << 20, maxDecompressionRatio: 50 }), () => fixture.name);
      expect(outcome, fixture.name).toBeInstanceOf(Uint8Array);
    }
  });

  it("returns bytes or an AppError for arbitrary bytes under every encoding", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2_048 }), fc.constantFrom(...encodings, ...bogusEncodings), async (bytes, encoding) => {
        await valueOrAppErrorAsync(() => readBodyStream(wire(bytes, [512]), new Headers({ "content-encoding": encoding }), { maxCompressedBytes: 4_096, maxEnvelopeBytes: 8_192, maxDecompressionRatio: 2 }), () => `${encoding}: ${bytes.length} bytes`);
      }),
      propertyRuns(500),
    );
  });
});
