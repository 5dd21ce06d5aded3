import { apiRoute } from "../handle-api-request";
import { countApiReplays, getApiReplay, getApiReplaySegment, listApiReplays, listApiReplaySegments } from "../replays/replay-api";

type OrganizationParams = { organizationSlug: string };
type ReplayParams = { organizationSlug: string; replayId: string };
type ProjectReplayParams = { organizationSlug: string; projectSlug: string; replayId: string };

/** GET /api/0/organizations/{org}/replays/: Sentry's replay list, `{data: [...]}`. */
export const organizationReplaysRoute = apiRoute<OrganizationParams>(({ context, params, url }) => listApiReplays(context, { organizationSlug: params.organizationSlug, url }));

/** GET /api/0/organizations/{org}/replays/{replay_id}/: one replay, `{data: {...}}`. */
export const organizationReplayRoute = apiRoute<ReplayParams>(({ context, params, url }) => getApiReplay(context, { organizationSlug: params.organizationSlug, replayId: params.replayId, url }));

/** GET /api/0/projects/{org}/{project}/replays/{replay_id}/: one replay of that project. */
export const projectReplayRoute = apiRoute<ProjectReplayParams>(({ context, params, url }) =>
  getApiReplay(context, { organizationSlug: params.organizationSlug, projectIdOrSlug: params.projectSlug, replayId: params.replayId, url }),
);

/** GET /api/0/projects/{org}/{project}/replays/{replay_id}/recording-segments/: the segments, or their rrweb events with `download=true`. */
export const replaySegmentsRoute = apiRoute<ProjectReplayParams>(({ context, params, url }) =>
  listApiReplaySegments(context, { organizationSlug: params.organizationSlug, projectIdOrSlug: params.projectSlug, replayId: params.replayId, url }),
);

/** GET /api/0/projects/{org}/{project}/replays/{replay_id}/recording-segments/{segment_id}/. */
export const replaySegmentRoute = apiRoute<ProjectReplayParams & { segmentId: string }>(({ context, params, url }) =>
  getApiReplaySegment(context, { organizationSlug: params.organizationSlug, projectIdOrSlug: params.projectSlug, replayId: params.replayId, segmentId: params.segmentId, url }),
);

/** GET /api/0/organizations/{org}/replay-count/?query=issue.id:[…]: replays per issue. */
export const replayCountRoute = apiRoute<OrganizationParams>(({ context, params, url }) => countApiReplays(context, { organizationSlug: params.organizationSlug, url }));
