import { sql } from "kysely";
import { expect } from "vitest";
import { vacuumFreePages } from "@/server/storage/vacuum-free-pages";
import { execute, insertRows, selectValue, type SeedTarget } from "../seed-sql";
import { hour, now, eventId, projectIdOf, type Upgraded } from "../seed-world";

/**
 * SQLite files give freed pages back (incremental auto-vacuum): transactions kept for the views to come,
 * three in four of them deleted as retention does, and the space given back by today's housekeeping step.
 */
export async function seed(target: SeedTarget): Promise<void> {
  const storefront = await projectIdOf(target, "storefront");
  const intakeId = await selectValue(target, sql<{ value: unknown }>`select min(id) as value from intake where project_id = ${storefront}`);
  const spans = Array.from({ length: 40 }, (_, index) => ({ span_id: index.toString(16).padStart(16, "0"), op: "http.client", description: `GET /api/products?page=${index}` }));
  const transactions = Array.from({ length: 1_200 }, (_, index) => ({
    project_id: storefront,
    intake_id: intakeId,
    item_index: 1_000 + index,
    type: "transaction",
    event_id: eventId(`transaction-${index}`),
    received_at: now - 3 * hour + index * 1_000,
    payload: Buffer.from(JSON.stringify({ type: "transaction", transaction: `/products/${index}`, spans })),
  }));
  await insertRows(target, "stored_items", transactions);
  await execute(target, sql`delete from stored_items where type = ${"transaction"} and item_index % 4 <> 0`);
}

export async function check({ database }: Upgraded): Promise<void> {
  const { db } = database;
  const kept = await db.selectFrom("stored_items").select(["item_index", "payload"]).where("type", "=", "transaction").orderBy("item_index").execute();
  expect(kept.map((item) => item.item_index)).toEqual(Array.from({ length: 300 }, (_, index) => 1_000 + index * 4));
  expect(JSON.parse(Buffer.from(kept[1]!.payload).toString("utf8"))).toMatchObject({ transaction: "/products/4" });
  const released = await vacuumFreePages(database);
  if (database.dialect === "sqlite") {
    const pragma = async (name: string) => Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] as Record<string, number | string>)[0];
    expect(await pragma("auto_vacuum")).toBe(2);
    expect(released.pagesReleased).toBeGreaterThan(0);
    expect(await pragma("integrity_check")).toBe("ok");
  } else {
    expect(released).toEqual({ pagesReleased: 0, steps: 0 });
  }
}
