import { z } from "zod";
import { codeSpan, table } from "@/lib/mcp-markdown";
import { authorizeProjectRef } from "../../api/projects/authorize-project-ref";
import { getMonitor } from "../../monitors/get-monitor";
import { listMonitorCheckIns } from "../../monitors/list-monitor-check-ins";
import { listMonitors } from "../../monitors/list-monitors";
import { AppError } from "../../errors";
import { getUptimeMonitorPage } from "../../uptime/get-uptime-monitor-page";
import { listUptimeMonitors } from "../../uptime/list-uptime-monitors";
import { defineTool } from "../mcp-tool";
import { checkOrganization, organizationSlug, pageUrl, periodMs, regionUrl } from "./arguments";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const findMonitors = defineTool({
  name: "find_monitors",
  title: "Find cron monitors",
  description: "List cron monitors: schedule, status per environment, last and next check-in.",
  input: {
    organizationSlug,
    regionUrl,
    projectSlug: z.string().max(100).nullable().default(null),
    environment: z.string().max(64).nullable().default(null),
    owner: z.string().max(200).nullable().default(null).describe("Accepted; Lantern's monitors have no owner filter."),
    query: z.string().max(200).nullable().default(null).describe("Text in the monitor's name or slug."),
    limit: z.number().int().positive().max(99).default(10),
  },
  isWrite: false,
  run: async (context, args) => {
    checkOrganization(context, args.organizationSlug);
    const projectSlug = args.projectSlug ? (await authorizeProjectRef(context, "monitor.list", args.projectSlug)).project.slug : undefined;
    const monitors = await listMonitors(context, { projectSlug, query: args.query ?? "", limit: args.limit + 1 });
    if (monitors.length === 0) return "# Cron monitors\n\nNo monitor matches.";
    const rows = monitors.slice(0, args.limit).flatMap((monitor) => {
      const environments = monitor.environments.filter((environment) => !args.environment || environment.name === args.environment);
      // A monitor made by hand has no environment until its first check-in: it is listed all the same.
      if (environments.length === 0) return args.environment ? [] : [[monitor.slug, monitor.projectSlug, monitor.scheduleText, null, { text: "no check-in yet" }, null, null]];
      return environments.map((environment) => [monitor.slug, monitor.projectSlug, monitor.scheduleText, environment.name, environment.status, iso(environment.lastCheckInAt), iso(environment.nextCheckInAt)]);
    });
    const more = monitors.length > args.limit ? "\n\nMore monitors match: narrow with projectSlug or query." : "";
    return ["# Cron monitors", "", table(["Slug", "Project", "Schedule", "Environment", "Status", "Last check-in", "Next expected"], rows), more].join("\n");
  },
});

export const getMonitorDetails = defineTool({
  name: "get_monitor_details",
  title: "Cron monitor details",
  description: "One cron monitor: its schedule and thresholds, status per environment, and recent check-ins with durations.",
  input: {
    organizationSlug,
    regionUrl,
    projectSlugOrId: z.string().max(100).nullable().default(null),
    monitorSlug: z.string().min(1).max(100),
    environment: z.string().max(64).nullable().default(null),
    period: z.string().regex(/^\d+[hdw]$/).nullable().default(null),
    start: z.string().max(40).nullable().default(null),
    end: z.string().max(40).nullable().default(null),
    checkInLimit: z.number().int().positive().max(50).default(10),
    includeStats: z.boolean().default(true),
    rollupSeconds: z.number().int().positive().nullable().default(null),
  },
  isWrite: false,
  run: async (context, args) => {
    checkOrganization(context, args.organizationSlug);
    const projectSlug = args.projectSlugOrId ? (await authorizeProjectRef(context, "monitor.list", args.projectSlugOrId)).project.slug : undefined;
    const ref = { projectSlug, monitor: args.monitorSlug };
    const monitor = await getMonitor(context, ref);
    const since = args.start ? Date.parse(args.start) : args.period ? Date.now() - periodMs(args.period) : undefined;
    const until = args.end ? Date.parse(args.end) : undefined;
    const { checkIns } = await listMonitorCheckIns(context, { ...ref, projectSlug: monitor.projectSlug, environment: args.environment ?? undefined, since, until, limit: args.checkInLimit });
    const lines = [
      `# Cron monitor ${codeSpan(monitor.slug)} (${codeSpan(monitor.name)})`,
      "",
      `- Project: ${codeSpan(monitor.projectSlug)}`,
      `- Schedule: ${codeSpan(monitor.scheduleText)} (${monitor.timezone}); margin ${monitor.checkinMargin ?? 1} min; max runtime ${monitor.maxRuntime ?? 30} min`,
      `- Status: ${monitor.status}${monitor.isMuted ? ", muted" : ""}; failure threshold ${monitor.failureIssueThreshold}, recovery threshold ${monitor.recoveryThreshold}`,
      `- Page: ${pageUrl(context, `/projects/${encodeURIComponent(monitor.projectSlug)}/crons/${encodeURIComponent(monitor.slug)}`)}`,
      "",
      "## Environments",
      "",
      table(["Environment", "Status", "Last check-in", "Next expected", "Failing since"], monitor.environments.map((environment) => [environment.name, environment.status, iso(environment.lastCheckInAt), iso(environment.nextCheckInAt), iso(environment.incidentStartedAt)])),
      "",
      "## Recent check-ins",
      "",
      checkIns.length === 0 ? "None in this period." : table(["Time", "Environment", "Status", "Duration"], checkIns.map((checkIn) => [iso(checkIn.dateAdded), checkIn.environment, checkIn.status, checkIn.durationMs === null ? null : { text: `${checkIn.durationMs} ms` }])),
    ];
    return lines.join("\n");
  },
});

export const findUptimeMonitors = defineTool({
  name: "find_uptime_monitors",
  title: "Find uptime monitors",
  description: "List HTTP uptime monitors: URL, interval, current state, last check and uptime over 24 hours.",
  input: {
    organizationSlug,
    regionUrl,
    projectSlug: z.string().max(100).optional(),
    environment: z.string().min(1).max(64).optional(),
    owner: z.string().min(1).max(200).optional().describe("Accepted; Lantern's monitors have no owner."),
    query: z.string().min(1).max(200).optional().describe("Text in the name or URL."),
    limit: z.number().int().positive().max(99).default(10),
  },
  isWrite: false,
  run: async (context, args) => {
    checkOrganization(context, args.organizationSlug);
    const projectIds = args.projectSlug ? [(await authorizeProjectRef(context, "uptime.list", args.projectSlug)).project.id] : undefined;
    const query = args.query?.toLowerCase();
    const monitors = (await listUptimeMonitors(context, { ...(projectIds ? { projectIds } : {}), ...(args.environment ? { environment: args.environment } : {}), limit: 100 })).filter(
      (monitor) => !query || monitor.name.toLowerCase().includes(query) || monitor.url.toLowerCase().includes(query),
    );
    if (monitors.length === 0) return "# Uptime monitors\n\nNo uptime monitor matches.";
    const rows = monitors.slice(0, args.limit).map((monitor) => [monitor.id, monitor.name, monitor.url, monitor.projectSlug, { text: monitor.status === "disabled" ? "disabled" : monitor.uptimeStatus === "ok" ? "up" : "**down**" }, { text: `${monitor.intervalSeconds} s` }, monitor.uptime24h === null ? null : { text: `${(monitor.uptime24h * 100).toFixed(2)} %` }]);
    return ["# Uptime monitors", "", table(["Id", "Name", "URL", "Project", "State", "Interval", "Uptime 24 h"], rows)].join("\n");
  },
});

const share = (value: number | null) => (value === null ? "no checks" : `${(value * 100).toFixed(2)} %`);

export const getUptimeMonitorDetails = defineTool({
  name: "get_uptime_monitor_details",
  title: "Uptime monitor details",
  description: "One uptime monitor: its target and settings, uptime over 24 h / 7 d / 30 d, recent checks with why each failure failed, and its downtime incidents.",
  input: {
    organizationSlug,
    regionUrl,
    projectSlug: z.string().max(100),
    uptimeMonitorId: z.string().min(1).max(20),
    period: z.string().regex(/^\d+[hdw]$/).optional(),
    start: z.string().max(40).optional(),
    end: z.string().max(40).optional(),
    checkLimit: z.number().int().positive().max(50).default(10),
  },
  isWrite: false,
  run: async (context, args) => {
    checkOrganization(context, args.organizationSlug);
    if (!/^\d{1,15}$/.test(args.uptimeMonitorId)) throw new AppError("bad_request", "uptimeMonitorId is the monitor's numeric id (find_uptime_monitors lists them).");
    const page = await getUptimeMonitorPage(context, { projectSlug: args.projectSlug, monitorId: Number(args.uptimeMonitorId) });
    const since = args.start ? Date.parse(args.start) : args.period ? Date.now() - periodMs(args.period) : null;
    const until = args.end ? Date.parse(args.end) : null;
    const checks = page.checks.filter((check) => (since === null || check.checkedAt >= since) && (until === null || check.checkedAt <= until)).slice(0, args.checkLimit);
    const { monitor } = page;
    return [
      `# Uptime monitor ${codeSpan(monitor.name)}`,
      "",
      `- Target: ${monitor.method} ${codeSpan(monitor.url)}, every ${monitor.intervalSeconds} s, timeout ${monitor.timeoutMs} ms, expects ${monitor.expectedStatusMin}–${monitor.expectedStatusMax}`,
      `- State: ${monitor.status === "disabled" ? "disabled" : monitor.uptimeStatus === "ok" ? "up" : "**down**"}; downtime after ${monitor.downtimeThreshold} failures, recovery after ${monitor.recoveryThreshold}`,
      `- Uptime: 24 h ${share(page.uptime.last24h)}, 7 d ${share(page.uptime.last7d)}, 30 d ${share(page.uptime.last30d)}`,
      `- Page: ${pageUrl(context, `/projects/${encodeURIComponent(monitor.projectSlug)}/uptime/${monitor.id}`)}`,
      "",
      "## Recent checks",
      "",
      checks.length === 0 ? "None in this period." : table(["Time", "Result", "Why", "HTTP status", "Duration"], checks.map((check) => [iso(check.checkedAt), check.status, check.reason, check.httpStatus, check.durationMs === null ? null : { text: `${check.durationMs} ms` }])),
      "",
      "## Incidents",
      "",
      page.incidents.length === 0 ? "No downtime in the last 90 days." : table(["Started", "Resolved", "Why", "Issue"], page.incidents.slice(0, 20).map((incident) => [iso(incident.startedAt), iso(incident.resolvedAt), incident.reason, incident.issueId])),
    ].join("\n");
  },
});
