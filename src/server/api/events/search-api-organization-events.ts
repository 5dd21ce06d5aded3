import { authorize, type AccessContext } from "../../access/authorize";
import { visibleProjectIds } from "../../access/viewer";
import { AppError, isAppError } from "../../errors";
import { parseErrorField, parseErrorQuery, parseErrorSearch } from "../../events/parse-error-search";
import { errorFieldType, searchErrorEvents } from "../../events/search-error-events";
import { parseLogEventsRequest, parseLogQuery } from "../../logs/parse-log-search";
import { searchLogEvents } from "../../logs/search-log-events";
import { parseSpanQuery, parseSpanSearch, parseWindow } from "../../spans/parse-span-search";
import { searchSpans } from "../../spans/search-spans";
import type { ApiAnswer } from "../handle-api-request";
import { requireOrganization } from "../organization";
import { linkHeader } from "../pagination";

/** The datasets Lantern answers on `/organizations/{org}/events/`, with Sentry's older names. */
const datasetKinds: Record<string, "errors" | "spans" | "logs"> = { errors: "errors", discover: "errors", spans: "spans", transactions: "spans", logs: "logs", ourlogs: "logs" };
const supported = "errors (or discover), spans, transactions and logs";

function datasetOf(searchParams: URLSearchParams): "errors" | "spans" | "logs" {
  const name = searchParams.get("dataset") ?? "";
  const kind = Object.hasOwn(datasetKinds, name) ? datasetKinds[name] : undefined;
  if (!kind) throw new AppError("bad_request", `Unsupported dataset "${name.slice(0, 40)}": Lantern's events API answers ${supported}.`);
  return kind;
}

function pageLinks(context: AccessContext, organizationSlug: string, searchParams: URLSearchParams, offset: number, limit: number, hasMore: boolean): string {
  const url = new URL(`/api/0/organizations/${encodeURIComponent(organizationSlug)}/events/?${searchParams.toString()}`, context.config.publicUrl);
  const previous = { cursor: `0:${Math.max(0, offset - limit)}:1`, hasResults: offset > 0 };
  const next = { cursor: `0:${offset + limit}:0`, hasResults: hasMore };
  return linkHeader(url, context.config.publicUrl, { previous, next });
}

/**
 * `GET /organizations/{org}/events/`: Sentry's `{data, meta}` for `dataset=errors` (`discover`), `spans`
 * (`transactions`) and `logs` (`ourlogs`), with offset cursors (`0:<offset>:<isPrevious>`) in the Link header.
 */
export async function searchApiOrganizationEvents(context: AccessContext, input: { organizationSlug: string; searchParams: URLSearchParams }): Promise<ApiAnswer> {
  requireOrganization(context.config, input.organizationSlug);
  const { searchParams } = input;
  const dataset = datasetOf(searchParams);
  if (dataset === "errors") {
    const search = parseErrorSearch(searchParams);
    const result = await searchErrorEvents(context, search);
    return { body: { data: result.data, meta: result.meta }, headers: { Link: pageLinks(context, input.organizationSlug, searchParams, search.offset, search.limit, result.hasMore) } };
  }
  if (dataset === "logs") {
    const request = parseLogEventsRequest(searchParams);
    const result = await searchLogEvents(context, request);
    return { body: { data: result.data, meta: result.meta }, headers: { Link: pageLinks(context, input.organizationSlug, searchParams, request.search.offset, request.search.limit, result.hasMore) } };
  }
  const search = parseSpanSearch(searchParams);
  const result = await searchSpans(context, search);
  return { body: { data: result.data, meta: result.meta }, headers: { Link: pageLinks(context, input.organizationSlug, searchParams, search.offset, search.limit, result.hasMore) } };
}

type AttrType = "string" | "number" | "boolean" | null;
interface NamedCheck {
  name: string;
  valid: boolean;
  error: string | null;
}
interface AttributeCheck extends NamedCheck {
  attrType: AttrType;
}

/** What `GET /organizations/{org}/events/validate/` answers (the shape Sentry's MCP server requires). */
export interface ApiEventsValidation {
  valid: boolean;
  projects: { valid: boolean; error: string | null }[];
  dataset: NamedCheck[];
  environment: { valid: boolean; error: string | null }[];
  field: AttributeCheck[];
  query: { valid: boolean; error: string | null; fields: AttributeCheck[] };
  orderby: AttributeCheck[];
}

const messageOf = (error: unknown): string => {
  if (isAppError(error)) return error.message;
  throw error;
};

const numericSpanFields = new Set(["span.duration", "duration", "span.self_time", "severity_number"]);

/** Whether `name` is a field of the dataset, and the type of its values. */
function checkField(dataset: "errors" | "spans" | "logs", name: string): AttributeCheck {
  try {
    if (dataset === "errors") {
      const type = errorFieldType(parseErrorField(name));
      return { name, valid: true, attrType: type === "integer" ? "number" : "string", error: null };
    }
    const params = new URLSearchParams({ dataset, field: name });
    if (dataset === "spans") parseSpanSearch(params);
    else parseLogEventsRequest(params);
    return { name, valid: true, attrType: name.includes("(") || numericSpanFields.has(name) ? "number" : "string", error: null };
  } catch (error) {
    return { name, valid: false, attrType: null, error: messageOf(error) };
  }
}

/** Each `key:` of the query checked on its own, so that the answer names the key that is wrong. */
function checkQuery(dataset: "errors" | "spans" | "logs", text: string): ApiEventsValidation["query"] {
  const parse = dataset === "errors" ? parseErrorQuery : dataset === "spans" ? parseSpanQuery : parseLogQuery;
  let error: string | null = null;
  try {
    parse(text);
  } catch (caught) {
    error = messageOf(caught);
  }
  const terms = [...text.matchAll(/(?:[^\s"]+|"(?:[^"\\]|\\.)*")+/g)].map((match) => match[0]).filter((term) => /^!?[A-Za-z0-9_.[\]-]+:/.test(term));
  const fields = terms.map((term): AttributeCheck => {
    const key = term.replace(/^!/, "").split(":")[0]!;
    try {
      parse(term);
      return { name: key, valid: true, attrType: numericSpanFields.has(key) ? "number" : "string", error: null };
    } catch (caught) {
      return { name: key, valid: false, attrType: null, error: messageOf(caught) };
    }
  });
  return { valid: error === null, error, fields };
}

/**
 * `GET /organizations/{org}/events/validate/`: the same parameters as the events search (`orderby` for
 * `sort`), each checked on its own — projects the caller can see, the dataset, each field, each key of the
 * query, each sort — so a client learns every mistake at once; `valid` is false when any is wrong.
 */
export async function validateApiOrganizationEvents(context: AccessContext, input: { organizationSlug: string; searchParams: URLSearchParams }): Promise<ApiEventsValidation> {
  requireOrganization(context.config, input.organizationSlug);
  authorize(context, "event.read");
  const { searchParams } = input;
  const datasetName = searchParams.get("dataset") ?? "";
  const kind = Object.hasOwn(datasetKinds, datasetName) ? datasetKinds[datasetName]! : null;
  const dataset: NamedCheck[] = [{ name: datasetName, valid: kind !== null, error: kind ? null : `Unsupported dataset "${datasetName.slice(0, 40)}": Lantern answers ${supported}.` }];
  const visible = visibleProjectIds(context.viewer);
  const projectRows = await context.db.selectFrom("projects").select(["id", "slug"]).$if(visible !== null, (query) => query.where("id", "in", visible!.length > 0 ? visible! : [-1])).execute();
  const projects = searchParams
    .getAll("project")
    .filter((ref) => ref !== "")
    .map((ref) => (ref === "-1" || projectRows.some((project) => project.slug === ref || String(project.id) === ref) ? { valid: true, error: null } : { valid: false, error: `No project "${ref.slice(0, 80)}" that you can see.` }));
  const environment = searchParams.getAll("environment").map((name) => (name.length <= 64 ? { valid: true, error: null } : { valid: false, error: "An environment name has at most 64 characters." }));
  const fieldNames = [...new Set(searchParams.getAll("field").filter((name) => name !== ""))];
  const field = kind ? fieldNames.map((name) => checkField(kind, name)) : fieldNames.map((name) => ({ name, valid: false, attrType: null, error: "Unknown dataset." }));
  let query: ApiEventsValidation["query"] = kind ? checkQuery(kind, searchParams.get("query") ?? "") : { valid: false, error: "Unknown dataset.", fields: [] };
  try {
    parseWindow(searchParams, Date.now());
  } catch (error) {
    query = { ...query, valid: false, error: messageOf(error) };
  }
  const orderby = [...searchParams.getAll("orderby"), ...searchParams.getAll("sort")]
    .filter((name) => name !== "")
    .map((name): AttributeCheck => {
      const bare = name.replace(/^-/, "");
      const found = field.find((candidate) => candidate.name === bare);
      if (found) return { name, valid: found.valid, attrType: found.attrType, error: found.error };
      return { name, valid: false, attrType: null, error: `Sort by one of the fields ("${bare.slice(0, 80)}" is not one).` };
    });
  if (fieldNames.length === 0) field.push({ name: "", valid: false, attrType: null, error: "Give at least one field, as in field=title&field=count()." });
  const valid = [...projects, ...dataset, ...environment, ...field, query, ...orderby].every((check) => check.valid);
  return { valid, projects, dataset, environment, field, query, orderby };
}
