import { authorizeProjectId, type AccessContext } from "../access/authorize";
import { AppError } from "../errors";
import { scrubEnvelopeBody } from "../digest/scrub-envelope";
import { loadDigestConfigs } from "../projects/load-digest-configs";
import { selectIntakeWithBodies } from "./intake-writer";

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

/** One received envelope of a project — the newest when no id is given. */
export async function getReceivedEnvelope(context: AccessContext, projectId: number, id?: number): Promise<ReceivedEnvelopeDetail | null> {
  await authorizeProjectId(context, "received.read", projectId);
  const { db } = context;
  let query = selectIntakeWithBodies(db)
    .select(["intake.id", "intake.received_at", "intake.item_types", "intake.summary", "intake.digested_at", "intake.digest_error", "intake_bodies.body"])
    .where("intake.project_id", "=", projectId);
  query = id === undefined ? query.orderBy("intake.id", "desc").limit(1) : query.where("intake.id", "=", id);
  const row = await query.executeTakeFirst();
  if (!row) {
    if (id === undefined) return null;
    throw new AppError("not_found", `Envelope ${id} was not received by this project.`);
  }
  const [previous, next] = await Promise.all([
    db.selectFrom("intake").select("id").where("project_id", "=", projectId).where("id", "<", row.id).orderBy("id", "desc").limit(1).executeTakeFirst(),
    db.selectFrom("intake").select("id").where("project_id", "=", projectId).where("id", ">", row.id).orderBy("id", "asc").limit(1).executeTakeFirst(),
  ]);
  // Digest rewrites an envelope that held secrets; until it has (a backlog, a failure), show it as digest will keep it.
  const isRewritten = row.digested_at !== null && row.digest_error === null;
  const body = Buffer.from(isRewritten ? row.body : scrubEnvelopeBody(row.body, (await loadDigestConfigs(db, [projectId]))(projectId).scrubbing));
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
