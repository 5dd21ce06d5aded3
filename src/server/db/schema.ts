import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

/**
 * Row types of every table. Times are epoch milliseconds (bigint in PostgreSQL, integer in SQLite);
 * flags are 0/1 integers so that both dialects read the same values.
 */
type EpochMs = ColumnType<number, number, number>;

export interface ProjectsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  platform: string;
  is_internal: ColumnType<number, number | undefined, number>;
  created_at: EpochMs;
}

export interface ProjectKeysTable {
  id: Generated<number>;
  project_id: number;
  public_key: string;
  label: string;
  is_active: ColumnType<number, number | undefined, number>;
  created_at: EpochMs;
  /** At most this many envelopes per window (null: no per-key limit). */
  rate_limit_count: ColumnType<number | null, number | null | undefined, number | null>;
  rate_limit_window_seconds: ColumnType<number | null, number | null | undefined, number | null>;
}

/**
 * Raw envelopes, committed before ingest answers 200; digest (a later issue) reads them from here.
 * The columns the received-envelopes list needs are extracted at ingest so it never parses bodies.
 */
export interface IntakeTable {
  id: Generated<number>;
  project_id: number;
  received_at: EpochMs;
  event_id: string | null;
  item_types: string;
  summary: string | null;
  sdk_name: string | null;
  body_bytes: number;
  body: Uint8Array;
  /** Null while the envelope waits for digest. */
  digested_at: ColumnType<number | null, number | null | undefined, number | null>;
  digest_error: ColumnType<string | null, string | null | undefined, string | null>;
  /** The SDK's address, for `user.ip_address: "{{auto}}"`. */
  client_ip: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface EventsTable {
  id: Generated<number>;
  project_id: number;
  event_id: string;
  intake_id: number;
  type: string;
  timestamp: EpochMs;
  received_at: EpochMs;
  level: string;
  platform: string;
  title: string;
  release: string | null;
  environment: string | null;
  user_key: string | null;
  /** The normalized event as deflated JSON. */
  payload: Uint8Array;
}

export interface AttachmentsTable {
  id: Generated<number>;
  project_id: number;
  event_id: string;
  intake_id: number;
  filename: string;
  content_type: string | null;
  attachment_type: string;
  size: number;
  body: Uint8Array;
}

export interface StoredItemsTable {
  id: Generated<number>;
  project_id: number;
  intake_id: number;
  item_index: number;
  type: string;
  event_id: string | null;
  received_at: EpochMs;
  payload: Uint8Array;
}

export interface SessionCountsTable {
  project_id: number;
  release: string;
  environment: string;
  hour: EpochMs;
  status: string;
  quantity: number;
}

export interface OutcomesTable {
  project_id: number;
  hour: EpochMs;
  outcome: string;
  reason: string;
  category: string;
  quantity: number;
}

export interface Database {
  projects: ProjectsTable;
  project_keys: ProjectKeysTable;
  intake: IntakeTable;
  events: EventsTable;
  attachments: AttachmentsTable;
  stored_items: StoredItemsTable;
  session_counts: SessionCountsTable;
  outcomes: OutcomesTable;
}

export type Project = Selectable<ProjectsTable>;
export type ProjectKey = Selectable<ProjectKeysTable>;
export type NewIntakeRow = Insertable<IntakeTable>;
export type IntakeRow = Selectable<IntakeTable>;
