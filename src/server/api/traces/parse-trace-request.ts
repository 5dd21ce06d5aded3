import { AppError } from "../../errors";

/**
 * Query parameters of `…/trace/{id}/` and `…/trace-meta/{id}/`. Sentry's (telemetry-protocol.md §3.3) are
 * accepted; the time window, `errorId`, `include_uptime`, `referrer` and the MCP server's `limit` and `project`
 * do not narrow a trace here (a trace is read whole, in the projects the caller can see). Anything else is a 400.
 */
const knownParameters = new Set(["statsPeriod", "start", "end", "errorId", "additional_attributes", "include_uptime", "referrer", "limit", "project", "useSpans", "timestamp"]);
const maxAdditionalAttributes = 50;

export function parseTraceRequest(searchParams: URLSearchParams): { additionalAttributes: string[] } {
  for (const key of new Set(searchParams.keys())) {
    if (!knownParameters.has(key)) throw new AppError("bad_request", `Unknown query parameter "${key.slice(0, 64)}": a trace accepts ${[...knownParameters].join(", ")}.`);
  }
  const additionalAttributes = searchParams.getAll("additional_attributes").filter((name) => name !== "");
  if (additionalAttributes.length > maxAdditionalAttributes || additionalAttributes.some((name) => name.length > 200)) {
    throw new AppError("bad_request", `additional_attributes: at most ${maxAdditionalAttributes} names of at most 200 characters.`);
  }
  return { additionalAttributes };
}
