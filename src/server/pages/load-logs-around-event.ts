import { getAppContext } from "../app-context";
import { listLogsAroundEvent } from "../logs/logs-around-event";
import type { LogsAroundEvent } from "@/lib/views/related-logs";

/**
 * "Logs around this event" for the issue page, read as the viewer. The page streams it (Suspense), so it is
 * handed over as a promise that never rejects: a failure is logged and shown as "could not be read" (null)
 * instead of taking the whole page down.
 */
export async function loadLogsAroundEvent(issueId: number, eventId: string): Promise<LogsAroundEvent | null> {
  try {
    return await listLogsAroundEvent(await getAppContext(), { issueId, eventId });
  } catch (error) {
    console.error("lantern: reading the logs around an event for the issue page failed", error);
    return null;
  }
}
