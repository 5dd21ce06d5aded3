import { notFound } from "next/navigation";
import type { AccessContext } from "../access/authorize";
import { permissionOf } from "../access/policy";
import { isAppError } from "../errors";
import { getUptimeMonitorPage } from "../uptime/get-uptime-monitor-page";
import { listUptimeMonitors } from "../uptime/list-uptime-monitors";
import { getStatusPageSettings } from "../uptime/status-page-settings";
import { loadProjectPage } from "./load-project-page";

/** Project → Uptime: the monitors, the status page's settings, and whether the viewer may change them. */
export async function loadUptimeListPage(context: AccessContext, projectSlug: string) {
  const { project } = await loadProjectPage(context, projectSlug, "uptime.list");
  const [monitors, statusPage] = await Promise.all([listUptimeMonitors(context, { projectSlug }), getStatusPageSettings(context, projectSlug)]);
  return { project, monitors, statusPage, mayChange: context.viewer.permissions.has(permissionOf("uptime.write")), now: Date.now() };
}

/** The new monitor form: only for those who may write (others get the 404 page). */
export async function loadNewUptimePage(context: AccessContext, projectSlug: string) {
  const { project } = await loadProjectPage(context, projectSlug, "uptime.list");
  if (!context.viewer.permissions.has(permissionOf("uptime.write"))) notFound();
  return { project };
}

/** A monitor's page; a monitor of another project, or none, is the 404 page. */
export async function loadUptimeMonitorPage(context: AccessContext, projectSlug: string, monitorIdText: string) {
  const { project } = await loadProjectPage(context, projectSlug, "uptime.list");
  if (!/^[1-9]\d{0,14}$/.test(monitorIdText)) notFound();
  try {
    const page = await getUptimeMonitorPage(context, { projectSlug, monitorId: Number(monitorIdText) });
    return { project, page, mayChange: context.viewer.permissions.has(permissionOf("uptime.write")), now: Date.now() };
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") notFound();
    throw error;
  }
}
