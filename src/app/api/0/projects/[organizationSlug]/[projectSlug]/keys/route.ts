import { createKeyRoute, listKeysRoute } from "@/server/api/routes/key-routes";

/** /api/0/projects/{org}/{project}/keys/ — list and create client keys. */
export const GET = listKeysRoute;
export const POST = createKeyRoute;
