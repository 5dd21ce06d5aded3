import { AppError } from "../../errors";
import { parseWindow } from "../../spans/parse-span-search";
import { createUptimeMonitor } from "../../uptime/create-uptime-monitor";
import { deleteUptimeMonitor } from "../../uptime/delete-uptime-monitor";
import { getUptimeMonitor } from "../../uptime/get-uptime-monitor";
import { listUptimeChecks } from "../../uptime/list-uptime-checks";
import { listUptimeMonitors } from "../../uptime/list-uptime-monitors";
import { updateUptimeMonitor } from "../../uptime/update-uptime-monitor";
import { apiRoute } from "../handle-api-request";
import { requireOrganization } from "../organization";
import { linkHeader, parseLimit, singlePageLinks } from "../pagination";
import { readJsonBody } from "../read-json-body";
import { serializeUptimeCheck, serializeUptimeMonitor } from "../uptime/serialize-uptime";

type ProjectParams = { organizationSlug: string; projectSlug: string };
type MonitorParams = ProjectParams & { uptimeId: string };

function monitorIdOf(text: string): number {
  if (!/^\d{1,15}$/.test(text)) throw new AppError("not_found", `No uptime monitor has id "${text.slice(0, 40)}".`);
  return Number(text);
}

async function monitorBody(request: Request): Promise<Record<string, unknown>> {
  const body = await readJsonBody(request);
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new AppError("bad_request", "Send the monitor as a JSON object.");
  return body as Record<string, unknown>;
}

/** GET /api/0/organizations/{org}/uptime/: the monitors of the projects one sees (`project` ids, `environment`). */
export const organizationUptimeRoute = apiRoute<{ organizationSlug: string }>(async ({ context, params, url }) => {
  requireOrganization(context.config, params.organizationSlug);
  const projects = url.searchParams.getAll("project").filter((value) => value !== "" && value !== "-1");
  if (projects.some((value) => !/^\d{1,15}$/.test(value))) throw new AppError("bad_request", "project takes numeric project ids.");
  const environment = url.searchParams.get("environment") ?? undefined;
  const monitors = await listUptimeMonitors(context, {
    ...(projects.length > 0 ? { projectIds: projects.map(Number) } : {}),
    ...(environment ? { environment } : {}),
    limit: parseLimit(url.searchParams, 100),
  });
  return { body: monitors.map(serializeUptimeMonitor), headers: { Link: linkHeader(url, context.config.publicUrl, singlePageLinks) } };
});

/** POST /api/0/projects/{org}/{project}/uptime/: a new monitor (201). */
export const createUptimeRoute = apiRoute<ProjectParams>(async ({ request, context, params }) => {
  requireOrganization(context.config, params.organizationSlug);
  const monitor = await createUptimeMonitor(context, { projectSlug: params.projectSlug, monitor: await monitorBody(request) });
  return { body: serializeUptimeMonitor(monitor), status: 201 };
});

/** GET /api/0/projects/{org}/{project}/uptime/{id}/ */
export const uptimeRoute = apiRoute<MonitorParams>(async ({ context, params }) => {
  requireOrganization(context.config, params.organizationSlug);
  return { body: serializeUptimeMonitor(await getUptimeMonitor(context, { projectSlug: params.projectSlug, monitorId: monitorIdOf(params.uptimeId) })) };
});

/** PUT /api/0/projects/{org}/{project}/uptime/{id}/: changes the fields sent; the others stay. */
export const updateUptimeRoute = apiRoute<MonitorParams>(async ({ request, context, params }) => {
  requireOrganization(context.config, params.organizationSlug);
  const monitor = await updateUptimeMonitor(context, { projectSlug: params.projectSlug, monitorId: monitorIdOf(params.uptimeId), monitor: await monitorBody(request) });
  return { body: serializeUptimeMonitor(monitor) };
});

/** DELETE /api/0/projects/{org}/{project}/uptime/{id}/ (204). */
export const deleteUptimeRoute = apiRoute<MonitorParams>(async ({ context, params }) => {
  requireOrganization(context.config, params.organizationSlug);
  await deleteUptimeMonitor(context, { projectSlug: params.projectSlug, monitorId: monitorIdOf(params.uptimeId) });
  return { body: null, status: 204 };
});

/** GET /api/0/projects/{org}/{project}/uptime/{id}/checks/: checks newest first, `statsPeriod` (default 24h) or `start`+`end`. */
export const uptimeChecksRoute = apiRoute<MonitorParams>(async ({ context, params, url }) => {
  requireOrganization(context.config, params.organizationSlug);
  const monitorId = monitorIdOf(params.uptimeId);
  const search = new URLSearchParams(url.searchParams);
  if (!search.get("statsPeriod") && !search.get("start") && !search.get("end")) search.set("statsPeriod", "24h");
  const window = parseWindow(search, Date.now());
  const monitor = await getUptimeMonitor(context, { projectSlug: params.projectSlug, monitorId });
  const checks = await listUptimeChecks(context, { projectSlug: params.projectSlug, monitorId, since: Math.floor(window.startUs / 1000), until: Math.ceil(window.endUs / 1000), limit: parseLimit(url.searchParams, 100) });
  return { body: checks.map((check) => serializeUptimeCheck(check, monitor)), headers: { Link: linkHeader(url, context.config.publicUrl, singlePageLinks) } };
});
