import { gunzip } from "node:zlib";
import { promisify } from "node:util";
import { AppError } from "../../errors";
import { readMultipartForm } from "./read-multipart-form";

const gunzipAsync = promisify(gunzip);

export interface ChunkLimits {
  chunkSize: number;
  chunksPerRequest: number;
  maxRequestSize: number;
}

/** Room for the parts' own headers and boundaries on top of `maxRequestSize` bytes of chunks. */
const multipartOverheadPerPart = 512;

/**
 * The chunks of one `POST …/chunk-upload/` (docs/sentry-protocol.md §6.2, step 5): parts named `file` (raw) or
 * `file_gzip` (gzip), each part's filename the sha1 of its uncompressed bytes. `file` parts are gzip too when
 * the request says `Content-Encoding: gzip` (newer sentry-cli); mixing that with `file_gzip` is refused.
 * Every chunk inflates under zlib's output cap, so a chunk never grows past `chunkSize` in memory.
 * The sha1 itself is checked where the chunks are stored (saveUploadChunks).
 */
export async function readUploadChunks(request: Request, limits: ChunkLimits): Promise<{ sha1: string; data: Uint8Array }[]> {
  const encoding = (request.headers.get("content-encoding") ?? "identity").trim().toLowerCase();
  if (encoding !== "identity" && encoding !== "gzip") throw new AppError("bad_request", `Content-Encoding ${encoding.slice(0, 40)} is not supported for chunks; use gzip.`);
  const form = await readMultipartForm(request, limits.maxRequestSize + limits.chunksPerRequest * multipartOverheadPerPart, "The chunk upload");
  const raw = form.getAll("file");
  const gzipped = form.getAll("file_gzip");
  if (encoding === "gzip" && gzipped.length > 0) throw new AppError("bad_request", "Send file_gzip parts or a gzip Content-Encoding, not both.");
  if (raw.length + gzipped.length > limits.chunksPerRequest) throw new AppError("bad_request", `At most ${limits.chunksPerRequest} chunks per request (got ${raw.length + gzipped.length}).`);
  const parts = [...raw.map((part) => ({ part, isGzip: encoding === "gzip" })), ...gzipped.map((part) => ({ part, isGzip: true }))];
  const chunks: { sha1: string; data: Uint8Array }[] = [];
  for (const { part, isGzip } of parts) {
    if (typeof part === "string") throw new AppError("bad_request", "A chunk must be a file part whose filename is its sha1.");
    const sha1 = part.name.trim().toLowerCase();
    if (!/^[0-9a-f]{40}$/.test(sha1)) throw new AppError("bad_request", `A chunk's filename must be the sha1 of its content (40 hex digits), not "${part.name.slice(0, 60)}".`);
    const bytes = Buffer.from(await part.arrayBuffer());
    let data: Uint8Array;
    if (isGzip) {
      try {
        data = await gunzipAsync(bytes, { maxOutputLength: limits.chunkSize });
      } catch (error) {
        const isTooLarge = error instanceof RangeError || (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE";
        throw new AppError("bad_request", isTooLarge ? `Chunk ${sha1} is larger than the chunk size (${limits.chunkSize} bytes).` : `Chunk ${sha1} is not valid gzip.`);
      }
    } else {
      data = bytes;
    }
    if (data.byteLength > limits.chunkSize) throw new AppError("bad_request", `Chunk ${sha1} is larger than the chunk size (${limits.chunkSize} bytes).`);
    chunks.push({ sha1, data });
  }
  return chunks;
}
