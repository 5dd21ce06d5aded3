import type { FrameNote } from "@/lib/frame-diagnosis";
import type { JsonObject } from "@/lib/json-values";

/** What src/server/sourcemaps hands to pages and components, as plain data (the verbs that produce it re-export it). */

export interface ArtifactBundleSummary {
  id: number;
  /** The manifest's own debug ID, when it has one. */
  bundleId: string | null;
  release: string | null;
  dist: string | null;
  /** The distinct debug IDs of its files (at most `debugIdsShown`; `debugIdCount` says how many there are). */
  debugIds: string[];
  debugIdCount: number;
  fileCount: number;
  sizeBytes: number;
  uploadedBy: string | null;
  createdAt: number;
  lastUsedAt: number | null;
}

export interface StoredEventResolution {
  /** A copy of the payload with the frames today's bundles resolve; the stored event is not rewritten. */
  payload: JsonObject;
  /** Frames resolved now that were stored minified (the maps came after the event). */
  resolvedNow: number;
  /** By frameNoteKey: frames resolved now, and why the others stay minified. */
  notes: Record<string, FrameNote>;
}
