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
}

export interface Database {
  projects: ProjectsTable;
  project_keys: ProjectKeysTable;
  intake: IntakeTable;
}

export type Project = Selectable<ProjectsTable>;
export type ProjectKey = Selectable<ProjectKeysTable>;
export type NewIntakeRow = Insertable<IntakeTable>;
export type IntakeRow = Selectable<IntakeTable>;
