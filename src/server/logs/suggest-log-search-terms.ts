import { inflateSync } from "node:zlib";
import { searchTermAtCursor } from "@/lib/search-autocomplete";
import { authorize, authorizeProjectId, type AccessContext } from "../access/authorize";
import { visibleProjectIds } from "../access/viewer";
import type { SearchSuggestions } from "../issues/search/suggest-search-terms";
import type { LogPayloadEntry } from "./log-item-rows";
import { logStringKinds } from "./log-strings";
import { severityLevels } from "./read-logs";

const limit = 10;
/** Attribute keys and values come from the newest payloads (one per envelope item): a few reads, however many lines. */
const recentPayloads = 20;

const builtInKeys: { key: string; description: string }[] = [
  { key: "severity", description: "trace, debug, info, warn, error, fatal" },
  { key: "release", description: "The release the line was sent from" },
  { key: "environment", description: "The environment the line was sent from" },
  { key: "trace", description: "A trace id: the lines of that trace" },
  { key: "has", description: "Lines that have an attribute" },
  { key: "message", description: "Text of the message (* wildcards)" },
  { key: "message.template", description: "The message's template" },
  { key: "span_id", description: "A span id" },
];

/**
 * The logs explorer's autocomplete (as the issue list's): keys — the built-in ones, then attribute keys of the
 * newest lines of the projects — or, after `key:`, its values: severity levels, releases and environments
 * the lines refer to, attribute keys for has:, and an attribute's values among the newest lines.
 */
export async function suggestLogSearchTerms(context: AccessContext, input: { projectId?: number; text: string; cursor: number }): Promise<SearchSuggestions> {
  if (input.projectId === undefined) authorize(context, "log.search");
  else await authorizeProjectId(context, "log.search", input.projectId);
  const term = searchTermAtCursor(input.text, input.cursor);
  if (term.kind === "none") return { term, suggestions: [] };
  const visible = visibleProjectIds(context.viewer);
  const projectIds = input.projectId !== undefined ? [input.projectId] : visible;
  if (term.kind === "key") {
    const prefix = term.prefix.toLowerCase();
    const builtIn = builtInKeys.filter((entry) => entry.key.startsWith(prefix));
    const attributeKeys = [...(await recentAttributes(context, projectIds)).keys()].filter((key) => key.toLowerCase().startsWith(prefix) && !builtInKeys.some((entry) => entry.key === key));
    const builtInShown = builtIn.slice(0, limit - Math.min(attributeKeys.length, 4));
    return {
      term,
      suggestions: [
        ...builtInShown.map((entry) => ({ completion: { kind: "key" as const, key: entry.key }, label: `${entry.key}:`, detail: entry.description })),
        ...attributeKeys.slice(0, limit - builtInShown.length).map((key) => ({ completion: { kind: "key" as const, key }, label: `${key}:`, detail: "Attribute" })),
      ],
    };
  }
  const prefix = term.prefix.toLowerCase();
  const value = (text: string, detail: string | null = null) => ({ completion: { kind: "value" as const, key: term.key, value: text }, label: text, detail });
  if (term.key === "severity" || term.key === "level") return { term, suggestions: severityLevels.filter((level) => level.startsWith(prefix)).map((level) => value(level)) };
  if (term.key === "release" || term.key === "environment") {
    const rows = await context.db
      .selectFrom("log_strings")
      .select("value")
      .distinct()
      .where("kind", "=", logStringKinds[term.key])
      .$if(projectIds !== null, (query) => query.where("project_id", "in", projectIds!.length > 0 ? projectIds! : [-1]))
      .where("value", ">=", term.prefix)
      .where("value", "<", `${term.prefix}\uffff`)
      .orderBy("value")
      .limit(limit)
      .execute();
    return { term, suggestions: rows.map((row) => value(row.value)) };
  }
  const attributes = await recentAttributes(context, projectIds);
  if (term.key === "has") return { term, suggestions: [...attributes.keys()].filter((key) => key.toLowerCase().startsWith(prefix)).slice(0, limit).map((key) => value(key, "Attribute")) };
  const values = attributes.get(term.key);
  return { term, suggestions: [...(values ?? [])].filter((text) => text.toLowerCase().startsWith(prefix)).slice(0, limit).map((text) => value(text)) };
}

/** Attribute keys of the newest lines, each with up to ten of its values as text, keys sorted. */
async function recentAttributes(context: AccessContext, projectIds: number[] | null): Promise<Map<string, Set<string>>> {
  const payloads = await context.db
    .selectFrom("log_payloads")
    .select("body")
    .$if(projectIds !== null, (query) => query.where("project_id", "in", projectIds!.length > 0 ? projectIds! : [-1]))
    .orderBy("id", "desc")
    .limit(recentPayloads)
    .execute();
  const keys = new Map<string, Set<string>>();
  for (const payload of payloads) {
    const entries = JSON.parse(inflateSync(payload.body).toString("utf8")) as LogPayloadEntry[];
    for (const entry of entries.slice(0, 200)) {
      for (const [key, attribute] of Object.entries(entry.a ?? {})) {
        const values = keys.get(key) ?? new Set<string>();
        if (values.size < 10 && typeof attribute.value !== "boolean") values.add(String(attribute.value).slice(0, 200));
        keys.set(key, values);
      }
    }
  }
  return new Map([...keys.entries()].sort(([a], [b]) => a.localeCompare(b)).slice(0, 500));
}
