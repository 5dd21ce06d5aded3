import { getConfig } from "../config";
import { getDatabase } from "../db/get-database";
import { buildDsn } from "../projects/build-dsn";
import { ensureInternalProject } from "../projects/ensure-internal-project";
import type { SelfMonitoringOptions } from "@/lib/views/monitoring";
export type { SelfMonitoringOptions } from "@/lib/views/monitoring";

const holder = globalThis as typeof globalThis & { lanternSelfMonitoring?: Promise<SelfMonitoringOptions | null> };

/**
 * The DSN Lantern's own SDKs use: the upstream DSN when one is configured, else the internal
 * project's key on this instance. Read once per process; null when self-monitoring is off.
 */
export function getSelfMonitoringOptions(): Promise<SelfMonitoringOptions | null> {
  holder.lanternSelfMonitoring ??= resolveOptions();
  return holder.lanternSelfMonitoring;
}

async function resolveOptions(): Promise<SelfMonitoringOptions | null> {
  const { selfMonitoring, publicUrl } = getConfig();
  if (!selfMonitoring.isEnabled) return null;
  const tracesSampleRate = selfMonitoring.tracesSampleRate;
  if (selfMonitoring.upstreamDsn) return { dsn: selfMonitoring.upstreamDsn, tracesSampleRate };
  const { db } = await getDatabase();
  const key = await ensureInternalProject(db);
  return { dsn: buildDsn(publicUrl, key.publicKey, key.projectId), tracesSampleRate };
}
