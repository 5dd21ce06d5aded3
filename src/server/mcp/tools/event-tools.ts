import { z } from "zod";
import { codeSpan, table, type Cell } from "@/lib/mcp-markdown";
import { searchApiOrganizationEvents, validateApiOrganizationEvents, type ApiEventsValidation } from "../../api/events/search-api-organization-events";
import { AppError } from "../../errors";
import { defineTool } from "../mcp-tool";
import { checkOrganization, organizationSlug, regionUrl } from "./arguments";

/** The columns an agent gets when it names none: those of Sentry's MCP server for each dataset. */
const defaultFields: Record<"errors" | "spans" | "logs", string[]> = {
  errors: ["issue", "title", "project", "timestamp", "level", "message", "error.type", "culprit", "user.email", "user.id"],
  spans: ["id", "span.op", "span.description", "span.duration", "transaction", "timestamp", "project", "trace"],
  logs: ["timestamp", "project", "message", "severity", "trace"],
};

function refusals(validation: ApiEventsValidation): string[] {
  const checks = [...validation.projects, ...validation.dataset, ...validation.environment, ...validation.field, validation.query, ...validation.query.fields, ...validation.orderby];
  return [...new Set(checks.filter((check) => !check.valid && check.error).map((check) => check.error!))];
}

export const searchEvents = defineTool({
  name: "search_events",
  title: "Search events",
  description:
    "Search single events, or count them: errors (error events), logs (log lines) or spans. query is Sentry's search syntax for the dataset (level:error, error.type:TypeError, release:…, span.op:db, severity:error…); fields may hold aggregates such as count(), count_unique(user), avg(span.duration) — the other fields then group. sort names a field, with - for descending.",
  input: {
    organizationSlug,
    dataset: z.enum(["spans", "errors", "logs", "metrics", "profiles", "replays"]).optional().describe("Which events (default errors). Lantern holds errors, logs and spans."),
    query: z.string().max(2000).optional(),
    fields: z.array(z.string().max(200)).max(20).nullable().optional(),
    sort: z.string().max(200).nullable().optional(),
    projectSlug: z.string().max(100).nullable().default(null),
    environment: z.union([z.string().min(1).max(64), z.array(z.string().min(1).max(64)).min(1).max(10)]).optional(),
    period: z.string().regex(/^\d+[hdw]$/).optional().describe("How far back (default 14d)."),
    regionUrl,
    limit: z.number().min(1).max(100).default(10),
    includeExplanation: z.boolean().default(false).describe("Accepted for compatibility: Lantern runs no LLM, so the query is used as given."),
  },
  isWrite: false,
  run: async (context, args) => {
    checkOrganization(context, args.organizationSlug);
    const dataset = args.dataset ?? "errors";
    if (dataset !== "errors" && dataset !== "spans" && dataset !== "logs") throw new AppError("bad_request", `Lantern holds errors, logs and spans; it has no ${dataset} dataset.`);
    const fields = args.fields && args.fields.length > 0 ? args.fields : defaultFields[dataset];
    const params = new URLSearchParams({ dataset, statsPeriod: args.period ?? "14d", per_page: String(Math.floor(args.limit)), referrer: "lantern.mcp" });
    for (const field of fields) params.append("field", field);
    if (args.query) params.set("query", args.query);
    if (args.sort) params.set("sort", args.sort);
    if (args.projectSlug) params.append("project", args.projectSlug);
    for (const environment of typeof args.environment === "string" ? [args.environment] : (args.environment ?? [])) params.append("environment", environment);
    const validation = await validateApiOrganizationEvents(context, { organizationSlug: args.organizationSlug, searchParams: new URLSearchParams([...params, ...(args.sort ? [["orderby", args.sort]] : [])]) });
    if (!validation.valid) throw new AppError("bad_request", `This search cannot run: ${refusals(validation).join(" ") || "invalid parameters."}`);
    const answer = await searchApiOrganizationEvents(context, { organizationSlug: args.organizationSlug, searchParams: params });
    const body = answer.body as { data: Record<string, unknown>[]; meta: { dataScanned?: string } };
    const heading = `# ${dataset} events${args.query ? ` matching ${codeSpan(args.query)}` : ""} (${args.period ?? "14d"})`;
    if (body.data.length === 0) return `${heading}\n\nNo event matches.`;
    const cell = (value: unknown): Cell => (value === null || value === undefined ? null : typeof value === "number" ? value : typeof value === "string" ? value : JSON.stringify(value));
    const lines = [heading, "", table(fields.map((field) => field.replace(/\|/g, "\\|")), body.data.map((row) => fields.map((field) => cell(row[field]))))];
    if (body.meta.dataScanned === "partial") lines.push("", "Counted over the newest events only (the search reads a bounded number): narrow the query or the period for exact numbers.");
    return lines.join("\n");
  },
});
