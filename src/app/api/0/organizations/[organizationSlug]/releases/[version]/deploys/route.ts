import { createDeployRoute, listDeploysRoute } from "@/server/api/routes/release-routes";

/** /api/0/organizations/{org}/releases/{version}/deploys/ */
export const GET = listDeploysRoute;
export const POST = createDeployRoute;
