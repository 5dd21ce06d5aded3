import { apiRoute } from "../handle-api-request";
import { createApiProjectKey } from "../keys/create-api-project-key";
import { getApiProjectKey } from "../keys/get-api-project-key";
import { updateApiProjectKey } from "../keys/update-api-project-key";
import { listApiProjectKeys } from "../keys/list-api-project-keys";
import { requireOrganization } from "../organization";
import { linkHeader, singlePageLinks } from "../pagination";
import { readJsonBody } from "../read-json-body";

type ProjectParams = { organizationSlug: string; projectSlug: string };

/** GET /projects/{org}/{project}/keys/ (`status=active|inactive`) */
export const listKeysRoute = apiRoute<ProjectParams>(async ({ context, params, url }) => {
  requireOrganization(context.config, params.organizationSlug);
  const keys = await listApiProjectKeys(context, params.projectSlug, url.searchParams.get("status"));
  return { body: keys, headers: { Link: linkHeader(url, context.config.publicUrl, singlePageLinks) } };
});

/** POST /projects/{org}/{project}/keys/ with `{"name": …, "rateLimit": {window, count}}`: 201 and the new key. */
export const createKeyRoute = apiRoute<ProjectParams>(async ({ request, context, params }) => {
  requireOrganization(context.config, params.organizationSlug);
  const body = await readJsonBody(request);
  return { body: await createApiProjectKey(context, params.projectSlug, body), status: 201 };
});

type KeyParams = ProjectParams & { keyId: string };

/** GET /projects/{org}/{project}/keys/{key_id}/: one key, its rate limit included. */
export const getKeyRoute = apiRoute<KeyParams>(async ({ context, params }) => {
  requireOrganization(context.config, params.organizationSlug);
  return { body: await getApiProjectKey(context, params.projectSlug, params.keyId) };
});

/** PUT /projects/{org}/{project}/keys/{key_id}/ with `{"rateLimit": {window, count} | null, "isActive": …}`. */
export const updateKeyRoute = apiRoute<KeyParams>(async ({ request, context, params }) => {
  requireOrganization(context.config, params.organizationSlug);
  const body = await readJsonBody(request);
  return { body: await updateApiProjectKey(context, params.projectSlug, params.keyId, body) };
});
