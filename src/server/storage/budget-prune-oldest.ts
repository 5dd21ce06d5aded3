import type { Kysely } from "kysely";
import type { LanternDatabase } from "../db/create-database";
import type { Database } from "../db/schema";
import { defaultPruneStepSize, deleteEvents, filterDeletable, readEventWindow, runPruneStep, walkStart, type EventCursor, type PruneOptions, type WindowEvent } from "../issues/prune-events";
import { measureDatabaseSize } from "./budget-database-size";
import { recordBudgetPrune } from "./budget-status";

/** Pruning for the budget stops once the database is back under this share of it, so it does not run again at once. */
export const budgetTargetShare = 0.9;

export interface BudgetPrune {
  budgetBytes: number;
  bytesBefore: number;
  bytesAfter: number;
  deleted: number;
  steps: number;
}

/** One project's walk through its events, oldest first, a window read ahead. */
interface ProjectWalk {
  projectId: number;
  cursor: EventCursor;
  ahead: WindowEvent[];
  isDone: boolean;
}

/**
 * The disk budget: when the database holds more than `budgetBytes`, deletes the oldest events of all
 * projects (oldest timestamp first) until it is under 90 % of it — never an issue's first or newest event,
 * and issue counters stay as they are, so counts, first and last seen survive. Each step deletes at most
 * `stepSize` events in its own write transaction (the write gate let go between), then measures again.
 * Stops early when only first and newest events are left. Returns null when under budget.
 */
export async function pruneToDiskBudget(database: LanternDatabase, budgetBytes: number | null, options: PruneOptions = {}): Promise<BudgetPrune | null> {
  if (budgetBytes === null) return null;
  const { db } = database;
  const bytesBefore = await measureDatabaseSize(db);
  if (bytesBefore <= budgetBytes) return null;
  const stepSize = options.stepSize ?? defaultPruneStepSize;
  const target = budgetBytes * budgetTargetShare;
  const projects = await db.selectFrom("projects").select("id").orderBy("id").execute();
  const walks: ProjectWalk[] = projects.map((project) => ({ projectId: project.id, cursor: walkStart, ahead: [], isDone: false }));
  let bytes = bytesBefore;
  let deleted = 0;
  let steps = 0;
  while (bytes > target) {
    // Read outside the write lock (the first step reads a window of every project); inside it, whether each
    // is still neither its issue's first nor its newest event is decided again before it is deleted.
    const oldest = await takeOldest(db, walks, stepSize);
    const step = await runPruneStep(database, "budget", options, async (trx) => {
      const deletable = await filterDeletable(trx, oldest.filter((event) => !event.is_protected));
      return { examined: oldest.length, deleted: await deleteEvents(trx, deletable) };
    });
    steps += 1;
    deleted += step.deleted;
    bytes = await measureDatabaseSize(db);
    if (step.examined === 0) break;
  }
  const result = { budgetBytes, bytesBefore, bytesAfter: bytes, deleted, steps };
  // Nothing deletable (only first and newest events left) leaves the last real prune on record.
  if (deleted > 0) await recordBudgetPrune(db, result);
  return result;
}

/** The `count` oldest events over all projects: a merge of the projects' walks, each refilled a window at a time. */
async function takeOldest(db: Kysely<Database>, walks: ProjectWalk[], count: number): Promise<WindowEvent[]> {
  const taken: WindowEvent[] = [];
  while (taken.length < count) {
    let oldest: ProjectWalk | undefined;
    for (const walk of walks) {
      if (walk.ahead.length === 0 && !walk.isDone) {
        walk.ahead = await readEventWindow(db, walk.projectId, walk.cursor, count);
        const last = walk.ahead.at(-1);
        if (last) walk.cursor = { timestamp: last.timestamp, id: last.id };
        walk.isDone = walk.ahead.length < count;
      }
      const head = walk.ahead[0];
      if (head && (!oldest || isOlder(head, oldest.ahead[0]!))) oldest = walk;
    }
    if (!oldest) break;
    taken.push(oldest.ahead.shift()!);
  }
  return taken;
}

function isOlder(a: WindowEvent, b: WindowEvent): boolean {
  return a.timestamp < b.timestamp || (a.timestamp === b.timestamp && a.id < b.id);
}
