import { expect } from "vitest";
import { emptyLogSearch, parseLogQuery } from "@/server/logs/parse-log-search";
import { searchLogs } from "@/server/logs/search-logs";
import { hour, now, type Upgraded } from "../seed-world";

/**
 * 0027 adds no table: on PostgreSQL it gives the lines stored before it their severity token, which a search
 * for a severity and an attribute or word now needs. The lines are 0024's seed (a templated info line with
 * `user.id` u-42, an error line); without the backfill PostgreSQL would find neither below.
 */
export async function seed(): Promise<void> {}

export async function check({ context }: Upgraded): Promise<void> {
  const search = async (query: string) => (await searchLogs(context, { ...emptyLogSearch(now), window: { startUs: (now - 2 * hour) * 1000, endUs: now * 1000 }, conditions: parseLogQuery(query) })).rows.map((row) => row.message);
  expect(await search("severity:info user.id:u-42")).toEqual(["cart 7 checked out"]);
  expect(await search("severity:[warn,error] declined")).toEqual(["payment declined by bank"]);
  expect(await search("severity:error user.id:u-42")).toEqual([]);
}
