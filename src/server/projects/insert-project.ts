import type { Kysely } from "kysely";
import type { Database, Project, ProjectKey } from "../db/schema";
import { generatePublicKey } from "./generate-public-key";
import { createProjectInput, type CreateProjectInput } from "./schemas";
import { slugify } from "@/lib/slugify";
import { isUniqueViolation } from "../db/is-unique-violation";

export interface CreatedProject {
  project: Project;
  key: ProjectKey;
}

interface CreateProjectOptions {
  isInternal?: boolean;
}

const slugAttempts = 5;

/**
 * Writes a project with a unique slug and its first client key, in one transaction: the storage step of
 * the createProject verb (and of Lantern's own project at start-up). Two instances may pick the same free
 * slug at once; the unique index refuses one, which then tries the next slug.
 */
export async function insertProject(db: Kysely<Database>, input: CreateProjectInput, options: CreateProjectOptions = {}): Promise<CreatedProject> {
  const { name, platform } = createProjectInput.parse(input);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await insertProjectRow(db, name, platform, options);
    } catch (error) {
      // SQLite: the transaction reads (the free slug) before it writes, so a commit by the digest thread in
      // between makes the write fail with SQLITE_BUSY at once (its snapshot is stale); a new transaction reads
      // again. The clean-clone CI met this creating a project while events were being digested.
      const isStaleRead = (error as { code?: unknown } | null)?.code === "SQLITE_BUSY" || (error as { code?: unknown } | null)?.code === "SQLITE_BUSY_SNAPSHOT";
      if (isStaleRead && attempt < slugAttempts) continue;
      if (!isUniqueViolation(error) || options.isInternal || attempt === slugAttempts) throw error;
    }
  }
}

function insertProjectRow(db: Kysely<Database>, name: string, platform: string, options: CreateProjectOptions): Promise<CreatedProject> {
  return db.transaction().execute(async (trx) => {
    const slug = await findFreeSlug(trx, slugify(name) || "project");
    const now = Date.now();
    const project = await trx
      .insertInto("projects")
      .values({ slug, name, platform, is_internal: options.isInternal ? 1 : 0, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    const key = await trx
      .insertInto("project_keys")
      .values({ project_id: project.id, public_key: generatePublicKey(), label: "Default", created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { project, key };
  });
}

async function findFreeSlug(db: Kysely<Database>, base: string): Promise<string> {
  const taken = await db.selectFrom("projects").select("slug").where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)])).execute();
  const takenSlugs = new Set(taken.map((row) => row.slug));
  if (!takenSlugs.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    if (!takenSlugs.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
  }
}
