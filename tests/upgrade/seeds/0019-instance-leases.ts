import { expect } from "vitest";
import { takeLease } from "@/server/instance/take-lease";
import { insertRow, type SeedTarget } from "../seed-sql";
import { hour, keys, minute, now, type Upgraded } from "../seed-world";

/**
 * Leases and shared rate-limit windows as 0019 stores them: the housekeeping lease of an instance that died
 * an hour ago (run out), the backups lease of one alive (an hour left), and the checkout key's count of a
 * window long over.
 */
export async function seed(target: SeedTarget): Promise<void> {
  await insertRow(target, "leases", { name: "housekeeping", holder: "web-1:4242:dead", expires_at: now - hour });
  await insertRow(target, "leases", { name: "backups", holder: "web-2:77:alive", expires_at: now + hour });
  await insertRow(target, "rate_limit_windows", { public_key: keys.checkout, category: "error;default", window_start: now - 10 * minute, used: 500 });
}

export async function check({ database }: Upgraded): Promise<void> {
  expect(await takeLease(database, { name: "housekeeping", holder: "web-3:1:new", ttlMs: 60_000 })).toBe(true);
  expect(await takeLease(database, { name: "backups", holder: "web-3:1:new", ttlMs: 60_000 })).toBe(false);
  const window = await database.db.selectFrom("rate_limit_windows").select(["used", "window_start"]).where("public_key", "=", keys.checkout).executeTakeFirstOrThrow();
  expect(window).toEqual({ used: 500, window_start: now - 10 * minute });
}
