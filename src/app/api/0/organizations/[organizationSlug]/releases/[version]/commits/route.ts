import { listReleaseCommitsRoute } from "@/server/api/routes/release-routes";

/** /api/0/organizations/{org}/releases/{version}/commits/ — the commits `sentry-cli releases set-commits` sent. */
export const GET = listReleaseCommitsRoute;
