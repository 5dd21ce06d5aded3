import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { AppError } from "../errors";

/** The team with `id`, or AppError not_found. */
export async function getTeam(db: Kysely<Database>, id: number): Promise<{ id: number; slug: string; name: string }> {
  const team = await db.selectFrom("teams").select(["id", "slug", "name"]).where("id", "=", id).executeTakeFirst();
  if (!team) throw new AppError("not_found", "This team no longer exists.");
  return { ...team, id: Number(team.id) };
}
