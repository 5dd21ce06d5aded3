import { apiRoute } from "../handle-api-request";
import { requireOrganization } from "../organization";
import { linkHeader, singlePageLinks } from "../pagination";
import { readJsonBody } from "../read-json-body";
import { createApiDeploy } from "../releases/create-api-deploy";
import { createApiRelease } from "../releases/create-api-release";
import { deleteApiRelease } from "../releases/delete-api-release";
import { findReleaseProjects } from "../releases/find-release-projects";
import { listApiCommitFiles, listApiCommits } from "../releases/list-api-commits";
import { getApiRelease } from "../releases/get-api-release";
import { listApiDeploys } from "../releases/list-api-deploys";
import { listApiReleases } from "../releases/list-api-releases";
import { parseReleaseVersion } from "../releases/parse-release-version";
import { updateApiRelease } from "../releases/update-api-release";

type OrganizationParams = { organizationSlug: string };
type ProjectParams = OrganizationParams & { projectSlug: string };
type ReleaseParams = OrganizationParams & { version: string };
type ProjectReleaseParams = ProjectParams & { version: string };

/** Sentry answers 208 Already Reported when "create a release" finds it in every named project. */
const alreadyReported = 208;

function releaseListAnswer(url: URL, publicUrl: string, body: unknown) {
  return { body, headers: { Link: linkHeader(url, publicUrl, singlePageLinks) } };
}

function limitOf(url: URL): number | undefined {
  const value = Number(url.searchParams.get("per_page") ?? url.searchParams.get("limit") ?? "");
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** GET /organizations/{org}/releases/ (`query`, `per_page` ≤ 100) */
export const listReleasesRoute = apiRoute<OrganizationParams>(async ({ context, params, url }) => {
  requireOrganization(context.config, params.organizationSlug);
  return releaseListAnswer(url, context.config.publicUrl, await listApiReleases(context, { query: url.searchParams.get("query"), limit: limitOf(url) }));
});

/** POST /organizations/{org}/releases/ `{version, projects, refs?, url?, dateReleased?}`: 201, or 208 when it existed. */
export const createReleaseRoute = apiRoute<OrganizationParams>(async ({ request, context, params }) => {
  requireOrganization(context.config, params.organizationSlug);
  const { release, isNew } = await createApiRelease(context, await readJsonBody(request));
  return { body: release, status: isNew ? 201 : alreadyReported };
});

/** GET /projects/{org}/{project}/releases/ */
export const listProjectReleasesRoute = apiRoute<ProjectParams>(async ({ context, params, url }) => {
  requireOrganization(context.config, params.organizationSlug);
  return releaseListAnswer(url, context.config.publicUrl, await listApiReleases(context, { projectSlug: params.projectSlug, query: url.searchParams.get("query"), limit: limitOf(url) }));
});

/** POST /projects/{org}/{project}/releases/ `{version}`: the release in this project. */
export const createProjectReleaseRoute = apiRoute<ProjectParams>(async ({ request, context, params }) => {
  requireOrganization(context.config, params.organizationSlug);
  const { release, isNew } = await createApiRelease(context, await readJsonBody(request), params.projectSlug);
  return { body: release, status: isNew ? 201 : alreadyReported };
});

/** GET /organizations/{org}/releases/{version}/ */
export const releaseRoute = apiRoute<ReleaseParams>(async ({ context, params }) => {
  requireOrganization(context.config, params.organizationSlug);
  return { body: await getApiRelease(context, parseReleaseVersion(params.version)) };
});

/** PUT /organizations/{org}/releases/{version}/ `{dateReleased?, refs?, commits?}`: finalize, set-commits. */
export const updateReleaseRoute = apiRoute<ReleaseParams>(async ({ request, context, params }) => {
  requireOrganization(context.config, params.organizationSlug);
  const version = parseReleaseVersion(params.version);
  return { body: await updateApiRelease(context, version, await readJsonBody(request)) };
});

/** DELETE /organizations/{org}/releases/{version}/: 204 */
export const deleteReleaseRoute = apiRoute<ReleaseParams>(async ({ context, params }) => {
  requireOrganization(context.config, params.organizationSlug);
  await deleteApiRelease(context, parseReleaseVersion(params.version));
  return { body: null, status: 204 };
});

/** GET /projects/{org}/{project}/releases/{version}/ */
export const projectReleaseRoute = apiRoute<ProjectReleaseParams>(async ({ context, params }) => {
  requireOrganization(context.config, params.organizationSlug);
  return { body: await getApiRelease(context, parseReleaseVersion(params.version), params.projectSlug) };
});

/** PUT /projects/{org}/{project}/releases/{version}/: how sentry-cli 2.x finalizes (`releases finalize`). */
export const updateProjectReleaseRoute = apiRoute<ProjectReleaseParams>(async ({ request, context, params }) => {
  requireOrganization(context.config, params.organizationSlug);
  const version = parseReleaseVersion(params.version);
  return { body: await updateApiRelease(context, version, await readJsonBody(request), params.projectSlug) };
});

/** DELETE /projects/{org}/{project}/releases/{version}/: the release leaves this project. */
export const deleteProjectReleaseRoute = apiRoute<ProjectReleaseParams>(async ({ context, params }) => {
  requireOrganization(context.config, params.organizationSlug);
  await deleteApiRelease(context, parseReleaseVersion(params.version), params.projectSlug);
  return { body: null, status: 204 };
});

/**
 * GET /organizations/{org}/releases/{version}/previous-with-commits/: `set-commits` asks for the last release
 * that had commits, to send only the commits since. Always `{}` (as Sentry answers when there is none): the
 * CLI then sends its whole window (20 commits), so each release holds its own list.
 */
export const previousReleaseWithCommitsRoute = apiRoute<ReleaseParams>(async ({ context, params }) => {
  requireOrganization(context.config, params.organizationSlug);
  await findReleaseProjects(context, "release.write", parseReleaseVersion(params.version));
  return { body: {} };
});

/** GET /organizations/{org}/releases/{version}/commits/: what `set-commits` sent, in its order. */
export const listReleaseCommitsRoute = apiRoute<ReleaseParams>(async ({ context, params, url }) => {
  requireOrganization(context.config, params.organizationSlug);
  return releaseListAnswer(url, context.config.publicUrl, await listApiCommits(context, parseReleaseVersion(params.version)));
});

/** GET /projects/{org}/{project}/releases/{version}/commits/ */
export const listProjectReleaseCommitsRoute = apiRoute<ProjectReleaseParams>(async ({ context, params, url }) => {
  requireOrganization(context.config, params.organizationSlug);
  return releaseListAnswer(url, context.config.publicUrl, await listApiCommits(context, parseReleaseVersion(params.version), params.projectSlug));
});

/** GET /organizations/{org}/releases/{version}/commitfiles/: each file each commit changed. */
export const listReleaseCommitFilesRoute = apiRoute<ReleaseParams>(async ({ context, params, url }) => {
  requireOrganization(context.config, params.organizationSlug);
  return releaseListAnswer(url, context.config.publicUrl, await listApiCommitFiles(context, parseReleaseVersion(params.version)));
});

/** GET /organizations/{org}/releases/{version}/deploys/ */
export const listDeploysRoute = apiRoute<ReleaseParams>(async ({ context, params, url }) => {
  requireOrganization(context.config, params.organizationSlug);
  return releaseListAnswer(url, context.config.publicUrl, await listApiDeploys(context, parseReleaseVersion(params.version)));
});

/** POST /organizations/{org}/releases/{version}/deploys/ `{environment, name?, url?, dateStarted?, dateFinished?}`: 201 */
export const createDeployRoute = apiRoute<ReleaseParams>(async ({ request, context, params }) => {
  requireOrganization(context.config, params.organizationSlug);
  const version = parseReleaseVersion(params.version);
  return { body: await createApiDeploy(context, version, await readJsonBody(request)), status: 201 };
});

/** GET /organizations/{org}/repos/: Lantern has no repository integration; `set-commits --auto` finds none and, with --ignore-missing, goes on. */
export const listRepositoriesRoute = apiRoute<OrganizationParams>(async ({ context, params, url }) => {
  requireOrganization(context.config, params.organizationSlug);
  return releaseListAnswer(url, context.config.publicUrl, []);
});
