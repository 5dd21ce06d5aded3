import { mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * The capture switch (LANTERN_CAPTURE_DIR): every accepted envelope is also written to a file, which is
 * how tests/fixtures/envelopes/ grows. Best effort: a failed write never fails ingest.
 */
export function captureEnvelope(directory: string, body: Uint8Array, sdkName: string | null, eventId: string | null): void {
  const name = `${Date.now()}-${(sdkName ?? "unknown").replace(/[^\w.-]/g, "_")}-${eventId ?? "noid"}.envelope`;
  const path = join(directory, name);
  // Written aside and renamed, so whoever reads the folder never sees half a file.
  void mkdir(directory, { recursive: true })
    .then(() => writeFile(`${path}.partial`, body))
    .then(() => rename(`${path}.partial`, path))
    .catch((error: unknown) => console.error("lantern: could not capture envelope", error));
}
