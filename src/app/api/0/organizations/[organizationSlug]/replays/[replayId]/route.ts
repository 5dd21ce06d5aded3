import { organizationReplayRoute } from "@/server/api/routes/replay-routes";

/** GET /api/0/organizations/{org}/replays/{replay_id}/ */
export const GET = organizationReplayRoute;
