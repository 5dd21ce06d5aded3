import { authorize, type AccessContext } from "../access/authorize";
import type { LanternConfig } from "../config";
import { writeTransaction } from "../db/write-transaction";
import { AppError } from "../errors";
import { sha1Hex } from "./artifact-files";

/**
 * What `GET /api/0/organizations/{org}/chunk-upload/` announces (docs/sentry-protocol.md §6.2): sentry-cli
 * splits a bundle into chunks of `chunkSize` (a power of two, as cli ≤ 2.39 requires), sends at most
 * `chunksPerRequest` of them and `maxRequestSize` bytes per request, and polls assemble for `maxWait` seconds.
 */
export const chunkUploadOptions = {
  chunkSize: 8 * 1024 * 1024,
  chunksPerRequest: 64,
  maxRequestSize: 32 * 1024 * 1024,
  concurrency: 4,
  hashAlgorithm: "sha1",
  compression: ["gzip"],
  maxWait: 60,
} as const;

/** The options with `maxFileSize`: an assembled bundle may be as large as the uncompressed cap of its files. */
export function chunkUploadOptionsOf(config: LanternConfig): typeof chunkUploadOptions & { maxFileSize: number } {
  return { ...chunkUploadOptions, maxFileSize: config.sourceMaps.maxBundleBytes };
}

export interface UploadChunk {
  /** The part's filename: the sha1 (hex) of the uncompressed chunk. */
  sha1: string;
  /** The chunk, already decompressed. */
  data: Uint8Array;
}

/**
 * Verifies each chunk against its sha1 and the caps above, then keeps it until an assemble request puts the
 * bundle together (a chunk sent twice is stored once). All or nothing: one bad chunk refuses the request.
 */
export async function saveUploadChunks(context: AccessContext, chunks: readonly UploadChunk[]): Promise<void> {
  authorize(context, "sourcemap.upload");
  if (chunks.length > chunkUploadOptions.chunksPerRequest) throw new AppError("bad_request", `At most ${chunkUploadOptions.chunksPerRequest} chunks per request; this one has ${chunks.length}.`);
  let total = 0;
  for (const chunk of chunks) {
    if (!/^[0-9a-f]{40}$/.test(chunk.sha1)) throw new AppError("bad_request", `A chunk's name must be the sha1 of its bytes (40 lower-case hex digits), not "${chunk.sha1.slice(0, 64)}".`);
    if (chunk.data.length > chunkUploadOptions.chunkSize) throw new AppError("bad_request", `Chunk ${chunk.sha1} has ${chunk.data.length} bytes; a chunk may have at most ${chunkUploadOptions.chunkSize}.`);
    total += chunk.data.length;
    if (total > chunkUploadOptions.maxRequestSize) throw new AppError("payload_too_large", `The chunks of one request may have at most ${chunkUploadOptions.maxRequestSize} bytes.`);
    const actual = sha1Hex(chunk.data);
    if (actual !== chunk.sha1) throw new AppError("bad_request", `Chunk ${chunk.sha1} does not match its content (its sha1 is ${actual}).`);
  }
  if (chunks.length === 0) return;
  const now = Date.now();
  await writeTransaction(context.database, async (trx) => {
    for (const chunk of chunks) {
      await trx
        .insertInto("upload_chunks")
        .values({ sha1: chunk.sha1, data: chunk.data, size: chunk.data.length, created_at: now })
        .onConflict((conflict) => conflict.column("sha1").doNothing())
        .execute();
    }
  });
}
