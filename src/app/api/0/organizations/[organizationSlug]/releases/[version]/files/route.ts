import { listReleaseFilesRoute, uploadReleaseFileRoute } from "@/server/api/routes/upload-routes";

/** /api/0/organizations/{org}/releases/{version}/files/ — legacy release files, for every project of the release. */
export const GET = listReleaseFilesRoute;
export const POST = uploadReleaseFileRoute;
