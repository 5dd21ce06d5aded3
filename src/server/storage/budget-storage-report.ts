import { authorize, type AccessContext } from "../access/authorize";
import { measureTables } from "./budget-database-size";
import { readDiskBudgetStatus } from "./budget-status";
import type { StorageReport } from "@/lib/views/storage";
export type { ProjectStorage, StorageReport } from "@/lib/views/storage";

/** Walking every page (SQLite's dbstat) costs about a second per gigabyte: one report per minute per process. */
const reportLifetimeMs = 60_000;
const cache = new WeakMap<object, { at: number; report: StorageReport }>();

/**
 * The database's size by table and by project, for owners and admins (instance-wide: every project). Per
 * project it is an estimate, said so on the page: events have no stored size of their own, so each project
 * gets the events table's bytes in proportion to its number of events (counted on events_project_timestamp),
 * plus the bytes of its attachments (each has its size).
 */
export async function readStorageReport(context: AccessContext, now = Date.now()): Promise<StorageReport> {
  authorize(context, "storage.read");
  const { db, config } = context;
  const cached = cache.get(db);
  if (cached && now - cached.at < reportLifetimeMs) return cached.report;
  const tables = await measureTables(db);
  const eventsBytes = tables.find((table) => table.table === "events")?.bytes ?? 0;
  const [projects, eventCounts, attachmentBytes] = await Promise.all([
    db.selectFrom("projects").select(["id", "name"]).orderBy("name").execute(),
    db.selectFrom("events").select((eb) => ["project_id", eb.fn.countAll<number>().as("n")]).groupBy("project_id").execute(),
    db.selectFrom("attachments").select((eb) => ["project_id", eb.fn.sum<number>("size").as("bytes")]).groupBy("project_id").execute(),
  ]);
  const totalEvents = eventCounts.reduce((sum, row) => sum + Number(row.n), 0);
  const report: StorageReport = {
    totalBytes: tables.reduce((sum, table) => sum + table.bytes, 0),
    tables,
    projects: projects
      .map((project) => {
        const events = Number(eventCounts.find((row) => row.project_id === project.id)?.n ?? 0);
        const attachments = Number(attachmentBytes.find((row) => row.project_id === project.id)?.bytes ?? 0);
        return { projectId: project.id, name: project.name, events, bytes: Math.round(totalEvents === 0 ? 0 : (eventsBytes * events) / totalEvents) + attachments };
      })
      .sort((a, b) => b.bytes - a.bytes),
    budget: await readDiskBudgetStatus(db, config.storage.diskBudgetBytes, now),
    minFreeDiskBytes: config.storage.minFreeDiskBytes,
    measuredAt: now,
  };
  cache.set(db, { at: now, report });
  return report;
}
