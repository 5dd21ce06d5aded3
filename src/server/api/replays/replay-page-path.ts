import type { LanternConfig } from "../../config";
import { requireOrganization } from "../organization";
import { normalizeReplayId } from "./serialize-replay";

/**
 * The replay page a Sentry-style replay link names (`/organizations/{org}/replays/{id}/`, the
 * `/organizations/{org}/explore/replays/{id}/` Sentry's MCP server prints): `/replays/{id}`, or null when the
 * organization is not this instance or the id is not one. The player page itself decides who may see it.
 */
export function replayPagePath(config: LanternConfig, input: { organizationSlug: string; replayId: string }): string | null {
  try {
    requireOrganization(config, input.organizationSlug);
  } catch {
    return null;
  }
  const id = normalizeReplayId(input.replayId);
  return id === null ? null : `/replays/${id}`;
}
