import { expect } from "vitest";
import { getProjectPerformance } from "@/server/performance/get-project-performance";
import { insertRow, insertRowReturningId, type SeedTarget } from "../seed-sql";
import { hour, now, projectIdOf, type Upgraded } from "../seed-world";

/** Two page loads' LCP of the storefront's product page, as 0021 keeps web vitals. */
export async function seed(target: SeedTarget): Promise<void> {
  const projectId = await projectIdOf(target, "storefront");
  const page = await insertRowReturningId(target, "span_strings", { project_id: projectId, kind: 3, value: "/products/[id]" });
  for (const [offset, value] of [[0, 1800], [1, 3100]] as const) {
    await insertRow(target, "web_vitals", { project_id: projectId, page_id: page, vital: 1, start_us: (now - 2 * hour + offset * 60_000) * 1000, value });
  }
}

export async function check({ context }: Upgraded): Promise<void> {
  const storefront = await context.db.selectFrom("projects").select("id").where("slug", "=", "storefront").executeTakeFirstOrThrow();
  const performance = await getProjectPerformance(context, storefront.id, { period: "24h", now });
  expect(performance.vitals).toEqual([{ page: "/products/[id]", vitals: [{ vital: "lcp", p75: 2775, rating: "needs-improvement", count: 2 }] }]);
}
