import { expect } from "vitest";
import { getProjectPerformance } from "@/server/performance/get-project-performance";
import { getTransactionSummary } from "@/server/performance/get-transaction-summary";
import { insertRow, insertRowReturningId, type SeedTarget } from "../seed-sql";
import { hour, now, projectIdOf, type Upgraded } from "../seed-world";

/**
 * An hour of the storefront's product page as 0023 rolls transactions up: 30 page loads in release
 * storefront@3.1.0, two failed, with their histogram text (buckets of 2^(b/8) µs). The checkout request of
 * the 0020 seed is rolled up by the migration itself.
 */
export async function seed(target: SeedTarget): Promise<void> {
  const projectId = await projectIdOf(target, "storefront");
  const string = (kind: number, value: string) => insertRowReturningId(target, "span_strings", { project_id: projectId, kind, value });
  const [pageload, name, release] = [await string(1, "pageload"), await string(3, "GET /products/[id]"), await string(4, "storefront@3.1.0")];
  const hourStart = now - 3 * hour - ((now - 3 * hour) % hour);
  // 20 page loads in bucket 160 (2^20 µs ≈ 1.05 s), 10 in bucket 168 (≈ 2.1 s).
  await insertRow(target, "transaction_rollups", { project_id: projectId, hour: hourStart, segment_name_id: name, op_id: pageload, release_id: release, environment_id: 0, count: 30, failed: 2, duration_sum_us: 41_943_040, histogram: "160:20,168:10" });
}

export async function check({ context }: Upgraded): Promise<void> {
  const projectOf = async (slug: string) => (await context.db.selectFrom("projects").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id;
  const storefront = await getTransactionSummary(context, await projectOf("storefront"), "GET /products/[id]", { period: "24h", now });
  expect(storefront).toMatchObject({ count: 30, op: "pageload", releases: [expect.objectContaining({ release: "storefront@3.1.0", count: 30 })] });
  expect(storefront!.failureRate).toBeCloseTo(2 / 30);
  expect(storefront!.p50! / 1000).toBeCloseTo(1.09, 1);
  expect(storefront!.p95! / 1000).toBeCloseTo(2.18, 1);
  const checkout = await getProjectPerformance(context, await projectOf("checkout"), { period: "24h", now });
  expect(checkout.transactions).toEqual([expect.objectContaining({ name: "POST /checkout", op: "http.server", count: 1, failureRate: 0 })]);
}
