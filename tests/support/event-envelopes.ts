import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Kysely } from "kysely";
import type { Database } from "@/server/db/schema";
import { parseEnvelope } from "@/server/ingest/parse-envelope";
import { serializeEnvelope } from "@/server/ingest/serialize-envelope";
import { storeEnvelope } from "./store-envelope";

export type EventPatch = (event: Record<string, unknown>) => void;

const utf8 = new TextDecoder();
const facts = { eventId: null, itemTypes: ["event"], summary: null, sdkName: null };

/**
 * A real captured envelope from tests/fixtures/envelopes (recorded from the SDKs) with its event changed
 * by `patch` and a fresh event id (unless the patch sets one): how storage tests vary releases, users,
 * times and messages without hand-writing events.
 */
export function envelopeFromFixture(name: string, patch: EventPatch = () => {}): Uint8Array {
  const envelope = parseEnvelope(new Uint8Array(readFileSync(new URL(`../fixtures/envelopes/${name}`, import.meta.url))));
  const eventId = randomUUID().replaceAll("-", "");
  const items = envelope.items
    .filter((item) => item.header.type === "event")
    .map((item) => {
      const event = JSON.parse(utf8.decode(item.payload)) as Record<string, unknown>;
      event.event_id = eventId;
      patch(event);
      return { header: { type: "event" }, payload: new TextEncoder().encode(JSON.stringify(event)) };
    });
  const header = { ...envelope.header, event_id: items.length > 0 ? (JSON.parse(utf8.decode(items[0]!.payload)) as { event_id: string }).event_id : eventId };
  delete (header as { sent_at?: unknown }).sent_at;
  return serializeEnvelope(header, items);
}

/** Commits a patched fixture event to the intake, as ingest would have. */
export function storeFixtureEvent(db: Kysely<Database>, projectId: number, name: string, patch?: EventPatch, receivedAt?: number): Promise<number> {
  return storeEnvelope(db, projectId, envelopeFromFixture(name, patch), facts, receivedAt);
}
