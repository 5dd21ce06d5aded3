import { authorizeProjectId, type AccessContext } from "../access/authorize";
import type { JsonObject } from "@/lib/json-values";
import type { GroupingResult } from "@/lib/grouping-result";
import { computeGrouping } from "../grouping/compute-grouping";
import { loadGroupingConfigs } from "../projects/load-digest-configs";

/**
 * "Why grouped this way": the grouping of a stored event, computed again with its project's current
 * rules — every variant, its contributing components and its hash. Rules changed since the event
 * arrived can give other hashes than the ones it was grouped by; the page says which hash it joined by.
 */
export async function explainGrouping(context: AccessContext, projectId: number, payload: JsonObject): Promise<GroupingResult> {
  await authorizeProjectId(context, "issue.read", projectId);
  const configOf = await loadGroupingConfigs(context.db, [projectId]);
  // Grouping writes in_app onto the frames; work on a copy so the caller's event stays as stored.
  return computeGrouping(structuredClone(payload), configOf(projectId));
}
