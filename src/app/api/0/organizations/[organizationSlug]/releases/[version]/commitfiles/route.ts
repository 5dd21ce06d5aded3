import { listReleaseCommitFilesRoute } from "@/server/api/routes/release-routes";

/** /api/0/organizations/{org}/releases/{version}/commitfiles/ — the files those commits changed. */
export const GET = listReleaseCommitFilesRoute;
