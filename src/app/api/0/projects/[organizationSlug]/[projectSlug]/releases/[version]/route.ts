import { deleteProjectReleaseRoute, projectReleaseRoute, updateProjectReleaseRoute } from "@/server/api/routes/release-routes";

/** /api/0/projects/{org}/{project}/releases/{version}/ — sentry-cli 2.x reads and finalizes releases here. */
export const GET = projectReleaseRoute;
export const PUT = updateProjectReleaseRoute;
export const DELETE = deleteProjectReleaseRoute;
