import { authorize } from "../../access/authorize";
import { addReleaseFile } from "../../sourcemaps/add-release-file";
import { assembleArtifactBundle, assembleReleaseArchive } from "../../sourcemaps/assemble-artifact-bundle";
import { chunkUploadOptions, saveUploadChunks } from "../../sourcemaps/upload-chunks";
import { describeAuth } from "../describe-auth";
import { apiRoute } from "../handle-api-request";
import { requireOrganization } from "../organization";
import { parseApiBody } from "../parse-api-body";
import { readJsonBody } from "../read-json-body";
import { findReleaseProjects } from "../releases/find-release-projects";
import { parseReleaseVersion } from "../releases/parse-release-version";
import { ApiArtifactBundleAssemble, ApiReleaseArchiveAssemble } from "../sourcemaps/assemble-requests";
import { describeChunkUpload } from "../sourcemaps/chunk-upload-options";
import { listApiReleaseFiles } from "../sourcemaps/list-api-release-files";
import { readReleaseFileUpload } from "../sourcemaps/read-release-file-upload";
import { readUploadChunks } from "../sourcemaps/read-upload-chunks";

type OrganizationParams = { organizationSlug: string };
type ReleaseParams = OrganizationParams & { version: string };
type ProjectReleaseParams = ReleaseParams & { projectSlug: string };

/** GET /api/0/: the credential's user and Sentry-named scopes (`sentry-cli info`). */
export const authInfoRoute = apiRoute(async ({ context }) => ({ body: describeAuth(context) }));

/** GET /organizations/{org}/chunk-upload/: how to send chunks. */
export const chunkUploadOptionsRoute = apiRoute<OrganizationParams>(async ({ context, params }) => {
  requireOrganization(context.config, params.organizationSlug);
  return { body: describeChunkUpload(context, params.organizationSlug) };
});

/** POST /organizations/{org}/chunk-upload/: multipart chunks, each stored under its verified sha1; an empty POST is 200. */
export const uploadChunksRoute = apiRoute<OrganizationParams>(async ({ request, context, params }) => {
  requireOrganization(context.config, params.organizationSlug);
  // Refused before the body is read; the verb checks again, per project.
  authorize(context, "sourcemap.upload");
  const chunks = await readUploadChunks(request, chunkUploadOptions);
  if (chunks.length > 0) await saveUploadChunks(context, chunks);
  return { body: {} };
});

/** POST /organizations/{org}/artifactbundle/assemble/: which chunks are missing, then the bundle's state. */
export const assembleArtifactBundleRoute = apiRoute<OrganizationParams>(async ({ request, context, params }) => {
  requireOrganization(context.config, params.organizationSlug);
  const input = parseApiBody(ApiArtifactBundleAssemble, await readJsonBody(request));
  const version = input.version === undefined || input.version === null ? null : parseReleaseVersion(input.version);
  return { body: await assembleArtifactBundle(context, { ...input, version, dist: input.dist ?? null }) };
});

/** POST /organizations/{org}/releases/{version}/assemble/: a release archive (legacy uploads). */
export const assembleReleaseArchiveRoute = apiRoute<ReleaseParams>(async ({ request, context, params }) => {
  requireOrganization(context.config, params.organizationSlug);
  const version = parseReleaseVersion(params.version);
  const input = parseApiBody(ApiReleaseArchiveAssemble, await readJsonBody(request));
  return { body: await assembleReleaseArchive(context, { checksum: input.checksum, chunks: input.chunks, version, projects: input.projects ?? [] }) };
});

/** POST /projects/{org}/{project}/releases/{version}/files/: one legacy release file: 201 and Sentry's file JSON. */
export const uploadProjectReleaseFileRoute = apiRoute<ProjectReleaseParams>(async ({ request, context, params }) => {
  requireOrganization(context.config, params.organizationSlug);
  const version = parseReleaseVersion(params.version);
  // Refused before the body is read; the verb checks again, per project.
  authorize(context, "sourcemap.upload");
  const upload = await readReleaseFileUpload(request);
  return { body: await addReleaseFile(context, { projectSlug: params.projectSlug, version, ...upload }), status: 201 };
});

/** GET /projects/{org}/{project}/releases/{version}/files/ */
export const listProjectReleaseFilesRoute = apiRoute<ProjectReleaseParams>(async ({ context, params }) => {
  requireOrganization(context.config, params.organizationSlug);
  return { body: await listApiReleaseFiles(context, params.projectSlug, parseReleaseVersion(params.version)) };
});

/** POST /organizations/{org}/releases/{version}/files/: the file goes to every project of the release the viewer may see. */
export const uploadReleaseFileRoute = apiRoute<ReleaseParams>(async ({ request, context, params }) => {
  requireOrganization(context.config, params.organizationSlug);
  const version = parseReleaseVersion(params.version);
  const projectIds = await findReleaseProjects(context, "sourcemap.upload", version);
  const upload = await readReleaseFileUpload(request);
  const projects = await context.db.selectFrom("projects").select("slug").where("id", "in", projectIds).orderBy("slug").execute();
  let answer: Awaited<ReturnType<typeof addReleaseFile>> | null = null;
  for (const project of projects) answer = await addReleaseFile(context, { projectSlug: project.slug, version, ...upload });
  return { body: answer, status: 201 };
});

/** GET /organizations/{org}/releases/{version}/files/: the files of every project of the release the viewer may see. */
export const listReleaseFilesRoute = apiRoute<ReleaseParams>(async ({ context, params }) => {
  requireOrganization(context.config, params.organizationSlug);
  const version = parseReleaseVersion(params.version);
  const projectIds = await findReleaseProjects(context, "sourcemap.list", version);
  const projects = await context.db.selectFrom("projects").select("slug").where("id", "in", projectIds).orderBy("slug").execute();
  const files = [];
  for (const project of projects) files.push(...(await listApiReleaseFiles(context, project.slug, version)));
  return { body: files.slice(0, 1_000) };
});
