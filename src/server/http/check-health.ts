import { getDatabase } from "../db/get-database";

/** Whether this instance can serve: its database answers a trivial read. */
export async function checkHealth(): Promise<boolean> {
  try {
    const { db } = await getDatabase();
    await db.selectFrom("projects").select("id").limit(1).execute();
    return true;
  } catch {
    return false;
  }
}
