import { assembleReleaseArchiveRoute } from "@/server/api/routes/upload-routes";

/** /api/0/organizations/{org}/releases/{version}/assemble/ — legacy release archives. */
export const POST = assembleReleaseArchiveRoute;
