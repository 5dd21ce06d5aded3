import { requirePermission } from "../../access/authorize";
import { apiRoute } from "../handle-api-request";
import { requireOrganization, serializeOrganization } from "../organization";
import { linkHeader, singlePageLinks } from "../pagination";
import { getApiProject } from "../projects/get-api-project";
import { listApiProjects } from "../projects/list-api-projects";


/** GET /api/0/projects/ and /api/0/organizations/{org}/projects/ */
export const listProjectsRoute = apiRoute<{ organizationSlug?: string }>(async ({ context, params, url }) => {
  if (params.organizationSlug !== undefined) requireOrganization(context.config, params.organizationSlug);
  return { body: await listApiProjects(context), headers: { Link: linkHeader(url, context.config.publicUrl, singlePageLinks) } };
});

/** GET /api/0/projects/{org}/{project}/ */
export const projectRoute = apiRoute<{ organizationSlug: string; projectSlug: string }>(async ({ context, params }) => {
  requireOrganization(context.config, params.organizationSlug);
  return { body: await getApiProject(context, params.projectSlug) };
});

/** GET /api/0/organizations/ */
export const listOrganizationsRoute = apiRoute(async ({ context, url }) => {
  requirePermission(context.viewer, "read");
  return { body: [serializeOrganization(context.config)], headers: { Link: linkHeader(url, context.config.publicUrl, singlePageLinks) } };
});

/** GET /api/0/organizations/{org}/ */
export const organizationRoute = apiRoute<{ organizationSlug: string }>(async ({ context, params }) => {
  requireOrganization(context.config, params.organizationSlug);
  requirePermission(context.viewer, "read");
  return { body: serializeOrganization(context.config) };
});
