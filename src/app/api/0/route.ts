import { authInfoRoute } from "@/server/api/routes/upload-routes";

/** /api/0/ — who the credential is and its scopes (`sentry-cli info`). */
export const GET = authInfoRoute;
