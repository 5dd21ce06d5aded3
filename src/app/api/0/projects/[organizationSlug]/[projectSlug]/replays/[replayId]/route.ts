import { projectReplayRoute } from "@/server/api/routes/replay-routes";

/** GET /api/0/projects/{org}/{project}/replays/{replay_id}/ */
export const GET = projectReplayRoute;
