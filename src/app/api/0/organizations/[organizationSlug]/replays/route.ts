import { organizationReplaysRoute } from "@/server/api/routes/replay-routes";

/** GET /api/0/organizations/{org}/replays/ */
export const GET = organizationReplaysRoute;
