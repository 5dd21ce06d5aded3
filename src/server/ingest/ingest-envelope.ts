import type { LanternConfig } from "../config";
import type { LanternDatabase } from "../db/create-database";
import { AppError } from "../errors";
import { storeEnvelope } from "../intake/store-envelope";
import { findActiveKey } from "../projects/find-active-key";
import { extractAuth } from "./extract-auth";
import { parseEnvelope } from "./parse-envelope";
import { summarizeEnvelope } from "./summarize-envelope";

export interface IngestContext {
  database: LanternDatabase;
  config: LanternConfig;
}

export interface IngestResult {
  projectId: number;
  eventId: string | null;
  intakeId: number;
}

/**
 * POST /api/{projectId}/envelope/ after the body is read: authenticate, parse, commit to the intake.
 * `pathProjectId` is undefined for the /monitoring tunnel, where the envelope's DSN names the project.
 */
export async function ingestEnvelope(context: IngestContext, url: URL, headers: Headers, body: Uint8Array, pathProjectId?: string): Promise<IngestResult> {
  if (pathProjectId !== undefined && !/^\d+$/.test(pathProjectId)) throw new AppError("bad_request", `invalid project id "${pathProjectId}" in the URL`);
  const envelope = parseEnvelope(body);
  const auth = extractAuth(url, headers, envelope.header.dsn);
  const key = await findActiveKey(context.database.db, auth.publicKey);
  if (!key) throw new AppError("forbidden", "unknown or disabled public key");

  const projectId = pathProjectId === undefined ? auth.dsnProjectId : Number(pathProjectId);
  if (projectId === undefined) throw new AppError("bad_request", "the envelope header has no dsn naming a project");
  if (auth.dsnProjectId !== undefined && auth.dsnProjectId !== projectId) {
    throw new AppError("bad_request", `the envelope's dsn names project ${auth.dsnProjectId}, not project ${projectId}`);
  }
  if (key.projectId !== projectId) throw new AppError("bad_request", `the public key does not belong to project ${projectId}`);

  const summary = summarizeEnvelope(envelope);
  const intakeId = await storeEnvelope(context.database.db, projectId, body, summary);
  return { projectId, eventId: summary.eventId, intakeId };
}
