import { unknownApiRoute } from "@/server/api/routes/meta-routes";

/** Any other /api/0/ path: a JSON 404 (401 without credentials), never the dashboard's HTML page. */
export const GET = unknownApiRoute;
export const PUT = unknownApiRoute;
export const POST = unknownApiRoute;
export const DELETE = unknownApiRoute;
export const PATCH = unknownApiRoute;
