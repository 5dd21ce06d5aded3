import { z } from "zod";

const sha1 = z.string().regex(/^[0-9a-f]{40}$/, "expected a sha1 in hex (40 lower-case digits)");
/** 512 MB of bundle in 8 MB chunks is 64; this bound only keeps the body from being a list of millions. */
const chunks = z.array(sha1).max(10_000);

/** `POST /organizations/{org}/artifactbundle/assemble/` as sentry-cli sends it (§6.2, step 4). */
export const ApiArtifactBundleAssemble = z.object({
  checksum: sha1,
  chunks,
  projects: z.array(z.string().min(1).max(200)).min(1, "name at least one project").max(100),
  version: z.string().max(200).nullable().optional().meta({ description: "The release the bundle's files belong to" }),
  dist: z.string().max(64).nullable().optional(),
});

/** The legacy `POST /organizations/{org}/releases/{version}/assemble/` (release archives of older CLIs). */
export const ApiReleaseArchiveAssemble = z.object({
  checksum: sha1,
  chunks,
  projects: z.array(z.string().min(1).max(200)).max(100).optional().meta({ description: "Absent: every project of the release" }),
});
