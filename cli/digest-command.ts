import { systemContext } from "../src/server/access/system-context";
import type { LanternConfig } from "../src/server/config";
import { migrateToLatest } from "../src/server/db/migrate";
import { isAppError } from "../src/server/errors";
import { findEventsByDigest } from "../src/server/events/find-events-by-digest";
import { resolvePublicUrl } from "./choose-public-url";
import { withDatabase } from "./with-database";

/**
 * `lantern digest <value>`: prints the URL of each event tagged with the digest shown on a Next.js error
 * page, newest first, one a line (so it pipes into `xargs open`); exit 1 with a message on stderr when none.
 */
export async function runDigestCommand(config: LanternConfig, value: string): Promise<number> {
  return withDatabase(config, async (database) => {
    await migrateToLatest(database.db);
    try {
      const matches = await findEventsByDigest(systemContext(database, config), { digest: value });
      if (matches.length === 0) {
        console.error(`lantern: no event carries the digest "${value.trim()}". Events are tagged once digest has processed them; retention may have removed older ones.`);
        return 1;
      }
      const publicUrl = await resolvePublicUrl(database, "Links", config.publicUrl);
      for (const match of matches) console.log(`${publicUrl}${match.path}`);
      return 0;
    } catch (error) {
      if (isAppError(error)) {
        console.error(`lantern: ${error.message}`);
        return 1;
      }
      throw error;
    }
  });
}
