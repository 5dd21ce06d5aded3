import { notFound } from "next/navigation";
import { monitorSnippets, type MonitorSnippet } from "@/lib/monitor-snippets";
import type { MonitorSchedule } from "@/lib/monitor-schedule";
import type { MonitorCheckInView, MonitorIssueView, MonitorStatsBucket, MonitorView } from "@/lib/views/monitors";
import type { AccessContext } from "../access/authorize";
import { isAppError } from "../errors";
import { getMonitorStats } from "../monitors/get-monitor-stats";
import { listMonitorCheckIns } from "../monitors/list-monitor-check-ins";
import { listMonitorIssues } from "../monitors/list-monitor-issues";
import { listMonitors } from "../monitors/list-monitors";
import { getMonitor } from "../monitors/get-monitor";
import { buildDsn } from "../projects/build-dsn";
import { loadProjectPage } from "./load-project-page";

/** A verb's not_found (another team's project or monitor, a missing one) is the router's 404. */
async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") notFound();
    throw error;
  }
}

/** The timeline's windows: 48 half hours, or 42 four-hour buckets. */
export const timelinePeriods = { "24h": { label: "24 hours", span: 86_400_000, resolution: 1_800_000 }, "7d": { label: "7 days", span: 7 * 86_400_000, resolution: 4 * 3_600_000 } } as const;
export type TimelinePeriod = keyof typeof timelinePeriods;

const placeholderSchedule: MonitorSchedule = { type: "crontab", crontab: "0 2 * * *", timezone: "UTC" };

/** The setup snippets for a project's first active key, for `monitor` or a placeholder one; none without an active key. */
async function snippetsFor(context: AccessContext, projectSlug: string, monitor: MonitorView | null): Promise<MonitorSnippet[]> {
  const { project, keys } = await loadProjectPage(context, projectSlug, "monitor.list");
  const key = keys.find((candidate) => Boolean(candidate.is_active));
  if (!key) return [];
  return monitorSnippets({
    dsn: buildDsn(context.config.publicUrl, key.public_key, project.id),
    publicUrl: context.config.publicUrl,
    projectId: project.id,
    publicKey: key.public_key,
    slug: monitor?.slug ?? "nightly-backup",
    schedule: monitor?.schedule ?? placeholderSchedule,
    checkinMargin: monitor?.checkinMargin ?? null,
    maxRuntime: monitor?.maxRuntime ?? null,
  });
}

/** A project's Crons tab: its monitors, whether the viewer may change them, and set-up help while it has none. */
export async function loadProjectCronsPage(context: AccessContext, projectSlug: string) {
  const { project } = await loadProjectPage(context, projectSlug, "monitor.list");
  const monitors = await listMonitors(context, { projectSlug: project.slug, limit: 1000 });
  const snippets = monitors.length === 0 ? await snippetsFor(context, project.slug, null) : [];
  return { project, monitors, snippets, mayWrite: context.viewer.permissions.has("write"), now: Date.now() };
}

/** `/crons`: the monitors of every project the viewer sees. */
export async function loadCronsPage(context: AccessContext) {
  const monitors = await listMonitors(context, { limit: 1000 });
  return { monitors, mayWrite: context.viewer.permissions.has("write"), now: Date.now() };
}

export interface MonitorPageData {
  monitor: MonitorView;
  period: TimelinePeriod;
  resolution: number;
  /** Per environment, the window's buckets. */
  timelines: { environment: string; buckets: MonitorStatsBucket[] }[];
  checkIns: MonitorCheckInView[];
  issues: MonitorIssueView[];
  snippets: MonitorSnippet[];
  mayWrite: boolean;
  now: number;
}

/** A monitor's page: per environment its timeline over the period, the recent check-ins, the issues it opened. */
export async function loadMonitorPage(context: AccessContext, projectSlug: string, monitorSlug: string, period: TimelinePeriod): Promise<MonitorPageData> {
  const now = Date.now();
  const monitor = await orNotFound(getMonitor(context, { projectSlug, monitor: monitorSlug }));
  const { span, resolution } = timelinePeriods[period];
  const until = Math.ceil(now / resolution) * resolution;
  const timelines = await Promise.all(
    monitor.environments.map(async (environment) => ({
      environment: environment.name,
      buckets: (await getMonitorStats(context, { projectSlug, monitor: monitorSlug, since: until - span, until, resolution, environment: environment.name })).buckets,
    })),
  );
  const { checkIns } = await listMonitorCheckIns(context, { projectSlug, monitor: monitorSlug, limit: 50 });
  const { issues } = await listMonitorIssues(context, { projectSlug, monitor: monitorSlug });
  const snippets = checkIns.length === 0 ? await snippetsFor(context, projectSlug, monitor) : [];
  return { monitor, period, resolution, timelines, checkIns, issues, snippets, mayWrite: context.viewer.permissions.has("write"), now };
}

export { orNotFound as monitorOrNotFound };
