import { previousReleaseWithCommitsRoute } from "@/server/api/routes/release-routes";

/** /api/0/organizations/{org}/releases/{version}/previous-with-commits/ — `{}`, so set-commits sends its whole window. */
export const GET = previousReleaseWithCommitsRoute;
