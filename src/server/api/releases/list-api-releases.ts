import { sql } from "kysely";
import { authorize, type AccessContext } from "../../access/authorize";
import { visibleProjectIds } from "../../access/viewer";
import { authorizeProjectRef } from "../projects/authorize-project-ref";
import { loadApiReleases } from "./load-api-releases";
import type { ApiRelease } from "./release-schemas";

export interface ListApiReleasesInput {
  /** A project's releases only (its path); otherwise every project the viewer may see. */
  projectSlug?: string;
  /** Sentry's `query`: versions containing this text. */
  query?: string | null;
  /** 1–100 (default 100). */
  limit?: number;
}

/** The newest releases first (by when they were first seen), as Sentry's release list answers. */
export async function listApiReleases(context: AccessContext, input: ListApiReleasesInput): Promise<ApiRelease[]> {
  let projectIds: number[] | null;
  if (input.projectSlug !== undefined) {
    projectIds = [(await authorizeProjectRef(context, "release.list", input.projectSlug)).project.id];
  } else {
    authorize(context, "release.list");
    projectIds = visibleProjectIds(context.viewer);
    if (projectIds?.length === 0) return [];
  }
  const limit = Math.min(Math.max(Math.trunc(input.limit ?? 100), 1), 100);
  let query = context.db.selectFrom("releases").select((eb) => ["version", eb.fn.min("first_seen").as("created")]);
  if (projectIds) query = query.where("project_id", "in", projectIds);
  const text = input.query?.trim().slice(0, 200);
  if (text) {
    const position = context.database.dialect === "postgres" ? sql<number>`strpos(version, ${text})` : sql<number>`instr(version, ${text})`;
    query = query.where(position, ">", 0);
  }
  const versions = await query.groupBy("version").orderBy("created", "desc").orderBy("version").limit(limit).execute();
  return loadApiReleases(context.db, versions.map((row) => row.version), projectIds);
}
