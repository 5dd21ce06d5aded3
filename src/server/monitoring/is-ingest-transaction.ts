/**
 * Requests to the ingest paths must never be traced by Lantern's own SDK: each traced request would
 * send a transaction through /monitoring, which would be traced in turn, without end.
 */
const ingestPath = /^(?:[A-Z]+ )?\/(?:monitoring|api\/(?:\[projectId\]|\d+)\/[a-z-]+)\/?(?:\?|$)/;

export function isIngestTransaction(nameOrPath: string): boolean {
  return ingestPath.test(nameOrPath);
}

interface SamplingHints {
  name: string;
  attributes?: Record<string, unknown>;
  normalizedRequest?: { url?: string };
}

/** At sampling time the span may still be named "POST" only, so the request's path is checked too. */
export function isIngestRequest({ name, attributes = {}, normalizedRequest }: SamplingHints): boolean {
  const candidates = [name, attributes["http.target"], attributes["url.path"], attributes["http.route"], attributes["next.route"], normalizedRequest?.url];
  return candidates.some((candidate) => typeof candidate === "string" && isIngestTransaction(pathOf(candidate)));
}

function pathOf(value: string): string {
  if (!/^https?:\/\//.test(value)) return value;
  try {
    return new URL(value).pathname;
  } catch {
    return value;
  }
}
