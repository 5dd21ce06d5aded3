import { apiRoute } from "../handle-api-request";
import { readJsonBody } from "../read-json-body";
import { linkHeader, singlePageLinks } from "../pagination";
import { createApiTeam, createApiTeamProject, listApiProjectTeams, listApiTeams, setApiProjectTeam, updateApiProject } from "../teams/list-api-teams";

type ProjectParams = { organizationSlug: string; projectSlug: string };

/** GET /api/0/organizations/{org}/teams/ */
export const listTeamsRoute = apiRoute<{ organizationSlug: string }>(async ({ context, params, url }) => ({
  body: await listApiTeams(context, { organizationSlug: params.organizationSlug, query: url.searchParams.get("query") }),
  headers: { Link: linkHeader(url, context.config.publicUrl, singlePageLinks) },
}));

/** POST /api/0/organizations/{org}/teams/ */
export const createTeamRoute = apiRoute<{ organizationSlug: string }>(async ({ request, context, params }) => ({
  body: await createApiTeam(context, { organizationSlug: params.organizationSlug, body: await readJsonBody(request) }),
  status: 201,
}));

/** POST /api/0/teams/{org}/{team}/projects/ */
export const createTeamProjectRoute = apiRoute<{ organizationSlug: string; teamSlug: string }>(async ({ request, context, params }) => ({
  body: await createApiTeamProject(context, { organizationSlug: params.organizationSlug, teamSlug: params.teamSlug, body: await readJsonBody(request) }),
  status: 201,
}));

/** GET /api/0/projects/{org}/{project}/teams/ */
export const listProjectTeamsRoute = apiRoute<ProjectParams>(async ({ context, params, url }) => ({
  body: await listApiProjectTeams(context, params),
  headers: { Link: linkHeader(url, context.config.publicUrl, singlePageLinks) },
}));

/** POST /api/0/projects/{org}/{project}/teams/{team}/ */
export const addProjectTeamRoute = apiRoute<ProjectParams & { teamSlug: string }>(async ({ context, params }) => ({ body: await setApiProjectTeam(context, { ...params, isMember: true }), status: 201 }));

/** DELETE /api/0/projects/{org}/{project}/teams/{team}/ */
export const removeProjectTeamRoute = apiRoute<ProjectParams & { teamSlug: string }>(async ({ context, params }) => ({ body: await setApiProjectTeam(context, { ...params, isMember: false }) }));

/** PUT /api/0/projects/{org}/{project}/ */
export const updateProjectRoute = apiRoute<ProjectParams>(async ({ request, context, params }) => ({ body: await updateApiProject(context, { ...params, body: await readJsonBody(request) }) }));
