import { describe, expect, it } from "vitest";
import { isAppError } from "../errors";
import { formatCursor, keysetPage, linkHeader, parseCursor, parseLimit } from "./pagination";

/** Rows of a list ordered by (value, id) descending, as a query would return them. */
const rows = [
  { id: 9, value: 50 },
  { id: 7, value: 50 },
  { id: 8, value: 40 },
  { id: 3, value: 30 },
  { id: 5, value: 20 },
];
const valueOf = (row: { value: number }) => row.value;

/** What the database answers for a cursor: the rows after it descending, or before it ascending; limit + 1. */
function fetch(cursorText: string | null, limit: number) {
  const cursor = cursorText ? parseCursor(cursorText) : null;
  const after = (row: { id: number; value: number }) => (cursor ? row.value < cursor.value || (row.value === cursor.value && row.id < cursor.id) : true);
  const before = (row: { id: number; value: number }) => cursor !== null && (row.value > cursor.value || (row.value === cursor.value && row.id > cursor.id));
  const fetched = cursor?.isPrevious ? rows.filter(before).reverse() : rows.filter(after);
  return keysetPage(fetched.slice(0, limit + 1), limit, cursor, valueOf);
}

describe("Sentry-style keyset pagination", () => {
  it("walks forward through every row once, then back again through the previous links", () => {
    const forward: number[][] = [];
    let page = fetch(null, 2);
    expect(page.previous.hasResults).toBe(false);
    forward.push(page.rows.map((row) => row.id));
    while (page.next.hasResults) {
      page = fetch(page.next.cursor, 2);
      forward.push(page.rows.map((row) => row.id));
    }
    expect(forward).toEqual([[9, 7], [8, 3], [5]]);

    const backward: number[][] = [];
    while (page.previous.hasResults) {
      page = fetch(page.previous.cursor, 2);
      backward.push(page.rows.map((row) => row.id));
    }
    expect(backward).toEqual([[8, 3], [9, 7]]);
    expect(page.next.hasResults).toBe(true);
  });

  it("keeps the boundary when a page is empty, so the way back includes the row the cursor named", () => {
    const empty = fetch(formatCursor({ value: 20, id: 5, isPrevious: false }), 2);
    expect(empty.rows).toEqual([]);
    expect(empty.next.hasResults).toBe(false);
    expect(empty.previous.hasResults).toBe(true);
    expect(fetch(empty.previous.cursor, 2).rows.map((row) => row.id)).toEqual([3, 5]);
  });

  it("reads and writes cursors as <value>:<id>:<isPrevious> and refuses anything else", () => {
    expect(parseCursor("1700000000000:42:1")).toEqual({ value: 1_700_000_000_000, id: 42, isPrevious: true });
    expect(formatCursor({ value: 5, id: 2, isPrevious: false })).toBe("5:2:0");
    for (const text of ["", "1:2", "a:b:c", "1:2:3", "1; drop table issues", "1:2:0:0"]) {
      const error = (() => {
        try {
          return parseCursor(text);
        } catch (caught) {
          return caught;
        }
      })();
      expect(isAppError(error) && error.code).toBe("bad_request");
    }
  });

  it("writes the Link header as Sentry does, on the public URL, keeping the other query parameters", () => {
    const url = new URL("http://127.0.0.1:3000/api/0/projects/lantern/shop/issues/?query=is%3Aunresolved&cursor=old");
    const header = linkHeader(url, "https://lantern.example.com", { previous: { cursor: "10:3:1", hasResults: false }, next: { cursor: "5:2:0", hasResults: true } });
    expect(header).toBe(
      '<https://lantern.example.com/api/0/projects/lantern/shop/issues/?query=is%3Aunresolved&cursor=10%3A3%3A1>; rel="previous"; results="false"; cursor="10:3:1", ' +
        '<https://lantern.example.com/api/0/projects/lantern/shop/issues/?query=is%3Aunresolved&cursor=5%3A2%3A0>; rel="next"; results="true"; cursor="5:2:0"',
    );
  });

  it("takes limit (or per_page) between 1 and the maximum", () => {
    expect(parseLimit(new URLSearchParams(""), 100)).toBe(100);
    expect(parseLimit(new URLSearchParams("limit=5"), 100)).toBe(5);
    expect(parseLimit(new URLSearchParams("per_page=7"), 100)).toBe(7);
    expect(parseLimit(new URLSearchParams("limit=1000"), 100)).toBe(100);
    expect(() => parseLimit(new URLSearchParams("limit=0"), 100)).toThrow(/limit/);
    expect(() => parseLimit(new URLSearchParams("limit=ten"), 100)).toThrow(/limit/);
  });
});
