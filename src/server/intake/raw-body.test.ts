import { randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { decodeRawBody, encodeRawBody, encodeRawBodySync } from "./raw-body";

const envelope = Buffer.from(`{"event_id":"${"a".repeat(32)}"}\n{"type":"event"}\n${JSON.stringify({ message: "checkout failed", breadcrumbs: Array.from({ length: 30 }, (_, index) => ({ category: "ui.click", message: `button#add-${index}` })) })}\n`);

describe("raw envelope bodies, stored compressed", () => {
  it("compresses a plain envelope (brotli) and gives the same bytes back", async () => {
    const stored = await encodeRawBody(envelope);
    expect(stored.encoding).toBe("br");
    expect(stored.body.length).toBeLessThan(envelope.length / 3);
    expect(Buffer.from(decodeRawBody({ ...stored, body_bytes: envelope.length })).equals(envelope)).toBe(true);
  });

  it("keeps the gzip an SDK sent byte for byte", async () => {
    const sent = gzipSync(envelope, { level: 9 });
    const stored = await encodeRawBody(envelope, sent);
    expect(stored).toEqual({ body: sent, encoding: "gzip" });
    expect(Buffer.from(decodeRawBody({ ...stored, body_bytes: envelope.length })).equals(envelope)).toBe(true);
  });

  it("compresses again a sent gzip no smaller than the envelope (level 0), and keeps incompressible bytes as they are", async () => {
    const stored = await encodeRawBody(envelope, gzipSync(envelope, { level: 0 }));
    expect(stored.encoding).toBe("br");
    expect(stored.body.length).toBeLessThan(envelope.length);
    // Random bytes (as a compressed attachment is) only grow under gzip.
    const incompressible = randomBytes(4096);
    expect(encodeRawBodySync(incompressible)).toEqual({ body: incompressible, encoding: "identity" });
  });

  it("compresses large envelopes off the main thread the same way", async () => {
    const large = Buffer.concat(Array.from({ length: 40 }, () => envelope));
    const stored = await encodeRawBody(large);
    expect(Buffer.from(decodeRawBody({ ...stored, body_bytes: large.length })).equals(large)).toBe(true);
  });

  it("reads a body stored before compression (identity) as it is", () => {
    expect(decodeRawBody({ body: envelope, encoding: "identity", body_bytes: envelope.length })).toBe(envelope);
  });

  it("stops decompressing at the size ingest measured: a stored bomb or a damaged body is an error, never inflated", () => {
    const bomb = gzipSync(Buffer.alloc(16 * 1024 * 1024));
    expect(() => decodeRawBody({ body: bomb, encoding: "gzip", body_bytes: 13_000 })).toThrow(/could not be decompressed/);
    const brotliBomb = encodeRawBodySync(Buffer.alloc(16 * 1024 * 1024)).body;
    expect(() => decodeRawBody({ body: brotliBomb, encoding: "br", body_bytes: 13_000 })).toThrow(/could not be decompressed/);
    const shorter = gzipSync(envelope.subarray(0, 100));
    expect(() => decodeRawBody({ body: shorter, encoding: "gzip", body_bytes: envelope.length })).toThrow(/decompressed to 100 bytes/);
    expect(() => decodeRawBody({ body: Buffer.from("not gzip"), encoding: "gzip", body_bytes: 8 })).toThrow(/could not be decompressed/);
  });

  it("refuses an encoding it does not know instead of guessing", () => {
    expect(() => decodeRawBody({ body: envelope, encoding: "zstd", body_bytes: envelope.length })).toThrow(/unknown encoding "zstd"/);
  });
});
