import type { LanternConfig } from "../config";
import { AppError } from "../errors";
import type { ApiOrganization } from "./schemas";

/**
 * A Lantern instance is one Sentry organization: paths name it by its slug, LANTERN_ORG_SLUG ("lantern" by
 * default), or by its id, "1". Any other organization is a 404, as Sentry answers for one you are not in.
 */
const organizationId = "1";

export function requireOrganization(config: LanternConfig, idOrSlug: string): void {
  if (idOrSlug !== config.auth.organizationSlug && idOrSlug !== organizationId) throw new AppError("not_found", `No organization is called "${idOrSlug}".`);
}

export function serializeOrganization(config: LanternConfig): ApiOrganization {
  return {
    id: organizationId,
    slug: config.auth.organizationSlug,
    name: "Lantern",
    dateCreated: null,
    status: { id: "active", name: "active" },
    isEarlyAdopter: false,
    require2FA: false,
    features: [],
    // Newer Sentry clients send an organization's API calls to its regionUrl: here, this instance. Sentry's MCP
    // server refuses a regionUrl argument that is not https, and takes "" as "no separate region" (self-hosted).
    links: { organizationUrl: config.publicUrl, regionUrl: new URL(config.publicUrl).protocol === "https:" ? config.publicUrl : "" },
  };
}
