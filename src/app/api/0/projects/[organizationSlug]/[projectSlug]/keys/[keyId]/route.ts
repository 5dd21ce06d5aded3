import { getKeyRoute, updateKeyRoute } from "@/server/api/routes/key-routes";

/** /api/0/projects/{org}/{project}/keys/{key_id}/ — read a client key and change its rate limit or state. */
export const GET = getKeyRoute;
export const PUT = updateKeyRoute;
