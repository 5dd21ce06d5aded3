import { chunkUploadOptionsRoute, uploadChunksRoute } from "@/server/api/routes/upload-routes";

/** /api/0/organizations/{org}/chunk-upload/ — sentry-cli's chunk options and chunk uploads. */
export const GET = chunkUploadOptionsRoute;
export const POST = uploadChunksRoute;
