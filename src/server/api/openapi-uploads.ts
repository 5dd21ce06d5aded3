import type { OpenApiDocument } from "./openapi-document";

/**
 * The OpenAPI paths of the endpoints sentry-cli and the bundler plugins call: the auth check, chunk uploads,
 * artifact bundle assembly, releases and deploys, and the legacy release files. Their schemas are in
 * releases/release-schemas.ts and sourcemaps/assemble-requests.ts, registered with the others in openapi.ts.
 */
type Paths = OpenApiDocument["paths"];

const schema = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (value: Record<string, unknown>) => ({ "application/json": { schema: value } });
const param = (name: string) => ({ $ref: `#/components/parameters/${name}` });
const version = { name: "version", in: "path" as const, required: true, description: "The release's version (URL-encoded; at most 200 characters, no slash)", schema: { type: "string" } };
const errors = (...statuses: ("400" | "403" | "404" | "413")[]) => ({
  "401": { $ref: "#/components/responses/Unauthorized" },
  ...Object.fromEntries(statuses.map((status) => [status, { $ref: `#/components/responses/${{ "400": "BadRequest", "403": "Forbidden", "404": "NotFound", "413": "TooLarge" }[status]}` }])),
});
const multipartBody = (properties: Record<string, unknown>, required: string[]) => ({ required: true, content: { "multipart/form-data": { schema: { type: "object", properties, required } } } });
const orgPrefix = "/api/0/organizations/{organization_id_or_slug}";
const projectPrefix = "/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}";
const releaseFileParts = multipartBody(
  {
    file: { type: "string", contentMediaType: "application/octet-stream", description: "The file (at most 100 MiB)" },
    name: { type: "string", description: "The URL it is served at, such as ~/assets/app.min.js (default: the file's name)" },
    dist: { type: "string" },
    header: { type: "array", items: { type: "string" }, description: 'Headers such as "Sourcemap: app.min.js.map"' },
  },
  ["file"],
);

export function uploadOperations(): Paths {
  return {
    "/api/0/": {
      get: { operationId: "getAuthInfo", summary: "Who this credential is, and its scopes in Sentry's names", tags: ["Meta"], responses: { "200": { description: "The credential", content: json(schema("ApiAuthInfo")) }, ...errors() } },
    },
    [`${orgPrefix}/chunk-upload/`]: {
      get: {
        operationId: "getChunkUploadOptions",
        summary: "How to upload chunks",
        description: "Needs the upload, write or admin scope. What sentry-cli reads before it uploads.",
        tags: ["Source maps"],
        parameters: [param("organization")],
        responses: { "200": { description: "Chunk size, limits and the upload URL", content: json(schema("ApiChunkUploadOptions")) }, ...errors("403", "404") },
      },
      post: {
        operationId: "uploadChunks",
        summary: "Upload chunks",
        description: "multipart/form-data: parts `file` (raw, or gzip with `Content-Encoding: gzip`) or `file_gzip`, each named by the sha1 of its uncompressed bytes; at most 64 parts and 32 MiB per request, each chunk at most the chunk size.",
        tags: ["Source maps"],
        parameters: [param("organization")],
        requestBody: multipartBody({ file: { type: "array", items: { type: "string", contentMediaType: "application/octet-stream" } }, file_gzip: { type: "array", items: { type: "string", contentMediaType: "application/gzip" } } }, []),
        responses: { "200": { description: "Stored", content: json({ type: "object" }) }, ...errors("400", "403", "404", "413") },
      },
    },
    [`${orgPrefix}/artifactbundle/assemble/`]: {
      post: {
        operationId: "assembleArtifactBundle",
        summary: "Assemble an artifact bundle from uploaded chunks",
        description: "First answers `not_found` with the chunks still missing; once all are there, assembles the bundle and answers `ok` (or `error` with the reason). Asking again is idempotent.",
        tags: ["Source maps"],
        parameters: [param("organization")],
        requestBody: { required: true, content: json(schema("ApiArtifactBundleAssemble")) },
        responses: { "200": { description: "The bundle's state", content: json(schema("ApiAssembleAnswer")) }, ...errors("400", "403", "404", "413") },
      },
    },
    [`${orgPrefix}/releases/`]: {
      get: {
        operationId: "listOrganizationReleases",
        summary: "List releases",
        description: "Newest first; at most `per_page` (100).",
        tags: ["Releases"],
        parameters: [param("organization"), { name: "query", in: "query", description: "Versions containing this text", schema: { type: "string" } }],
        responses: { "200": { description: "Releases", content: json({ type: "array", items: schema("ApiRelease") }) }, ...errors("403", "404") },
      },
      post: {
        operationId: "createOrganizationRelease",
        summary: "Create a release",
        description: "Needs the upload, write or admin scope. 201 when created or added to a project, 208 when it was already in every named project.",
        tags: ["Releases"],
        parameters: [param("organization")],
        requestBody: { required: true, content: json(schema("ApiReleaseCreate")) },
        responses: { "201": { description: "The release", content: json(schema("ApiRelease")) }, "208": { description: "It existed", content: json(schema("ApiRelease")) }, ...errors("400", "403", "404", "413") },
      },
    },
    [`${orgPrefix}/releases/{version}/`]: {
      get: { operationId: "getRelease", summary: "Retrieve a release", tags: ["Releases"], parameters: [param("organization"), version], responses: { "200": { description: "The release", content: json(schema("ApiRelease")) }, ...errors("400", "403", "404") } },
      put: {
        operationId: "updateRelease",
        summary: "Update a release",
        description: "`dateReleased` finalizes it; `commits` (set-commits) replace the release's commits, or `refs` when no commits are sent. Needs the upload scope.",
        tags: ["Releases"],
        parameters: [param("organization"), version],
        requestBody: { required: true, content: json(schema("ApiReleaseUpdate")) },
        responses: { "200": { description: "The release", content: json(schema("ApiRelease")) }, ...errors("400", "403", "404", "413") },
      },
      delete: { operationId: "deleteRelease", summary: "Delete a release", tags: ["Releases"], parameters: [param("organization"), version], responses: { "204": { description: "Deleted" }, ...errors("400", "403", "404") } },
    },
    [`${orgPrefix}/releases/{version}/previous-with-commits/`]: {
      get: {
        operationId: "getPreviousReleaseWithCommits",
        summary: "The previous release with commits (always none: set-commits then sends its whole window)",
        tags: ["Releases"],
        parameters: [param("organization"), version],
        responses: { "200": { description: "An empty object", content: json({ type: "object" }) }, ...errors("400", "403", "404") },
      },
    },
    [`${orgPrefix}/releases/{version}/commits/`]: {
      get: { operationId: "listReleaseCommits", summary: "List a release's commits", tags: ["Releases"], parameters: [param("organization"), version], responses: { "200": { description: "Commits in the order set-commits sent them", content: json({ type: "array", items: schema("ApiCommit") }) }, ...errors("400", "403", "404") } },
    },
    [`${orgPrefix}/releases/{version}/commitfiles/`]: {
      get: { operationId: "listReleaseCommitFiles", summary: "List the files a release's commits changed", tags: ["Releases"], parameters: [param("organization"), version], responses: { "200": { description: "One entry per file of each commit", content: json({ type: "array", items: schema("ApiCommitFile") }) }, ...errors("400", "403", "404") } },
    },
    [`${orgPrefix}/releases/{version}/deploys/`]: {
      get: { operationId: "listDeploys", summary: "List a release's deploys", tags: ["Releases"], parameters: [param("organization"), version], responses: { "200": { description: "Deploys, newest first", content: json({ type: "array", items: schema("ApiDeploy") }) }, ...errors("400", "403", "404") } },
      post: {
        operationId: "createDeploy",
        summary: "Record a deploy",
        tags: ["Releases"],
        parameters: [param("organization"), version],
        requestBody: { required: true, content: json(schema("ApiDeployCreate")) },
        responses: { "201": { description: "The deploy", content: json(schema("ApiDeploy")) }, ...errors("400", "403", "404", "413") },
      },
    },
    [`${orgPrefix}/releases/{version}/assemble/`]: {
      post: {
        operationId: "assembleReleaseArchive",
        summary: "Assemble a release archive (legacy uploads)",
        tags: ["Source maps"],
        parameters: [param("organization"), version],
        requestBody: { required: true, content: json(schema("ApiReleaseArchiveAssemble")) },
        responses: { "200": { description: "The archive's state", content: json(schema("ApiAssembleAnswer")) }, ...errors("400", "403", "404", "413") },
      },
    },
    [`${orgPrefix}/releases/{version}/files/`]: {
      get: { operationId: "listReleaseFiles", summary: "List a release's files", tags: ["Source maps"], parameters: [param("organization"), version], responses: { "200": { description: "Files", content: json({ type: "array", items: schema("ApiReleaseFile") }) }, ...errors("400", "403", "404") } },
      post: {
        operationId: "uploadReleaseFile",
        summary: "Upload a release file to every project of the release (legacy)",
        tags: ["Source maps"],
        parameters: [param("organization"), version],
        requestBody: releaseFileParts,
        responses: { "201": { description: "The file", content: json(schema("ApiReleaseFile")) }, ...errors("400", "403", "404", "413") },
      },
    },
    [`${orgPrefix}/repos/`]: {
      get: { operationId: "listRepositories", summary: "List repositories (always none: no repository integration)", tags: ["Releases"], parameters: [param("organization")], responses: { "200": { description: "An empty list", content: json({ type: "array", items: { type: "object" } }) }, ...errors("404") } },
    },
    [`${projectPrefix}/releases/`]: {
      get: { operationId: "listProjectReleases", summary: "List a project's releases", tags: ["Releases"], parameters: [param("organization"), param("project")], responses: { "200": { description: "Releases", content: json({ type: "array", items: schema("ApiRelease") }) }, ...errors("403", "404") } },
      post: {
        operationId: "createProjectRelease",
        summary: "Create a release in this project",
        tags: ["Releases"],
        parameters: [param("organization"), param("project")],
        requestBody: { required: true, content: json(schema("ApiReleaseCreate")) },
        responses: { "201": { description: "The release", content: json(schema("ApiRelease")) }, "208": { description: "It existed", content: json(schema("ApiRelease")) }, ...errors("400", "403", "404", "413") },
      },
    },
    [`${projectPrefix}/releases/{version}/`]: {
      get: { operationId: "getProjectRelease", summary: "Retrieve a release of a project", tags: ["Releases"], parameters: [param("organization"), param("project"), version], responses: { "200": { description: "The release", content: json(schema("ApiRelease")) }, ...errors("400", "403", "404") } },
      put: {
        operationId: "updateProjectRelease",
        summary: "Update a release of a project",
        description: "As the organization's PUT, for this project (sentry-cli 2.x finalizes here).",
        tags: ["Releases"],
        parameters: [param("organization"), param("project"), version],
        requestBody: { required: true, content: json(schema("ApiReleaseUpdate")) },
        responses: { "200": { description: "The release", content: json(schema("ApiRelease")) }, ...errors("400", "403", "404", "413") },
      },
      delete: { operationId: "deleteProjectRelease", summary: "Remove a release from a project", tags: ["Releases"], parameters: [param("organization"), param("project"), version], responses: { "204": { description: "Deleted" }, ...errors("400", "403", "404") } },
    },
    [`${projectPrefix}/releases/{version}/commits/`]: {
      get: { operationId: "listProjectReleaseCommits", summary: "List a release's commits", tags: ["Releases"], parameters: [param("organization"), param("project"), version], responses: { "200": { description: "Commits in the order set-commits sent them", content: json({ type: "array", items: schema("ApiCommit") }) }, ...errors("400", "403", "404") } },
    },
    [`${projectPrefix}/releases/{version}/files/`]: {
      get: { operationId: "listProjectReleaseFiles", summary: "List a project's files of a release", tags: ["Source maps"], parameters: [param("organization"), param("project"), version], responses: { "200": { description: "Files", content: json({ type: "array", items: schema("ApiReleaseFile") }) }, ...errors("400", "403", "404") } },
      post: {
        operationId: "uploadProjectReleaseFile",
        summary: "Upload a release file (legacy)",
        tags: ["Source maps"],
        parameters: [param("organization"), param("project"), version],
        requestBody: releaseFileParts,
        responses: { "201": { description: "The file", content: json(schema("ApiReleaseFile")) }, ...errors("400", "403", "404", "413") },
      },
    },
  };
}
