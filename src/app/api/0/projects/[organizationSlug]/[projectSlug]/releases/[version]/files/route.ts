import { listProjectReleaseFilesRoute, uploadProjectReleaseFileRoute } from "@/server/api/routes/upload-routes";

/** /api/0/projects/{org}/{project}/releases/{version}/files/ — legacy release files. */
export const GET = listProjectReleaseFilesRoute;
export const POST = uploadProjectReleaseFileRoute;
