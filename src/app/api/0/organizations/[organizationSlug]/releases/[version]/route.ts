import { deleteReleaseRoute, releaseRoute, updateReleaseRoute } from "@/server/api/routes/release-routes";

/** /api/0/organizations/{org}/releases/{version}/ — read, finalize (and set-commits), delete. */
export const GET = releaseRoute;
export const PUT = updateReleaseRoute;
export const DELETE = deleteReleaseRoute;
