import { AppError } from "../errors";

/**
 * Pagination as Sentry's API does it (https://docs.sentry.io/api/pagination/): every list answers with a
 * `Link` header holding a `previous` and a `next` link, each saying whether it has `results` and carrying
 * its `cursor`, which the client passes back as `?cursor=`. Clients treat cursors as opaque; Lantern's
 * keep Sentry's look, `<value>:<id>:<isPrevious>`, and mean "the rows after (or before) this row" in the
 * list's order (keyset pagination: no page costs an OFFSET scan).
 */
export interface KeysetCursor {
  /** The sort value of the row the page starts after. */
  value: number;
  id: number;
  /** True: the page before the row (newer rows), false: the page after it. */
  isPrevious: boolean;
}

const cursorPattern = /^(-?\d{1,16}):(\d{1,16}):([01])$/;

export function formatCursor({ value, id, isPrevious }: KeysetCursor): string {
  return `${value}:${id}:${isPrevious ? 1 : 0}`;
}

export function parseCursor(text: string): KeysetCursor {
  const match = cursorPattern.exec(text.trim());
  if (!match) throw new AppError("bad_request", "Invalid cursor: pass back a cursor from a Link header.");
  return { value: Number(match[1]), id: Number(match[2]), isPrevious: match[3] === "1" };
}

export interface PageLink {
  cursor: string;
  /** Whether the page it leads to has rows (as far as this page can tell); Sentry's `results`. */
  hasResults: boolean;
}

/**
 * `<url?cursor=…>; rel="previous"; results="false"; cursor="…", <url?cursor=…>; rel="next"; results="true"; cursor="…"`.
 * Both links are always there, as in Sentry's answers.
 */
export function linkHeader(requestUrl: URL, baseUrl: string, links: { previous: PageLink; next: PageLink }): string {
  const link = (rel: "previous" | "next", { cursor, hasResults }: PageLink) => {
    const url = new URL(`${requestUrl.pathname}${requestUrl.search}`, baseUrl);
    url.searchParams.set("cursor", cursor);
    return `<${url.href}>; rel="${rel}"; results="${hasResults}"; cursor="${cursor}"`;
  };
  return `${link("previous", links.previous)}, ${link("next", links.next)}`;
}

/** Sentry's `limit` (or `per_page`): 1 to `max`, `fallback` when absent. */
export function parseLimit(searchParams: URLSearchParams, fallback: number, max = 100): number {
  const text = searchParams.get("limit") ?? searchParams.get("per_page");
  if (text === null || text === "") return fallback;
  const limit = Number(text);
  if (!Number.isInteger(limit) || limit < 1) throw new AppError("bad_request", "limit must be a whole number above 0.");
  return Math.min(limit, max);
}

/**
 * One page of a list ordered by (value, id) descending, from the rows the query fetched in the cursor's
 * direction — descending after the cursor (or from the top), ascending before it — `limit + 1` at most,
 * the extra row only saying that more follow. Returns the page newest first with both links. A link
 * without a row to start from keeps the cursor's boundary, so following it lands next to where the
 * client was (an empty page, or rows that arrived since).
 */
export function keysetPage<Row extends { id: number }>(fetched: Row[], limit: number, cursor: KeysetCursor | null, valueOf: (row: Row) => number): { rows: Row[]; previous: PageLink; next: PageLink } {
  const hasMore = fetched.length > limit;
  const rows = fetched.slice(0, limit);
  if (cursor?.isPrevious) rows.reverse();
  const first = rows[0];
  const last = rows.at(-1);
  const at = (row: Row | undefined, isPrevious: boolean, fallback: KeysetCursor): string =>
    formatCursor(row ? { value: valueOf(row), id: row.id, isPrevious } : { ...fallback, isPrevious });
  // Without a row, the boundary row itself belongs to the page on the other side: move the boundary one id past it.
  const top: KeysetCursor = cursor ? { value: cursor.value, id: cursor.isPrevious ? cursor.id : cursor.id - 1, isPrevious: true } : { value: 0, id: 0, isPrevious: true };
  const bottom: KeysetCursor = cursor ? { value: cursor.value, id: cursor.isPrevious ? cursor.id + 1 : cursor.id, isPrevious: false } : { value: 0, id: 0, isPrevious: false };
  if (cursor?.isPrevious) {
    return { rows, previous: { cursor: at(first, true, top), hasResults: hasMore }, next: { cursor: at(last, false, bottom), hasResults: true } };
  }
  return { rows, previous: { cursor: at(first, true, top), hasResults: cursor !== null }, next: { cursor: at(last, false, bottom), hasResults: hasMore } };
}

/** The links of a list that always fits on one page (projects, keys, hashes): neither neighbour has results. */
export const singlePageLinks: { previous: PageLink; next: PageLink } = { previous: { cursor: "0:0:1", hasResults: false }, next: { cursor: "0:0:0", hasResults: false } };
