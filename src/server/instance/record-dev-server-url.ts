import { getConfig } from "../config";
import { getDatabase } from "../db/get-database";
import { recordServerUrl } from "./recorded-server-url";

/**
 * `next dev` records its URL as `lantern start` does, so `lantern project list` in another shell prints DSNs
 * for it. Next has put the port it listens on in PORT by the time instrumentation runs. A failure here only
 * costs the CLI its hint, so it is logged, never thrown.
 */
export async function recordDevServerUrl(): Promise<void> {
  try {
    await recordServerUrl((await getDatabase()).db, getConfig().publicUrl);
  } catch (error) {
    console.error("lantern: could not record the dev server's URL for the CLI:", error);
  }
}
