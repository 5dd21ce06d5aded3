import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildOpenApiDocument } from "@/server/api/openapi";
import { derivedTagKeys } from "@/server/issues/event-tag-pairs";
import { parseIssueQuery } from "@/server/issues/search/parse-issue-query";
import { tokenizeIssueQuery } from "@/server/issues/search/tokenize-issue-query";

/**
 * Every issue-search example Lantern shows people, read from where they read it: README.md, docs/*.md,
 * the Docs pages (src/content/docs/*.tsx), the search bar's hint and placeholder, and the OpenAPI document.
 *
 * Extraction rules:
 * - Markdown: every `code` span outside fenced blocks (it may wrap across lines). TSX: every <code>…</code> text (entities
 *   decoded) and every `placeholder="…"`. OpenAPI: every `code` span of a description. Anywhere: the value
 *   of a `?query=` / `&query=` in a URL (percent-decoded).
 * - A candidate is an example when it parses as an issue query, has at least one `key:value` filter, and
 *   every key is one the search language reads from events or issue states (`searchKeys` below). So
 *   `npm run bench:ingest` or `file:./data/lantern.db` are not examples, `level:error` is.
 * - The generic forms `key:value` and `has:key` are skipped (they name no key). A value written `…` or
 *   `<something>` is a placeholder: the test puts in the value its own events carry for that key.
 * - `assigned:`, `bookmarks:` and `issue.priority:` examples are examples too: they depend on who looks, so
 *   the test searches as an owner who is in the team payments and has assigned and bookmarked its issues.
 * - docs/performance.md is not read: it records the queries the benchmark measured on its own generated
 *   data, not syntax offered to people.
 */
export interface SearchExample {
  /** Where it was found, for the test's name. */
  source: string;
  text: string;
}

const root = fileURLToPath(new URL("../../", import.meta.url));

/** Keys of the parser's (events, issue states and ownership) and digest's derived tags. */
export const searchKeys = new Set<string>([
  "is",
  "level",
  "release",
  "environment",
  "user.id",
  "user.email",
  "user.username",
  "user.ip",
  "error.type",
  "error.value",
  "error.handled",
  "error.unhandled",
  "has",
  "first-seen",
  "last-seen",
  "times-seen",
  "users",
  "digest",
  "trace",
  "assigned",
  "bookmarks",
  "issue.priority",
  ...derivedTagKeys,
]);

const placeholder = /^(…|<[^<>]+>)$/;

export function collectSearchExamples(): SearchExample[] {
  const candidates: SearchExample[] = [];
  const add = (source: string, texts: Iterable<string>) => {
    for (const text of texts) candidates.push({ source, text: text.replace(/\s+/g, " ").trim() });
  };
  const read = (path: string) => readFileSync(`${root}${path}`, "utf8");

  const markdown = ["README.md", ...readdirSync(`${root}docs`).filter((name) => name.endsWith(".md") && name !== "performance.md").map((name) => `docs/${name}`)];
  for (const path of markdown) {
    const text = read(path);
    // Fenced blocks are shell and config, and their ``` would pair up the inline spans wrongly.
    const prose = text.replace(/^ *```[\s\S]*?^ *```/gm, "");
    add(path, [...prose.matchAll(/`([^`]+)`/g)].map((match) => match[1]!));
    add(path, queryParameters(text));
  }
  const pages = [...readdirSync(`${root}src/content/docs`).filter((name) => name.endsWith(".tsx")).map((name) => `src/content/docs/${name}`), "src/components/issues/list/issue-search-bar.tsx"];
  for (const path of pages) {
    const text = read(path);
    add(path, [...text.matchAll(/<code>([^<]*)<\/code>/g)].map((match) => decodeEntities(match[1]!)));
    add(path, [...text.matchAll(/placeholder="([^"]*)"/g)].map((match) => decodeEntities(match[1]!)));
    add(path, queryParameters(text));
  }
  for (const description of descriptionsIn(buildOpenApiDocument("https://lantern.example"))) {
    add("the OpenAPI document", [...description.matchAll(/`([^`]+)`/g)].map((match) => match[1]!));
  }

  const seen = new Set<string>();
  return candidates.filter((candidate) => {
    const key = `${candidate.source}\u0000${candidate.text}`;
    if (seen.has(key) || !isSearchExample(candidate.text)) return false;
    seen.add(key);
    return true;
  });
}

function isSearchExample(text: string): boolean {
  if (!parseIssueQuery(text).ok) return false;
  const tokenized = tokenizeIssueQuery(text);
  if (!tokenized.ok) return false;
  const filters = tokenized.tokens.filter((token) => token.kind === "filter");
  if (filters.length === 0) return false;
  return filters.every((filter) => filter.key !== "key" && filter.value !== "key" && searchKeys.has(filter.key.toLowerCase()));
}

/** The example with each placeholder value replaced by `valueOf(key)`; throws naming a key it has no value for. */
export function fillPlaceholders(text: string, valueOf: (key: string) => string | undefined): string {
  const tokenized = tokenizeIssueQuery(text);
  if (!tokenized.ok) return text;
  let filled = text;
  for (const token of [...tokenized.tokens].reverse()) {
    if (token.kind !== "filter" || !placeholder.test(token.value)) continue;
    const value = valueOf(token.key.toLowerCase());
    if (value === undefined) throw new Error(`“${text}” has a placeholder for ${token.key}:, and the test's events carry no value for it: add one`);
    filled = `${filled.slice(0, token.valueStart)}${/\s/.test(value) ? JSON.stringify(value) : value}${filled.slice(token.end)}`;
  }
  return filled;
}

function descriptionsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(descriptionsIn);
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === "description" && typeof inner === "string" ? [inner] : descriptionsIn(inner)));
}

function queryParameters(text: string): string[] {
  return [...text.matchAll(/[?&]query=([^\s"'`&)]+)/g)].map((match) => {
    try {
      return decodeURIComponent(match[1]!.replace(/\+/g, " "));
    } catch {
      return "";
    }
  });
}

function decodeEntities(text: string): string {
  return text.replace(/&(gt|lt|amp|apos|quot);/g, (_, name: string) => ({ gt: ">", lt: "<", amp: "&", apos: "'", quot: '"' })[name]!);
}
