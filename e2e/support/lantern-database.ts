import { createDatabase, type LanternDatabase } from "../../src/server/db/create-database";
import { listReceivedEnvelopes, type ReceivedEnvelope } from "../../src/server/intake/list-received-envelopes";
import { e2eDatabasePath } from "./server";
import { systemContext } from "../../src/server/access/system-context";
import { loadConfig } from "../../src/server/config";
import { selectIntakeWithBodies } from "../../src/server/intake/intake-writer";
import { decodeRawBody } from "../../src/server/intake/raw-body";

/** Reads what the running server stored, through Lantern's own verbs, on a second connection. */
export function openLanternDatabase(): LanternDatabase {
  return createDatabase({ dialect: "sqlite", path: e2eDatabasePath });
}

export async function internalProjectId(database: LanternDatabase): Promise<number> {
  const row = await database.db.selectFrom("projects").select("id").where("is_internal", "=", 1).executeTakeFirstOrThrow();
  return row.id;
}

export async function receivedBodies(database: LanternDatabase, projectId: number, sinceId = 0): Promise<{ envelope: ReceivedEnvelope; body: string }[]> {
  const envelopes = (await listReceivedEnvelopes(systemContext(database, loadConfig({ LANTERN_SELF_MONITORING: "false" })), projectId, { limit: 500 })).filter((envelope) => envelope.id > sinceId);
  const bodies = await selectIntakeWithBodies(database.db).select(["id", "body", "encoding", "body_bytes"]).where("id", "in", envelopes.length ? envelopes.map((e) => e.id) : [-1]).execute();
  const byId = new Map(bodies.map((row) => [row.id, Buffer.from(decodeRawBody(row)).toString("utf8")]));
  return envelopes.map((envelope) => ({ envelope, body: byId.get(envelope.id) ?? "" }));
}

export async function latestIntakeId(database: LanternDatabase): Promise<number> {
  const row = await database.db.selectFrom("intake").select((eb) => eb.fn.max("id").as("id")).executeTakeFirst();
  return Number(row?.id ?? 0);
}
