import { describe, expect, it } from "vitest";
import { isIngestTransaction } from "./is-ingest-transaction";

describe("isIngestTransaction", () => {
  it.each(["POST /monitoring", "POST /monitoring/", "POST /monitoring?o=1", "/monitoring", "POST /api/[projectId]/envelope", "POST /api/12/envelope/", "POST /api/12/store/", "POST /api/12/security/?sentry_key=abc"])(
    "never traces the ingest request %j",
    (name) => {
      expect(isIngestTransaction(name)).toBe(true);
    },
  );

  it.each(["GET /projects", "GET /monitoring-dashboard", "GET /settings/monitoring", "GET /api/projects", "GET /projects/[projectSlug]/received/[[...envelopeId]]", "POST /api/abc/envelope/"])(
    "traces the ordinary request %j",
    (name) => {
      expect(isIngestTransaction(name)).toBe(false);
    },
  );
});
