import { listRepositoriesRoute } from "@/server/api/routes/release-routes";

/** /api/0/organizations/{org}/repos/ — none (set-commits --auto --ignore-missing goes on). */
export const GET = listRepositoriesRoute;
