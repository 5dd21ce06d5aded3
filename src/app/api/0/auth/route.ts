import { authUserRoute } from "@/server/api/routes/user-routes";

/** GET /api/0/auth/: the calling user. */
export const GET = authUserRoute;
