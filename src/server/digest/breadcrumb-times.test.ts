import { createTransport, Scope } from "@sentry/core";
import { defaultStackParser, NodeClient } from "@sentry/node";
import { describe, expect, it } from "vitest";
import { readBreadcrumbs } from "@/lib/event-payload";
import { formatOffset, formatTimeOfDay } from "@/lib/format-offset";
import { normalizeEvent } from "./normalize-event";

/** Runs the real @sentry/node client (no integrations, no global state) and returns the events it would have posted. */
async function captureWithNodeSdk(steps: (scope: Scope) => Promise<void>): Promise<Record<string, unknown>[]> {
  const bodies: string[] = [];
  const client = new NodeClient({
    dsn: "http://0123456789abcdef0123456789abcdef@127.0.0.1:9/1",
    integrations: [],
    stackParser: defaultStackParser,
    transport: (options) =>
      createTransport(options, async (request) => {
        bodies.push(typeof request.body === "string" ? request.body : new TextDecoder().decode(request.body));
        return { statusCode: 200 };
      }),
  });
  const scope = new Scope();
  scope.setClient(client);
  await steps(scope);
  await client.flush(5000);
  return bodies.flatMap((body) => {
    const lines = body.split("\n");
    return lines.flatMap((line, index) => (line.startsWith('{"type":"event"') ? [JSON.parse(lines[index + 1]!) as Record<string, unknown>] : []));
  });
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

describe("breadcrumb times as the SDKs send them", () => {
  it("@sentry/node's float-second crumbs read as their time of day and how long before the error they happened", async () => {
    const [sent] = await captureWithNodeSdk(async (scope) => {
      scope.addBreadcrumb({ category: "auth", message: "User signed in" });
      await sleep(300);
      scope.addBreadcrumb({ category: "payment", message: "Retrying the charge", level: "warning" });
      await sleep(30);
      scope.captureException(new Error("Payment declined"));
    });
    expect(sent).toBeDefined();
    const crumbsAsSent = (sent!.breadcrumbs as { timestamp: unknown }[]).map((crumb) => crumb.timestamp);
    // The protocol's float seconds, as the SDK writes them.
    for (const seconds of crumbsAsSent) expect(seconds).toEqual(expect.any(Number));

    const normalized = normalizeEvent(sent!, { receivedAt: Date.now() });
    const crumbs = readBreadcrumbs(normalized.event);
    expect(crumbs.map((crumb) => crumb.message)).toEqual(["User signed in", "Retrying the charge"]);
    const offsets = crumbs.map((crumb) => crumb.timestamp! - normalized.timestampMs);
    expect(offsets[0]).toBeLessThanOrEqual(-320);
    expect(offsets[0]).toBeGreaterThan(-5000);
    expect(offsets[1]).toBeLessThanOrEqual(-25);
    expect(offsets[1]).toBeGreaterThan(offsets[0]!);
    for (const offset of offsets) expect(formatOffset(offset)).toMatch(/^−(\d+ ms|\d\.\d\d s)$/);
    expect(formatTimeOfDay(crumbs[0]!.timestamp!, "UTC")).toBe(new Date(crumbs[0]!.timestamp!).toISOString().slice(11, 23));
  });

  it("RFC 3339 crumb times (which the protocol allows) read the same as float seconds", () => {
    const event = { timestamp: 1795363589.912, breadcrumbs: { values: [{ timestamp: "2026-11-22T16:06:28.662Z", message: "text" }, { timestamp: 1795363589.5, message: "seconds" }] } };
    const normalized = normalizeEvent(event, { receivedAt: 1795363590_000 });
    const crumbs = readBreadcrumbs(normalized.event);
    expect(crumbs.map((crumb) => formatOffset(crumb.timestamp! - normalized.timestampMs))).toEqual(["−1.25 s", "−412 ms"]);
    expect(crumbs.map((crumb) => formatTimeOfDay(crumb.timestamp!, "UTC"))).toEqual(["16:06:28.662", "16:06:29.500"]);
  });
});
