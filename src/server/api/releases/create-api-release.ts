import type { AccessContext } from "../../access/authorize";
import { visibleProjectIds } from "../../access/viewer";
import { authorizeProjectRef } from "../projects/authorize-project-ref";
import { parseApiBody, parseApiTime } from "../parse-api-body";
import { loadApiReleases } from "./load-api-releases";
import { parseReleaseVersion } from "./parse-release-version";
import { replaceReleaseCommits } from "./replace-release-commits";
import { ApiReleaseCreate, type ApiRelease } from "./release-schemas";

/**
 * Sentry's "create a release" (`sentry-cli releases new`, the bundler plugins): the version in each named
 * project (on a project's path, that project). Creating one that exists adds the projects it lacks;
 * `isNew` is false when it was already in all of them (Sentry answers 208 then). Events also create
 * releases, so a release made after its first event is simply found. `commits` and `refs` replace its commits.
 */
export async function createApiRelease(context: AccessContext, body: unknown, projectSlug?: string): Promise<{ release: ApiRelease; isNew: boolean }> {
  const input = parseApiBody(projectSlug === undefined ? ApiReleaseCreate : ApiReleaseCreate.partial({ projects: true }), body);
  const version = parseReleaseVersion(input.version);
  const slugs = [...new Set([...(projectSlug === undefined ? [] : [projectSlug]), ...(input.projects ?? [])])];
  const projects = [];
  for (const slug of slugs) projects.push((await authorizeProjectRef(context, "release.write", slug)).project);
  const dateReleased = parseApiTime(input.dateReleased, "dateReleased");
  const now = Date.now();
  let created = 0;
  for (const project of projects) {
    const result = await context.db
      .insertInto("releases")
      .values({ project_id: project.id, version, first_seen: now, date_released: dateReleased ?? null, created_by: context.viewer.actor })
      .onConflict((conflict) => conflict.columns(["project_id", "version"]).doNothing())
      .returning("version")
      .executeTakeFirst();
    if (result) created += 1;
  }
  if (dateReleased !== undefined) {
    await context.db.updateTable("releases").set({ date_released: dateReleased }).where("version", "=", version).where("project_id", "in", projects.map((project) => project.id)).execute();
  }
  await replaceReleaseCommits(context.db, version, input);
  const [release] = await loadApiReleases(context.db, [version], visibleProjectIds(context.viewer));
  return { release: release!, isNew: created > 0 };
}
