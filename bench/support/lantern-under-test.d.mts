import type { ChildProcess } from "node:child_process";

export interface LanternUnderTest {
  directory: string;
  databasePath: string;
  logPath: string;
  origin: string;
  /** What `lantern project create` printed (its last line is the DSN). */
  dsn: string;
  server: ChildProcess;
  exit: { code: number | null; signal: NodeJS.Signals | null } | null;
  waitUntilServing(): Promise<void>;
  stop(options: { isPassed: boolean }): Promise<void>;
}

export function startLantern(options: { name: string; port: number }): LanternUnderTest;
