import { describeFrameDiagnosis, frameNoteKey, type FrameDiagnosis, type FrameNote } from "@/lib/frame-diagnosis";
import { isRecord, type JsonObject } from "@/lib/json-values";
import { authorizeProjectId, type AccessContext } from "../access/authorize";
import { ArtifactSource } from "./artifact-source";
import { resolveEventFrames, type FrameReport } from "./resolve-event-frames";
import { resolveUntilLoaded } from "./resolve-until-loaded";
import { processSourceMapCache } from "./source-map-cache";
import type { StoredEventResolution } from "@/lib/views/sourcemaps";
export type { StoredEventResolution } from "@/lib/views/sourcemaps";

/**
 * Resolve when shown: the issue page runs the stored event's still-minified frames through today's uploads
 * (so events that arrived before their maps become readable) and explains each frame that stays minified,
 * with the sentry-cli command that fixes it. Frames resolved at digest keep what digest gave them; one
 * without source context says why. The API serves the stored event as it is.
 */
export async function resolveStoredEvent(context: AccessContext, projectId: number, payload: JsonObject): Promise<StoredEventResolution> {
  const project = await authorizeProjectId(context, "event.read", projectId);
  const source = new ArtifactSource(processSourceMapCache(context.config.sourceMaps.cacheBytes));
  await source.loadProjects(context.db, [projectId]);
  let resolved = payload;
  const report = await resolveUntilLoaded(source, context.db, () => {
    resolved = structuredClone(payload);
    return resolveEventFrames(resolved, projectId, source, { diagnose: true });
  });
  // A Node service without bundles or maps is not expected to have any: its frames get no advice.
  const expectsMaps = payload.platform === "javascript" || hasSourceMapImages(payload) || source.hasArtifacts(projectId) === true;
  const target = { org: context.config.auth.organizationSlug, project: project.slug, url: context.config.publicUrl };
  const notes: Record<string, FrameNote> = {};
  const note = (report: Pick<FrameReport, "container" | "index" | "frame">, isResolvedNow: boolean, diagnosis: FrameDiagnosis | null) => {
    notes[frameNoteKey(report.container, report.index, report.frame)] = { isResolvedNow, diagnosis: diagnosis && expectsMaps ? { code: diagnosis.code, ...describeFrameDiagnosis(diagnosis, target) } : null };
  };
  for (const frame of report.frames) note(frame, frame.resolved, frame.diagnosis);
  for (const frame of framesResolvedWithoutContext(payload)) note(frame, false, frame.diagnosis);
  return { payload: report.resolved > 0 ? resolved : payload, resolvedNow: report.resolved, notes };
}

function hasSourceMapImages(payload: JsonObject): boolean {
  return isRecord(payload.debug_meta) && Array.isArray(payload.debug_meta.images) && payload.debug_meta.images.some((image) => isRecord(image) && image.type === "sourcemap");
}

/** Frames digest resolved whose map had no source for them: "resolved, but no context". */
function framesResolvedWithoutContext(payload: JsonObject): (Pick<FrameReport, "container" | "index" | "frame"> & { diagnosis: FrameDiagnosis })[] {
  const found: (Pick<FrameReport, "container" | "index" | "frame"> & { diagnosis: FrameDiagnosis })[] = [];
  const release = typeof payload.release === "string" ? payload.release : null;
  const dist = typeof payload.dist === "string" ? payload.dist : null;
  const exceptions = isRecord(payload.exception) && Array.isArray(payload.exception.values) ? payload.exception.values : [];
  exceptions.forEach((exception, index) => {
    const frames = isRecord(exception) && isRecord(exception.stacktrace) && Array.isArray(exception.stacktrace.frames) ? exception.stacktrace.frames : [];
    frames.forEach((frame, position) => {
      if (!isRecord(frame) || !isRecord(frame.data) || typeof frame.data.sourcemap !== "string" || typeof frame.context_line === "string") return;
      found.push({ container: "exception", index, frame: position, diagnosis: { code: "no_sources_content", mapUrl: frame.data.sourcemap, source: typeof frame.abs_path === "string" ? frame.abs_path : "?", release, dist } });
    });
  });
  return found;
}
