import { createProjectReleaseRoute, listProjectReleasesRoute } from "@/server/api/routes/release-routes";

/** /api/0/projects/{org}/{project}/releases/ */
export const GET = listProjectReleasesRoute;
export const POST = createProjectReleaseRoute;
