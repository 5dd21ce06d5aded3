import type { MonitorSchedule } from "./monitor-schedule";

export interface MonitorSnippet {
  id: "node" | "cli" | "http";
  label: string;
  code: string;
}

interface MonitorSnippetInput {
  dsn: string;
  /** Lantern's address, for the HTTP check-in URL. */
  publicUrl: string;
  projectId: number;
  publicKey: string;
  /** A monitor's slug ([a-z0-9_-]), or a placeholder before one exists. */
  slug: string;
  schedule: MonitorSchedule;
  checkinMargin: number | null;
  maxRuntime: number | null;
}

/** Sentry's HTTP check-in endpoint for a monitor: GET or POST with `?status=in_progress|ok|error`. */
export function checkInUrl(publicUrl: string, projectId: number, slug: string, publicKey: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/api/${projectId}/cron/${encodeURIComponent(slug)}/${encodeURIComponent(publicKey)}/`;
}

/**
 * How a job checks in, three ways: the Node SDK's withMonitor (which also creates the monitor from its
 * config), `sentry-cli monitors run` around a command, and plain HTTP from any shell.
 */
export function monitorSnippets(input: MonitorSnippetInput): MonitorSnippet[] {
  const { schedule } = input;
  const scheduleJs = schedule.type === "crontab" ? `{ type: "crontab", value: ${JSON.stringify(schedule.crontab)} }` : `{ type: "interval", value: ${schedule.value}, unit: ${JSON.stringify(schedule.unit)} }`;
  const timezone = schedule.type === "crontab" ? schedule.timezone : "UTC";
  const node = [
    'import * as Sentry from "@sentry/node";',
    "",
    `Sentry.init({ dsn: ${JSON.stringify(input.dsn)} });`,
    "",
    `await Sentry.withMonitor(${JSON.stringify(input.slug)}, async () => {`,
    "  // the job",
    "}, {",
    `  schedule: ${scheduleJs},`,
    `  checkinMargin: ${input.checkinMargin ?? 1},`,
    `  maxRuntime: ${input.maxRuntime ?? 30},`,
    `  timezone: ${JSON.stringify(timezone)},`,
    "});",
  ].join("\n");
  // sentry-cli takes a crontab schedule only; an interval monitor is made here first, then named by its slug.
  const cliSchedule = schedule.type === "crontab" ? ` --schedule '${schedule.crontab}'${timezone !== "UTC" ? ` --timezone '${timezone}'` : ""}` : "";
  const cli = `SENTRY_DSN='${input.dsn}' sentry-cli monitors run${cliSchedule} ${input.slug} -- ./job.sh`;
  const url = checkInUrl(input.publicUrl, input.projectId, input.slug, input.publicKey);
  const http = [`# when the job starts (optional: lets Lantern notice one that never ends)`, `curl '${url}?status=in_progress'`, `# when it ends: status=ok, or status=error`, `curl '${url}?status=ok'`].join("\n");
  return [
    { id: "node", label: "Node (Sentry.withMonitor)", code: node },
    { id: "cli", label: "sentry-cli monitors run", code: cli },
    { id: "http", label: "HTTP check-in", code: http },
  ];
}
