import type { Kysely } from "kysely";
import { z } from "zod";
import { authorize, authorizeProject, type AccessContext } from "../access/authorize";
import { canSeeProject } from "../access/viewer";
import { isUniqueViolation } from "../db/is-unique-violation";
import type { Database } from "../db/schema";
import { writeTransaction } from "../db/write-transaction";
import { forgetSourceMapLookups } from "./source-map-cache";
import { AppError } from "../errors";
import { sha1Hex } from "./artifact-files";
import { ArtifactBundleError, readArtifactBundle, type ArtifactBundle } from "./read-artifact-bundle";
import { distName, maxAssembleChunks, parseVerbInput, projectSlug, releaseVersion, sha1Text } from "./schemas";
import { prepareArtifactFiles, storeArtifactBundle } from "./store-artifact-bundle";

/**
 * Sentry's assemble step (docs/sentry-protocol.md §6.2): sentry-cli asks first and uploads the
 * `missingChunks`, then asks again; once every chunk is here the bundle is put together, checked against its
 * sha1, read (read-artifact-bundle) and stored for each project. Lantern assembles within the request, so
 * the answer goes from not_found straight to ok or error; the outcome is recorded per checksum and scope, so
 * polling again answers the same without storing twice.
 */
export interface AssembleAnswer {
  state: "not_found" | "created" | "assembling" | "ok" | "error";
  missingChunks: string[];
  detail: string | null;
}

const bundleInput = z.object({
  checksum: sha1Text,
  chunks: z.array(sha1Text).max(maxAssembleChunks),
  projects: z.array(projectSlug).min(1).max(100),
  version: releaseVersion.nullish(),
  dist: distName.nullish(),
});

const releaseArchiveInput = z.object({
  checksum: sha1Text,
  chunks: z.array(sha1Text).max(maxAssembleChunks),
  version: releaseVersion,
  projects: z.array(projectSlug).max(100),
});

interface Job {
  checksum: string;
  chunks: string[];
  projectIds: number[];
  scope: string;
  /** The release and dist the request named; null: the manifest's. */
  release: string | null;
  dist: string | null;
}

/** Sentry's `artifactbundle/assemble`: the projects are slugs, each visible and open to uploads (404 otherwise). */
export async function assembleArtifactBundle(context: AccessContext, input: { checksum: string; chunks: string[]; projects: string[]; version?: string | null; dist?: string | null }): Promise<AssembleAnswer> {
  const request = parseVerbInput(bundleInput, input);
  const projectIds: number[] = [];
  for (const slug of new Set(request.projects)) projectIds.push((await authorizeProject(context, "sourcemap.upload", slug)).project.id);
  projectIds.sort((a, b) => a - b);
  const release = request.version ?? null;
  const dist = request.dist ?? null;
  return assemble(context, { checksum: request.checksum, chunks: request.chunks, projectIds, scope: `bundle:${projectIds.join(",")}:${release ?? ""}:${dist ?? ""}`, release, dist });
}

/**
 * The legacy `releases/{version}/assemble/` of older CLIs: the same zip, its files belong to release
 * `version` of the named projects, or of every project of that release the viewer may upload to.
 */
export async function assembleReleaseArchive(context: AccessContext, input: { checksum: string; chunks: string[]; version: string; projects: string[] }): Promise<AssembleAnswer> {
  const request = parseVerbInput(releaseArchiveInput, input);
  const projectIds: number[] = [];
  if (request.projects.length > 0) {
    for (const slug of new Set(request.projects)) projectIds.push((await authorizeProject(context, "sourcemap.upload", slug)).project.id);
  } else {
    const rows = await context.db.selectFrom("releases").select("project_id").where("version", "=", request.version).execute();
    projectIds.push(...rows.map((row) => Number(row.project_id)).filter((id) => canSeeProject(context.viewer, id)));
    if (projectIds.length === 0) throw new AppError("not_found", `No project you can see has release "${request.version}".`);
    authorize(context, "sourcemap.upload");
  }
  projectIds.sort((a, b) => a - b);
  return assemble(context, { checksum: request.checksum, chunks: request.chunks, projectIds, scope: `release:${request.version}:${projectIds.join(",")}`, release: request.version, dist: null });
}

function answer(state: AssembleAnswer["state"], detail: string | null = null, missingChunks: string[] = []): AssembleAnswer {
  return { state, missingChunks, detail };
}

async function recordedAnswer(context: AccessContext, job: Job): Promise<AssembleAnswer | null> {
  const row = await context.db.selectFrom("artifact_assemblies").select(["state", "detail"]).where("checksum", "=", job.checksum).where("scope", "=", job.scope).executeTakeFirst();
  return row && (row.state === "ok" || row.state === "error") ? answer(row.state, row.detail) : null;
}

async function missingChunks(context: AccessContext, chunks: readonly string[]): Promise<string[]> {
  const present = new Set<string>();
  for (let start = 0; start < chunks.length; start += 500) {
    const rows = await context.db.selectFrom("upload_chunks").select("sha1").where("sha1", "in", chunks.slice(start, start + 500)).execute();
    for (const row of rows) present.add(row.sha1);
  }
  return chunks.filter((sha1) => !present.has(sha1));
}

/** Ends an assembly: records its outcome and lets go of its chunks, in one transaction with `work`. */
async function finish(context: AccessContext, job: Job, state: "ok" | "error", detail: string | null, work?: (trx: Kysely<Database>) => Promise<void>): Promise<AssembleAnswer> {
  await writeTransaction(context.database, async (trx) => {
    if (work) await work(trx);
    await trx
      .insertInto("artifact_assemblies")
      .values({ checksum: job.checksum, scope: job.scope, state, detail, updated_at: Date.now() })
      .onConflict((conflict) => conflict.columns(["checksum", "scope"]).doUpdateSet({ state, detail, updated_at: Date.now() }))
      .execute();
    const unique = [...new Set(job.chunks)];
    for (let start = 0; start < unique.length; start += 500) await trx.deleteFrom("upload_chunks").where("sha1", "in", unique.slice(start, start + 500)).execute();
  });
  if (state === "ok") forgetSourceMapLookups();
  return answer(state, detail);
}

async function assembledBytes(context: AccessContext, chunks: readonly string[]): Promise<Buffer | string> {
  const unique = [...new Set(chunks)];
  const sizes = new Map<string, number>();
  for (let start = 0; start < unique.length; start += 500) {
    const rows = await context.db.selectFrom("upload_chunks").select(["sha1", "size"]).where("sha1", "in", unique.slice(start, start + 500)).execute();
    for (const row of rows) sizes.set(row.sha1, Number(row.size));
  }
  const total = chunks.reduce((sum, sha1) => sum + (sizes.get(sha1) ?? 0), 0);
  const cap = context.config.sourceMaps.maxBundleBytes;
  if (total > cap) return `The bundle has ${total} bytes; at most ${cap} are accepted (LANTERN_SOURCEMAP_MAX_BUNDLE).`;
  const data = new Map<string, Uint8Array>();
  for (const sha1 of unique) {
    const row = await context.db.selectFrom("upload_chunks").select("data").where("sha1", "=", sha1).executeTakeFirst();
    if (!row) return `Chunk ${sha1} disappeared while the bundle was assembled; upload it again.`;
    data.set(sha1, row.data);
  }
  return Buffer.concat(chunks.map((sha1) => data.get(sha1)!));
}

async function assemble(context: AccessContext, job: Job): Promise<AssembleAnswer> {
  const recorded = await recordedAnswer(context, job);
  if (recorded) return recorded;
  if (job.chunks.length === 0) return answer("not_found");
  const missing = await missingChunks(context, [...new Set(job.chunks)]);
  // Another request may have just finished this assembly (and used up its chunks).
  if (missing.length > 0) return (await recordedAnswer(context, job)) ?? answer("not_found", null, missing);

  const bytes = await assembledBytes(context, job.chunks);
  if (typeof bytes === "string") return finish(context, job, "error", bytes);
  const actual = sha1Hex(bytes);
  if (actual !== job.checksum) return finish(context, job, "error", `checksum mismatch: the assembled chunks have sha1 ${actual}, the request names ${job.checksum}.`);
  let bundle: ArtifactBundle;
  try {
    bundle = await readArtifactBundle(bytes, { maxTotalBytes: context.config.sourceMaps.maxBundleBytes });
  } catch (error) {
    if (error instanceof ArtifactBundleError) return finish(context, job, "error", error.reason);
    throw error;
  }
  const release = job.release ?? bundle.release;
  const dist = job.dist ?? bundle.dist;
  const prepared = await prepareArtifactFiles(context.db, bundle);
  try {
    return await finish(context, job, "ok", null, async (trx) => {
      for (const projectId of job.projectIds) await storeArtifactBundle(trx, bundle, { projectId, checksum: job.checksum, release, dist, uploadedBy: context.viewer.actor }, prepared);
    });
  } catch (error) {
    // Two polls raced to store the same bundle; the other one's commit is the answer.
    if (isUniqueViolation(error)) return (await recordedAnswer(context, job)) ?? answer("ok");
    throw error;
  }
}
