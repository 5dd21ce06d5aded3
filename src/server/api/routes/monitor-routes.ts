import { AppError } from "../../errors";
import { createMonitor } from "../../monitors/create-monitor";
import { deleteMonitor } from "../../monitors/delete-monitor";
import { getMonitor } from "../../monitors/get-monitor";
import { getMonitorStats } from "../../monitors/get-monitor-stats";
import { listMonitorCheckIns } from "../../monitors/list-monitor-check-ins";
import { listMonitors } from "../../monitors/list-monitors";
import { monitorChangesFromApi } from "../../monitors/monitor-input";
import { updateMonitor } from "../../monitors/update-monitor";
import type { MonitorRef } from "../../monitors/find-monitor";
import type { AccessContext } from "../../access/authorize";
import { serializeCheckIn, serializeStatsBucket } from "../monitors/serialize-check-in";
import { serializeMonitor } from "../monitors/serialize-monitor";
import { apiRoute } from "../handle-api-request";
import { requireOrganization } from "../organization";
import { formatCursor, keysetPage, linkHeader, parseCursor, parseLimit } from "../pagination";
import { authorizeProjectRef } from "../projects/authorize-project-ref";
import { readJsonBody } from "../read-json-body";

type OrganizationParams = { organizationSlug: string };
/** `/organizations/{org}/monitors/{id_or_slug}/` names no project; `/projects/{org}/{project}/monitors/{slug}/` does. */
type MonitorParams = OrganizationParams & { projectSlug?: string; monitorSlug: string };

const hourMs = 3_600_000;
const maxPeriodMs = 90 * 24 * hourMs;
const unitMs: Record<string, number> = { s: 1_000, m: 60_000, h: hourMs, d: 24 * hourMs, w: 7 * 24 * hourMs };

/** "3600", "3600s", "1h", "14d": a span of time; null when absent. */
function durationParam(searchParams: URLSearchParams, name: string): number | null {
  const text = searchParams.get(name);
  if (text === null || text === "") return null;
  const match = /^(\d{1,7})([smhdw]?)$/.exec(text.trim());
  if (!match) throw new AppError("bad_request", `${name} is a number of seconds or a number and s, m, h, d or w (1h, 14d).`);
  return Number(match[1]) * unitMs[match[2] || "s"]!;
}

/** An epoch-seconds (or ISO date) parameter in ms; null when absent. */
function timeParam(searchParams: URLSearchParams, name: string): number | null {
  const text = searchParams.get(name);
  if (text === null || text === "") return null;
  if (/^\d{1,12}(\.\d+)?$/.test(text)) return Math.floor(Number(text) * 1000);
  const parsed = Date.parse(text.slice(0, 40));
  if (Number.isNaN(parsed)) throw new AppError("bad_request", `${name} is epoch seconds or an ISO 8601 date.`);
  return parsed;
}

/** The window from `statsPeriod` or `start`/`end` (or `since`/`until`), `fallbackMs` back from now by default. */
function windowOf(searchParams: URLSearchParams, fallbackMs: number): { since: number; until: number } {
  const now = Date.now();
  const until = timeParam(searchParams, "until") ?? timeParam(searchParams, "end") ?? now;
  const period = durationParam(searchParams, "statsPeriod");
  const since = timeParam(searchParams, "since") ?? timeParam(searchParams, "start") ?? until - Math.min(period ?? fallbackMs, maxPeriodMs);
  if (since >= until) throw new AppError("bad_request", "The window's start must be before its end.");
  return { since, until };
}

function refOf(context: AccessContext, params: MonitorParams): MonitorRef {
  requireOrganization(context.config, params.organizationSlug);
  return { projectSlug: params.projectSlug, monitor: params.monitorSlug };
}

/** Resolves `{project_id_or_slug}` to the slug the verbs take (a hidden project is a 404 either way). */
async function withProjectSlug(context: AccessContext, ref: MonitorRef): Promise<MonitorRef> {
  if (ref.projectSlug === undefined) return ref;
  const { project } = await authorizeProjectRef(context, "monitor.list", ref.projectSlug);
  return { ...ref, projectSlug: project.slug };
}

/** GET /organizations/{org}/monitors/ — every monitor the caller sees (`project` ids, `query`), in id order. */
export const listMonitorsRoute = apiRoute<OrganizationParams>(async ({ context, params, url }) => {
  requireOrganization(context.config, params.organizationSlug);
  const search = url.searchParams;
  const limit = parseLimit(search, 100);
  const cursorText = search.get("cursor");
  const cursor = cursorText ? parseCursor(cursorText) : null;
  const projectIds = search.getAll("project").filter((value) => value !== "" && value !== "-1");
  if (projectIds.some((value) => !/^\d{1,15}$/.test(value))) throw new AppError("bad_request", "project is a project id (or -1 for all).");
  const projectSlug = search.get("projectSlug") ?? undefined;
  const monitors = await listMonitors(context, {
    projectSlug: projectSlug === undefined ? undefined : (await authorizeProjectRef(context, "monitor.list", projectSlug)).project.slug,
    projectIds: projectIds.length > 0 ? projectIds.map(Number) : undefined,
    query: search.get("query") ?? "",
    afterId: cursor && !cursor.isPrevious ? cursor.id : undefined,
    limit: limit + 1,
  });
  const environment = search.get("environment");
  const page = monitors.slice(0, limit);
  const last = page.at(-1);
  const links = {
    previous: { cursor: formatCursor({ value: 0, id: 0, isPrevious: true }), hasResults: false },
    next: { cursor: formatCursor({ value: last?.id ?? cursor?.id ?? 0, id: last?.id ?? cursor?.id ?? 0, isPrevious: false }), hasResults: monitors.length > limit },
  };
  const body = page.map((monitor) => serializeMonitor(environment ? { ...monitor, environments: monitor.environments.filter((env) => env.name === environment) } : monitor));
  return { body, headers: { Link: linkHeader(url, context.config.publicUrl, links) } };
});

/** POST /organizations/{org}/monitors/ — a new monitor in the body's `project` (a slug or id); Sentry answers 201. */
export const createMonitorRoute = apiRoute<OrganizationParams>(async ({ request, context, params }) => {
  requireOrganization(context.config, params.organizationSlug);
  const body = await readJsonBody(request);
  const projectRef = typeof body === "object" && body !== null ? (body as Record<string, unknown>).project : undefined;
  if (typeof projectRef !== "string" && typeof projectRef !== "number") throw new AppError("bad_request", "project: the project's slug or id is required");
  const changes = monitorChangesFromApi(body);
  const { project } = await authorizeProjectRef(context, "monitor.write", String(projectRef).slice(0, 100));
  const monitor = await createMonitor(context, { projectSlug: project.slug, changes, naming: "api" });
  return { status: 201, body: serializeMonitor(monitor) };
});

/** GET …/monitors/{id_or_slug}/ */
export const monitorRoute = apiRoute<MonitorParams>(async ({ context, params }) => {
  const monitor = await getMonitor(context, await withProjectSlug(context, refOf(context, params)));
  return { body: serializeMonitor(monitor) };
});

/** PUT …/monitors/{id_or_slug}/ — changes the fields the body names (config's fields one by one). */
export const updateMonitorRoute = apiRoute<MonitorParams>(async ({ request, context, params }) => {
  const ref = await withProjectSlug(context, refOf(context, params));
  const changes = monitorChangesFromApi(await readJsonBody(request));
  const monitor = await updateMonitor(context, { ...ref, changes, naming: "api" });
  return { body: serializeMonitor(monitor) };
});

/** DELETE …/monitors/{id_or_slug}/ — 202, as Sentry answers (its deletion is queued; Lantern's is done). */
export const deleteMonitorRoute = apiRoute<MonitorParams>(async ({ context, params }) => {
  await deleteMonitor(context, await withProjectSlug(context, refOf(context, params)));
  return { status: 202, body: null };
});

/** GET …/monitors/{id_or_slug}/checkins/ — newest first, paged by `cursor` (`environment`, `statsPeriod` or `start`/`end`). */
export const monitorCheckInsRoute = apiRoute<MonitorParams>(async ({ context, params, url }) => {
  const search = url.searchParams;
  const ref = await withProjectSlug(context, refOf(context, params));
  const limit = parseLimit(search, 50);
  const cursorText = search.get("cursor");
  const cursor = cursorText ? parseCursor(cursorText) : null;
  const hasWindow = ["statsPeriod", "start", "end", "since", "until"].some((name) => search.has(name));
  const window = hasWindow ? windowOf(search, 24 * hourMs) : {};
  const environment = search.get("environment") ?? undefined;
  const { monitor, fetched } = await listMonitorCheckIns(context, { ...ref, environment: environment || undefined, ...window, cursor, limit });
  const page = keysetPage(fetched, limit, cursor, (checkIn) => checkIn.dateAdded);
  return { body: page.rows.map((checkIn) => serializeCheckIn(checkIn, monitor)), headers: { Link: linkHeader(url, context.config.publicUrl, page) } };
});

/** GET …/monitors/{id_or_slug}/stats/ — buckets of `resolution` (default 1h) from `since` to `until` (epoch seconds; default the last 24 h). */
export const monitorStatsRoute = apiRoute<MonitorParams>(async ({ context, params, url }) => {
  const search = url.searchParams;
  const ref = await withProjectSlug(context, refOf(context, params));
  const { since, until } = windowOf(search, 24 * hourMs);
  const resolution = durationParam(search, "resolution") ?? hourMs;
  const environment = search.get("environment") ?? undefined;
  const { buckets } = await getMonitorStats(context, { ...ref, since, until, resolution, environment: environment || undefined });
  return { body: buckets.map(serializeStatsBucket) };
});
