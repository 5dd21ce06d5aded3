/**
 * A span description with its variable parts replaced, so one statement or one endpoint is one group
 * (the queries page, N+1 detection, slow-query issues): literals in SQL become `?` and lists of them one
 * `(?)`; in URLs, ids (numbers, UUIDs, long hex) become `*` and the query string goes. Other ops keep their
 * description as sent. Capped: the group key is for grouping and display, not for storing whole statements.
 */
const maxGroupLength = 300;
const sqlString = /'(?:[^']|'')*'/g;
const sqlNumber = /(?<![\w$.])-?\d+(?:\.\d+)?(?:e[+-]?\d+)?\b/gi;
const sqlPlaceholder = /\$\d+\b|:\w+\b|@\w+\b/g;
const sqlList = /\(\s*\?(?:\s*,\s*\?)+\s*\)/g;
const sqlSpace = /\s+/g;
const urlIdSegment = /^(?:\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{16,}|[0-9a-z_-]{24,})$/i;

export function normalizeSpanDescription(op: string, description: string | null): string | null {
  if (description === null) return null;
  if (op === "db" || op.startsWith("db.")) return normalizeSql(description);
  if (op === "http.client" || op === "http.server" || op === "http") return normalizeHttp(description);
  return description.slice(0, maxGroupLength);
}

export function normalizeSql(statement: string): string {
  return statement
    .slice(0, 4 * maxGroupLength)
    .replace(sqlString, "?")
    .replace(sqlPlaceholder, "?")
    .replace(sqlNumber, "?")
    .replace(sqlList, "(?)")
    .replace(sqlSpace, " ")
    .trim()
    .slice(0, maxGroupLength);
}

/** `GET https://api.example.com/users/42?x=1` → `GET https://api.example.com/users/*`. */
export function normalizeHttp(description: string): string {
  const [method, ...rest] = description.trim().split(/\s+/);
  const target = rest.join(" ");
  if (!method || !target) return description.slice(0, maxGroupLength);
  let origin = "";
  let path = target;
  try {
    const url = new URL(target);
    origin = `${url.protocol}//${url.host}`;
    path = url.pathname;
  } catch {
    path = target.split(/[?#]/, 1)[0]!;
  }
  const segments = path.split("/").map((segment) => (urlIdSegment.test(segment) ? "*" : segment));
  return `${method.toUpperCase()} ${origin}${segments.join("/")}`.slice(0, maxGroupLength);
}

/** The host an outgoing request span went to (`http.client`), for the outbound requests list. */
export function spanDomain(description: string | null): string | null {
  const target = description?.trim().split(/\s+/)[1];
  if (!target) return null;
  try {
    return new URL(target).host || null;
  } catch {
    return null;
  }
}
