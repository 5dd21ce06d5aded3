import { randomBytes } from "node:crypto";
import { brotliCompressSync, constants, deflateSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { readBody, type BodyLimits } from "./read-body";

const envelope = Buffer.from('{"event_id":"9ec79c33ec9942ab8353589fcb2e04dc"}\n{"type":"event"}\n{"message":"hello"}');
const roomy: BodyLimits = { maxCompressedBytes: 1024 * 1024, maxEnvelopeBytes: 1024 * 1024 };

function post(body: Uint8Array, headers: Record<string, string> = {}): Request {
  return new Request("http://lantern.test/api/1/envelope/", { method: "POST", body: new Uint8Array(body), headers });
}

/** A body that arrives in chunks, without content-length, as the Node SDK streams gzip. */
function postStream(body: Uint8Array, headers: Record<string, string> = {}, chunkSize = 16 * 1024): Request {
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= body.length) return controller.close();
      controller.enqueue(body.subarray(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
  return new Request("http://lantern.test/api/1/envelope/", { method: "POST", body: stream, headers, duplex: "half" } as RequestInit);
}

async function readError(request: Request, limits: BodyLimits): Promise<AppError> {
  const error = await readBody(request, limits).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (error instanceof AppError) return error;
  throw error ?? new Error("readBody accepted the body");
}

describe("readBody decodes", () => {
  it.each([
    ["no Content-Encoding", {}, envelope],
    ["identity", { "content-encoding": "identity" }, envelope],
    ["gzip", { "content-encoding": "gzip" }, gzipSync(envelope)],
    ["x-gzip", { "content-encoding": "x-gzip" }, gzipSync(envelope)],
    ["deflate (zlib-wrapped)", { "content-encoding": "deflate" }, deflateSync(envelope)],
    ["br", { "content-encoding": "br" }, brotliCompressSync(envelope)],
    ["an upper-case encoding name", { "content-encoding": " GZIP " }, gzipSync(envelope)],
  ])("a body with %s", async (_, headers, body) => {
    expect(Buffer.from(await readBody(post(body, headers), roomy)).equals(envelope)).toBe(true);
  });

  it("a gzip body streamed in chunks", async () => {
    const large = Buffer.alloc(300 * 1024, "row;");
    const body = await readBody(postStream(gzipSync(large), { "content-encoding": "gzip" }, 1000), roomy);
    expect(Buffer.from(body).equals(large)).toBe(true);
  });

  it("a request without a body as empty", async () => {
    expect(await readBody(new Request("http://lantern.test/api/1/envelope/", { method: "POST" }), roomy)).toHaveLength(0);
  });
});

describe("readBody refuses", () => {
  const tightWire: BodyLimits = { maxCompressedBytes: 1000, maxEnvelopeBytes: 1024 * 1024 };
  const oversized = Buffer.alloc(5000, "x");

  it("a body whose declared content-length is over the wire limit", async () => {
    const error = await readError(post(oversized, { "content-length": String(oversized.length) }), tightWire);
    expect(error.code).toBe("payload_too_large");
    expect(error.message).toBe("the request body is larger than the limit of 1000 bytes");
  });

  it("a body over the wire limit that declares no content-length", async () => {
    const error = await readError(postStream(oversized, {}, 256), tightWire);
    expect(error.code).toBe("payload_too_large");
    expect(error.message).toContain("request body is larger than the limit of 1000 bytes");
  });

  it("a compressed body over the wire limit that declares no content-length", async () => {
    const incompressible = gzipSync(randomBytes(5000));
    expect(incompressible.length).toBeGreaterThan(tightWire.maxCompressedBytes);
    const error = await readError(postStream(incompressible, { "content-encoding": "gzip" }, 256), tightWire);
    expect(error.code).toBe("payload_too_large");
    expect(error.message).toContain("request body");
  });

  it("a body that decodes to more than the envelope limit", async () => {
    const error = await readError(post(Buffer.alloc(2000, "y")), { maxCompressedBytes: 1024 * 1024, maxEnvelopeBytes: 1000 });
    expect(error.code).toBe("payload_too_large");
    expect(error.message).toBe("the decompressed envelope is larger than the limit of 1000 bytes");
  });

  // 50 MB of zeros compress to about 50 KB: small on the wire, and it must never be inflated in full.
  const bombLimits: BodyLimits = { maxCompressedBytes: 1024 * 1024, maxEnvelopeBytes: 1024 * 1024 };
  const zeros = Buffer.alloc(50 * 1024 * 1024);

  it.each([
    ["gzip", () => gzipSync(zeros)],
    ["br", () => brotliCompressSync(zeros, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })],
    ["deflate", () => deflateSync(zeros)],
  ])("a %s bomb, at the decompressed limit", async (encoding, compress) => {
    const bomb = compress();
    expect(bomb.length).toBeLessThan(bombLimits.maxCompressedBytes);
    const error = await readError(postStream(bomb, { "content-encoding": encoding }), bombLimits);
    expect(error.code).toBe("payload_too_large");
    expect(error.message).toBe("the decompressed envelope is larger than the limit of 1048576 bytes");
  });

  it.each(["zstd", "compress", "gzip, br", "constructor", "__proto__"])("Content-Encoding %j as unsupported media", async (encoding) => {
    const error = await readError(post(envelope, { "content-encoding": encoding }), roomy);
    expect(error.code).toBe("unsupported_media_type");
    expect(error.message).toContain(encoding);
  });

  it.each([
    ["gzip", Buffer.concat([gzipSync(envelope).subarray(0, 10), Buffer.from("not gzip at all")])],
    ["gzip", Buffer.from("plain text sent as gzip")],
    ["deflate", Buffer.from("plain text sent as deflate")],
    ["br", Buffer.from([0xff, 0xff, 0xff, 0xff, 0x00, 0x01])],
  ])("a corrupt %s body as a bad request", async (encoding, body) => {
    const error = await readError(post(body, { "content-encoding": encoding }), roomy);
    expect(error.code).toBe("bad_request");
    expect(error.message).toContain(`could not be decoded as ${encoding}`);
  });
});
