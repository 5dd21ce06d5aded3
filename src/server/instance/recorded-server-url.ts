import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

const key = "server_url";

/** The public URL a running server put in its DSNs and links, and when that server started. */
export interface RecordedServerUrl {
  url: string;
  recordedAt: number;
}

/**
 * Written by `lantern start` (and `next dev`) once it listens: the CLI, run in a shell without the server's
 * PORT or LANTERN_URL, reads it to print DSNs that point at the server that actually runs. The last server
 * to start wins, as it is the one SDKs will reach.
 */
export async function recordServerUrl(db: Kysely<Database>, url: string, recordedAt = Date.now()): Promise<void> {
  const value = JSON.stringify({ url, recordedAt } satisfies RecordedServerUrl);
  await db.insertInto("instance_settings").values({ key, value }).onConflict((conflict) => conflict.column("key").doUpdateSet({ value })).execute();
}

/** The URL the last server recorded; null when none has, or the row is not one this version wrote. */
export async function readRecordedServerUrl(db: Kysely<Database>): Promise<RecordedServerUrl | null> {
  const row = await db.selectFrom("instance_settings").select("value").where("key", "=", key).executeTakeFirst();
  if (!row) return null;
  try {
    const parsed = JSON.parse(row.value) as Partial<RecordedServerUrl>;
    if (typeof parsed.url !== "string" || typeof parsed.recordedAt !== "number" || !/^https?:$/.test(new URL(parsed.url).protocol)) return null;
    return { url: parsed.url, recordedAt: parsed.recordedAt };
  } catch {
    return null;
  }
}
