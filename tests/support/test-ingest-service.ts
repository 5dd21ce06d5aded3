import { loadConfig, type LanternConfig } from "@/server/config";
import type { LanternDatabase } from "@/server/db/create-database";
import { createIngestService, type IngestService } from "@/server/ingest/ingest-service";

/**
 * A real ingest service on a test database: real key cache, limiter, group-commit writer and digest
 * worker (off unless asked for, so tests can look at the intake before digest).
 */
export function createTestIngestService(database: LanternDatabase, environment: Record<string, string> = {}, options: { isDigesting?: boolean } = {}): Promise<IngestService> {
  return createIngestService(database, loadConfig(environment), { isDigesting: options.isDigesting ?? false });
}

/** The same for a configuration a test already built. */
export function ingestServiceWith(database: LanternDatabase, config: LanternConfig): Promise<IngestService> {
  return createIngestService(database, config, { isDigesting: false });
}
