import type { LanternConfig } from "../config";
import type { LanternDatabase } from "../db/create-database";
import type { AccessContext } from "./authorize";
import { permissions, type Viewer } from "./viewer";

/**
 * The `lantern` command acts as a named system actor: whoever can run it on the server already holds the
 * database, so it holds every permission and sees every project — and the audit log and issue activity
 * record it as "cli", never as a person.
 */
export const systemViewer: Viewer = {
  userId: "system:cli",
  email: "",
  name: "Lantern CLI",
  role: "owner",
  projectIds: "all",
  permissions: new Set(permissions),
  actor: "cli",
};

export function systemContext(database: LanternDatabase, config: LanternConfig): AccessContext {
  return { db: database.db, database, config, viewer: systemViewer, source: { actor: "cli" } };
}
