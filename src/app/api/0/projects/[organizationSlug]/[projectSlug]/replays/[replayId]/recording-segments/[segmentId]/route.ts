import { replaySegmentRoute } from "@/server/api/routes/replay-routes";

/** GET /api/0/projects/{org}/{project}/replays/{replay_id}/recording-segments/{segment_id}/ */
export const GET = replaySegmentRoute;
