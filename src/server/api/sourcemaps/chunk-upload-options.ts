import { authorize, type AccessContext } from "../../access/authorize";
import { chunkUploadOptions } from "../../sourcemaps/upload-chunks";
import type { z } from "zod";
import type { ApiChunkUploadOptions } from "../releases/release-schemas";

/**
 * What sentry-cli reads first (docs/sentry-protocol.md §6.2, step 1): where and how to send chunks. The URL is
 * absolute (cli ≥ 2.30 follows it as given). `accept` keeps artifact bundles in it, or a 2.x CLI falls back
 * to one request per file; 3.x ignores it.
 */
export function describeChunkUpload(context: AccessContext, organizationSlug: string): z.infer<typeof ApiChunkUploadOptions> {
  authorize(context, "sourcemap.upload");
  return {
    url: `${context.config.publicUrl}/api/0/organizations/${encodeURIComponent(organizationSlug)}/chunk-upload/`,
    chunkSize: chunkUploadOptions.chunkSize,
    chunksPerRequest: chunkUploadOptions.chunksPerRequest,
    maxFileSize: context.config.sourceMaps.maxBundleBytes,
    maxRequestSize: chunkUploadOptions.maxRequestSize,
    concurrency: chunkUploadOptions.concurrency,
    hashAlgorithm: "sha1",
    compression: [...chunkUploadOptions.compression],
    accept: ["artifact_bundles", "artifact_bundles_v2", "release_files", "sources"],
    maxWait: chunkUploadOptions.maxWait,
  };
}
