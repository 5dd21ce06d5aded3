import { LRUCache } from "lru-cache";
import UAParser from "ua-parser-js";
import { isRecord, type JsonObject } from "@/lib/json-values";

/** Parsed user agents: a few real browsers recur; at most 512 characters and a small result each, about 2 MB. */
export const parsedAgents = new LRUCache<string, UAParser.IResult>({ max: 1000 });

/**
 * Browser SDKs send no browser/os/device contexts, only the User-Agent header; like Relay, fill the
 * missing ones from it (sentry-protocol §4.3 item 7). Contexts the SDK sent are never overwritten.
 */
export function fillUserAgentContexts(event: JsonObject): void {
  const userAgent = userAgentOf(event.request);
  if (!userAgent) return;
  const contexts: JsonObject = isRecord(event.contexts) ? event.contexts : {};
  const parsed = parse(userAgent);
  const browser = compact({ name: parsed.browser.name, version: parsed.browser.version });
  const os = compact({ name: parsed.os.name, version: parsed.os.version });
  const device = compact({ family: parsed.device.model ?? parsed.device.type, model: parsed.device.model, brand: parsed.device.vendor });
  let isChanged = false;
  for (const [name, value] of [["browser", browser], ["os", os], ["device", device]] as const) {
    if (contexts[name] !== undefined || !value) continue;
    contexts[name] = { ...value, type: name };
    isChanged = true;
  }
  if (isChanged) event.contexts = contexts;
}

/** Headers as normalized events hold them (pairs) or as the browser SDK sends them (an object, as replay_event items arrive). */
function userAgentOf(request: unknown): string | null {
  if (!isRecord(request)) return null;
  if (isRecord(request.headers)) {
    for (const [name, value] of Object.entries(request.headers)) if (name.toLowerCase() === "user-agent" && typeof value === "string") return value.slice(0, 512);
    return null;
  }
  if (!Array.isArray(request.headers)) return null;
  for (const pair of request.headers as unknown[]) {
    if (Array.isArray(pair) && typeof pair[0] === "string" && pair[0].toLowerCase() === "user-agent" && typeof pair[1] === "string") return pair[1].slice(0, 512);
  }
  return null;
}

function parse(userAgent: string): UAParser.IResult {
  let parsed = parsedAgents.get(userAgent);
  if (!parsed) {
    parsed = new UAParser(userAgent).getResult();
    parsedAgents.set(userAgent, parsed);
  }
  return parsed;
}

function compact(fields: Record<string, string | undefined>): Record<string, string> | null {
  const entries = Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "");
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}
