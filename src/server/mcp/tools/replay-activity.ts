import { rrwebTimestampMs } from "@/lib/replays/replay-timeline";
import { isRecord } from "@/lib/json-values";

/**
 * What a replay's rrweb events say the user did, for an assistant to read: pages visited, clicks, console errors
 * and failed requests, from the Replay SDK's own events (rrweb Meta events carry the page's `href`; custom
 * events tagged `breadcrumb` carry clicks, navigations and console messages; `performanceSpan` carries
 * fetch/XHR with their status). Everything here is recorded text from a stranger's browser: the tool prints it
 * in code spans.
 */
export interface ReplayActivity {
  /** Milliseconds from the replay's start. */
  offsetMs: number;
  kind: "page" | "click" | "rage click" | "dead click" | "console error" | "request failed";
  text: string;
}

export interface ReplayActivitySummary {
  pages: number;
  clicks: number;
  consoleErrors: number;
  failedRequests: number;
  /** The notable moments in order, at most `maxItems`. */
  items: ReplayActivity[];
}

const rrwebMeta = 4;
const rrwebCustom = 5;

export function summarizeReplayActivity(segments: readonly { events: readonly unknown[] }[], startedAt: number, maxItems = 30): ReplayActivitySummary {
  const summary: ReplayActivitySummary = { pages: 0, clicks: 0, consoleErrors: 0, failedRequests: 0, items: [] };
  let lastHref: string | null = null;
  const add = (timestamp: unknown, kind: ReplayActivity["kind"], text: string) => {
    if (summary.items.length >= maxItems) return;
    summary.items.push({ offsetMs: Math.max(0, millisecondsOf(timestamp) - startedAt), kind, text: text.slice(0, 300) });
  };
  for (const segment of segments) {
    for (const event of segment.events) {
      if (!isRecord(event) || !isRecord(event.data)) continue;
      const data = event.data;
      if (event.type === rrwebMeta && typeof data.href === "string") {
        if (data.href !== lastHref) {
          lastHref = data.href;
          summary.pages += 1;
          add(event.timestamp, "page", data.href);
        }
        continue;
      }
      if (event.type !== rrwebCustom || !isRecord(data.payload)) continue;
      const payload = data.payload;
      if (data.tag === "breadcrumb") {
        const category = typeof payload.category === "string" ? payload.category : "";
        const message = typeof payload.message === "string" ? payload.message : "";
        if (category === "ui.click") {
          summary.clicks += 1;
          add(payload.timestamp ?? event.timestamp, "click", message);
        } else if (category === "ui.multiClick") add(payload.timestamp ?? event.timestamp, "rage click", message);
        else if (category === "ui.slowClickDetected") add(payload.timestamp ?? event.timestamp, "dead click", message);
        else if (category === "navigation" && isRecord(payload.data) && typeof payload.data.to === "string" && payload.data.to !== lastHref) {
          lastHref = payload.data.to;
          summary.pages += 1;
          add(payload.timestamp ?? event.timestamp, "page", payload.data.to);
        } else if (category === "console" && payload.level === "error") {
          summary.consoleErrors += 1;
          add(payload.timestamp ?? event.timestamp, "console error", message);
        }
      } else if (data.tag === "performanceSpan" && (payload.op === "resource.fetch" || payload.op === "resource.xhr")) {
        const status = isRecord(payload.data) && typeof payload.data.statusCode === "number" ? payload.data.statusCode : null;
        if (status !== null && (status >= 400 || status === 0)) {
          summary.failedRequests += 1;
          const method = isRecord(payload.data) && typeof payload.data.method === "string" ? `${payload.data.method} ` : "";
          add(payload.startTimestamp ?? event.timestamp, "request failed", `${method}${typeof payload.description === "string" ? payload.description : ""} → ${status}`);
        }
      }
    }
  }
  return summary;
}

/** rrweb timestamps are milliseconds; the SDK's breadcrumbs and spans say seconds. */
function millisecondsOf(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? rrwebTimestampMs(value) : 0;
}
