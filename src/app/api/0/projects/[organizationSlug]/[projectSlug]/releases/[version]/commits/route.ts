import { listProjectReleaseCommitsRoute } from "@/server/api/routes/release-routes";

/** /api/0/projects/{org}/{project}/releases/{version}/commits/ */
export const GET = listProjectReleaseCommitsRoute;
