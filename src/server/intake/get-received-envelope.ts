import { authorizeProjectId, type AccessContext } from "../access/authorize";
import { AppError } from "../errors";
import { scrubEnvelopeBody } from "../digest/scrub-envelope";
import { loadDigestConfigs } from "../projects/load-digest-configs";
import { selectIntakeWithBodies } from "./intake-writer";
import { decodeRawBody } from "./raw-body";
import { isWithinRawWindow } from "./raw-window";

export interface ReceivedEnvelopeDetail {
  id: number;
  receivedAt: number;
  itemTypes: string[];
  summary: string | null;
  /** The envelope as text (bodies are UTF-8 JSON apart from binary attachments). */
  text: string;
  previousId: number | null;
  nextId: number | null;
}

const maxShownBytes = 256 * 1024;

/**
 * One received envelope of a project — the newest when no id is given — while it is within the raw-envelope
 * window (LANTERN_RAW_RETENTION_HOURS); after that it is not found, as once housekeeping has deleted it.
 */
export async function getReceivedEnvelope(context: AccessContext, projectId: number, id?: number): Promise<ReceivedEnvelopeDetail | null> {
  await authorizeProjectId(context, "received.read", projectId);
  const { db } = context;
  const now = Date.now();
  const shown = (eb: Parameters<typeof isWithinRawWindow>[0]) => isWithinRawWindow(eb, context.config.retention.rawHours, now);
  let query = selectIntakeWithBodies(db)
    .select(["intake.id", "intake.received_at", "intake.item_types", "intake.summary", "intake.body_bytes", "intake_bodies.body", "intake_bodies.encoding"])
    .where("intake.project_id", "=", projectId)
    .where(shown);
  query = id === undefined ? query.orderBy("intake.id", "desc").limit(1) : query.where("intake.id", "=", id);
  const row = await query.executeTakeFirst();
  if (!row) {
    if (id === undefined) return null;
    throw new AppError("not_found", `Envelope ${id} was not received by this project.`);
  }
  const [previous, next] = await Promise.all([
    db.selectFrom("intake").select("id").where("project_id", "=", projectId).where("id", "<", row.id).where(shown).orderBy("id", "desc").limit(1).executeTakeFirst(),
    db.selectFrom("intake").select("id").where("project_id", "=", projectId).where("id", ">", row.id).where(shown).orderBy("id", "asc").limit(1).executeTakeFirst(),
  ]);
  // Scrubbed here every time, under the project's settings of now: digest rewrites an envelope that held
  // secrets, but only once it has run (not during a backlog or after a failure), and under the settings it had.
  const body = Buffer.from(scrubEnvelopeBody(readBody(row), (await loadDigestConfigs(db, [projectId]))(projectId).scrubbing));
  const text = body.subarray(0, maxShownBytes).toString("utf8") + (body.length > maxShownBytes ? `\n… ${body.length - maxShownBytes} more bytes` : "");
  return {
    id: row.id,
    receivedAt: row.received_at,
    itemTypes: row.item_types.split(","),
    summary: row.summary,
    text,
    previousId: previous?.id ?? null,
    nextId: next?.id ?? null,
  };
}

/** A body that cannot be decoded (damaged, or of an encoding this version does not know) is said so, never shown raw. */
function readBody(row: Parameters<typeof decodeRawBody>[0]): Uint8Array {
  try {
    return decodeRawBody(row);
  } catch (error) {
    return new TextEncoder().encode(`(${(error as Error).message})`);
  }
}
