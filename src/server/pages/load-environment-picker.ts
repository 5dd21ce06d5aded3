import type { Viewer } from "../access/viewer";
import { getConfig } from "../config";
import { getDatabase } from "../db/get-database";
import { listEnvironments } from "../environments/list-environments";

/**
 * What the header's picker shows: the viewer's pick (read with their session, no query) and the environments
 * of the projects they see (one query). The root layout asks for it, so public pages never do.
 */
export async function loadEnvironmentPicker(viewer: Viewer): Promise<{ picked: string | null; environments: string[] }> {
  const database = await getDatabase();
  const environments = await listEnvironments({ db: database.db, database, config: getConfig(), viewer, source: { actor: viewer.actor } });
  return { picked: viewer.environmentFilter ?? null, environments };
}
