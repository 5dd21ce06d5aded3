import { readdir } from "node:fs/promises";
import { join } from "node:path";

export interface BackupFile {
  file: string;
  takenAt: number;
}

/** lantern-2026-11-25T18-30-00-000Z.db (SQLite) or .dump (pg_dump): sortable, and safe in any file system. */
const backupName = /^lantern-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.(db|dump)$/;

export function backupFileName(takenAt: number, dialect: "sqlite" | "postgres"): string {
  return `lantern-${new Date(takenAt).toISOString().replaceAll(":", "-").replace(".", "-")}.${dialect === "sqlite" ? "db" : "dump"}`;
}

/** The scheduled backups in `directory`, newest first; other files there are not Lantern's and are left alone. */
export async function listBackups(directory: string): Promise<BackupFile[]> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const backups: BackupFile[] = [];
  for (const name of names) {
    const match = backupName.exec(name);
    if (match) backups.push({ file: join(directory, name), takenAt: Date.parse(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`) });
  }
  return backups.sort((a, b) => b.takenAt - a.takenAt);
}
