import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import type { LanternConfig } from "../config";
import { backupFileName, listBackups } from "./list-backups";

/** setTimeout's longest delay; a longer wait is taken in several. */
const longestTimerMs = 2 ** 31 - 1;
/** With no backup yet, the first comes this long after start (or an interval, if shorter). */
const firstBackupDelayMs = 60_000;

export interface BackupSchedule {
  stop(): void;
}

/**
 * Takes a backup every `intervalMs` into `directory` (named by time) and keeps the newest `keep`. The next
 * one is due an interval after the newest file there, so restarts do not put backups off. `runBackup` does
 * the copying — `lantern start` runs it as a child process, off its request path — and a failure is logged
 * and tried again at the next interval.
 */
export function scheduleBackups(
  settings: LanternConfig["backup"] & { directory: string },
  dialect: LanternConfig["database"]["dialect"],
  runBackup: (file: string) => Promise<void>,
  now: () => number = Date.now,
  /** Several instances: a backup falls due only on the one holding the "backups" lease; the others look again every `retryMs`. */
  lease?: { isHeld: () => boolean; retryMs: number },
): BackupSchedule {
  let timer: NodeJS.Timeout | undefined;
  let isStopped = false;

  const waitUntil = (dueAt: number) => {
    if (isStopped) return;
    const delay = Math.max(0, dueAt - now());
    timer = setTimeout(() => (delay > longestTimerMs ? waitUntil(dueAt) : void takeOne()), Math.min(delay, longestTimerMs));
    timer.unref();
  };

  const takeOne = async () => {
    if (lease && !lease.isHeld()) {
      // Read the directory again then: the holder may have taken one meanwhile (a directory they share).
      timer = setTimeout(planFromDirectory, lease.retryMs);
      timer.unref();
      return;
    }
    try {
      await mkdir(settings.directory, { recursive: true });
      await runBackup(join(settings.directory, backupFileName(now(), dialect)));
      await pruneBackups(settings.directory, settings.keep);
    } catch (error) {
      console.error(`lantern: scheduled backup failed: ${(error as Error).message}`);
    }
    waitUntil(now() + settings.intervalMs);
  };

  const planFromDirectory = () =>
    void listBackups(settings.directory).then(
      ([newest]) => waitUntil(newest ? newest.takenAt + settings.intervalMs : now() + Math.min(firstBackupDelayMs, settings.intervalMs)),
      (error: unknown) => {
        console.error(`lantern: cannot read the backup directory ${settings.directory}: ${(error as Error).message}`);
        waitUntil(now() + settings.intervalMs);
      },
    );
  planFromDirectory();

  return {
    stop: () => {
      isStopped = true;
      clearTimeout(timer);
    },
  };
}

/** Deletes all but the newest `keep` of Lantern's backups in `directory`. */
export async function pruneBackups(directory: string, keep: number): Promise<string[]> {
  const stale = (await listBackups(directory)).slice(keep).map((backup) => backup.file);
  for (const file of stale) await rm(file, { force: true });
  return stale;
}
