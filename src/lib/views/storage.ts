/** What src/server/storage hands to pages and components, as plain data (the verbs that produce it re-export it). */

export interface RecordedBudgetPrune {
  at: number;
  budgetBytes: number;
  bytesBefore: number;
  bytesAfter: number;
  deleted: number;
}

export interface DiskBudgetStatus {
  budgetBytes: number;
  bytes: number;
  isOverBudget: boolean;
  /** The last time housekeeping pruned for the budget (kept in instance_settings, so every instance sees it). */
  lastPrune: RecordedBudgetPrune | null;
  /** Housekeeping deleted events for the budget within the last hour. */
  prunedRecently: boolean;
}

export interface TableSize {
  table: string;
  /** Bytes in use: its rows and indexes, without the free space deletion left in its files. */
  bytes: number;
}

export interface ProjectStorage {
  projectId: number;
  name: string;
  events: number;
  /** The project's share of the events table (by its number of events) plus its attachments' bytes. */
  bytes: number;
}

export interface StorageReport {
  totalBytes: number;
  tables: TableSize[];
  projects: ProjectStorage[];
  budget: DiskBudgetStatus | null;
  minFreeDiskBytes: number;
  measuredAt: number;
}
