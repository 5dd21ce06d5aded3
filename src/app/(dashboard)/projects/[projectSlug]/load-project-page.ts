import { notFound } from "next/navigation";
import type { Kysely } from "kysely";
import type { Database } from "@/server/db/schema";
import { isAppError } from "@/server/errors";
import { getProjectBySlug } from "@/server/projects/get-project-by-slug";

/** getProjectBySlug, with a missing project turned into the router's not-found page. */
export async function loadProjectPage(db: Kysely<Database>, slug: string) {
  try {
    return await getProjectBySlug(db, slug);
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") notFound();
    throw error;
  }
}
