import { apiRoute } from "../handle-api-request";
import { getApiAuthUser } from "../users/get-api-auth-user";

/** GET /api/0/auth/: the calling user (Sentry's `whoami`). */
export const authUserRoute = apiRoute(async ({ context }) => ({ body: await getApiAuthUser(context) }));
