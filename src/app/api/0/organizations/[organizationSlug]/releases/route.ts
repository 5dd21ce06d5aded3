import { createReleaseRoute, listReleasesRoute } from "@/server/api/routes/release-routes";

/** /api/0/organizations/{org}/releases/ — list and create releases. */
export const GET = listReleasesRoute;
export const POST = createReleaseRoute;
