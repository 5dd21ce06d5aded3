import type { AccessContext } from "../../access/authorize";
import { findReleaseProjects } from "./find-release-projects";
import { serializeDeploy } from "./load-api-releases";
import type { ApiDeploy } from "./release-schemas";

/** A release's deploys in the projects the viewer may see (one per project deployed), newest first (`sentry-cli releases deploys VERSION list`). */
export async function listApiDeploys(context: AccessContext, version: string): Promise<ApiDeploy[]> {
  const projectIds = await findReleaseProjects(context, "release.list", version);
  const rows = await context.db
    .selectFrom("release_deploys")
    .selectAll()
    .where("version", "=", version)
    .where("project_id", "in", projectIds)
    .orderBy("date_finished", "desc")
    .orderBy("id", "desc")
    .limit(1_000)
    .execute();
  return rows.map((row) => serializeDeploy({ ...row, id: Number(row.id) }));
}
