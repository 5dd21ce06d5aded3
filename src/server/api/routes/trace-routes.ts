import { listTraceLogs } from "../../logs/list-trace-logs";
import { getTrace } from "../../traces/get-trace";
import { apiRoute } from "../handle-api-request";
import { requireOrganization } from "../organization";
import { parseTraceRequest } from "../traces/parse-trace-request";
import { serializeTrace, serializeTraceMeta } from "../traces/serialize-trace";

type TraceParams = { organizationSlug: string; traceId: string };

/** GET /organizations/{org}/trace/{trace_id}/: the spans as a tree of top-level items, errors pinned to their span. */
export const traceRoute = apiRoute<TraceParams>(async ({ context, params, url }) => {
  requireOrganization(context.config, params.organizationSlug);
  const { additionalAttributes } = parseTraceRequest(url.searchParams);
  return { body: serializeTrace(await getTrace(context, { traceId: params.traceId }), additionalAttributes) };
});

/** GET /organizations/{org}/trace-meta/{trace_id}/: counts of the trace's spans (by op and transaction), errors and log lines. */
export const traceMetaRoute = apiRoute<TraceParams>(async ({ context, params, url }) => {
  requireOrganization(context.config, params.organizationSlug);
  parseTraceRequest(url.searchParams);
  // One line read: the verb counts the rest (the trace's search token, so the count costs an index lookup).
  const [trace, logs] = await Promise.all([getTrace(context, { traceId: params.traceId }), listTraceLogs(context, { traceId: params.traceId, maxLines: 1 })]);
  return { body: serializeTraceMeta(trace, logs.total) };
});
