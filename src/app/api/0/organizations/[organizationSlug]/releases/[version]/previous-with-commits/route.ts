import { previousReleaseWithCommitsRoute } from "@/server/api/routes/release-routes";

/** /api/0/organizations/{org}/releases/{version}/previous-with-commits/ — `{}`: Lantern keeps no commits. */
export const GET = previousReleaseWithCommitsRoute;
