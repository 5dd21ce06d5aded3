import type { AccessContext } from "../../access/authorize";
import { findReleaseProjects } from "./find-release-projects";

/**
 * Sentry's "delete a release" (`sentry-cli releases delete`): the release leaves the projects the viewer may
 * see, with its deploys in them; its commits go once no project has it. Issues keep the release names they recorded, and a later
 * event of that release creates it again.
 */
export async function deleteApiRelease(context: AccessContext, version: string, projectSlug?: string): Promise<void> {
  const projectIds = await findReleaseProjects(context, "release.write", version, projectSlug);
  await context.db.deleteFrom("releases").where("version", "=", version).where("project_id", "in", projectIds).execute();
  await context.db.deleteFrom("release_deploys").where("version", "=", version).where("project_id", "in", projectIds).execute();
  const remaining = await context.db.selectFrom("releases").select("project_id").where("version", "=", version).limit(1).executeTakeFirst();
  if (!remaining) await context.db.deleteFrom("release_commits").where("version", "=", version).execute();
}
