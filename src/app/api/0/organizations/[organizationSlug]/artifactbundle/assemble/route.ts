import { assembleArtifactBundleRoute } from "@/server/api/routes/upload-routes";

/** /api/0/organizations/{org}/artifactbundle/assemble/ — put uploaded chunks together into an artifact bundle. */
export const POST = assembleArtifactBundleRoute;
