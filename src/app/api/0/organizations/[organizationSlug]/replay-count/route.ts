import { replayCountRoute } from "@/server/api/routes/replay-routes";

/** GET /api/0/organizations/{org}/replay-count/ */
export const GET = replayCountRoute;
