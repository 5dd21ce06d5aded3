import { authorize, type AccessContext } from "../access/authorize";
import { visibleProjectIds } from "../access/viewer";

export interface ProjectSummary {
  id: number;
  slug: string;
  name: string;
  platform: string;
  isInternal: boolean;
  publicKey: string | null;
  receivedLast24h: number;
  lastReceivedAt: number | null;
}

/** Every project the viewer may see, with its first active key and how much it received in the last 24 hours. */
export async function listProjects(context: AccessContext, now = Date.now()): Promise<ProjectSummary[]> {
  authorize(context, "project.list");
  const visible = visibleProjectIds(context.viewer);
  const since = now - 24 * 60 * 60 * 1000;
  const rows = await context.db
    .selectFrom("projects")
    .$if(visible !== null, (query) => query.where("projects.id", "in", visible!.length > 0 ? visible! : [-1]))
    .select((eb) => [
      "projects.id",
      "projects.slug",
      "projects.name",
      "projects.platform",
      "projects.is_internal",
      eb
        .selectFrom("project_keys")
        .select("public_key")
        .whereRef("project_keys.project_id", "=", "projects.id")
        .where("is_active", "=", 1)
        .orderBy("id")
        .limit(1)
        .as("public_key"),
      eb.selectFrom("intake").select((ib) => ib.fn.countAll<number>().as("n")).whereRef("intake.project_id", "=", "projects.id").where("received_at", ">=", since).as("received_last_24h"),
      eb.selectFrom("intake").select((ib) => ib.fn.max("received_at").as("m")).whereRef("intake.project_id", "=", "projects.id").as("last_received_at"),
    ])
    .orderBy("projects.is_internal")
    .orderBy("projects.name")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    platform: row.platform,
    isInternal: row.is_internal === 1,
    publicKey: row.public_key ?? null,
    receivedLast24h: Number(row.received_last_24h ?? 0),
    lastReceivedAt: row.last_received_at === null || row.last_received_at === undefined ? null : Number(row.last_received_at),
  }));
}
