import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { insertProject, type CreatedProject } from "./insert-project";
import { loadDigestConfigs, parsedByText } from "./load-digest-configs";

describe(`parsed grouping rules remembered by text on ${testDialect}`, () => {
  let database: TestDatabase;
  let shop: CreatedProject;
  beforeEach(async () => {
    database = await createTestDatabase();
    shop = await insertProject(database.db, { name: "shop" });
  });
  afterEach(() => database.destroy());

  /** Saves `rules` as the project's stack-trace rules and returns the parsed list digest would apply. */
  async function loadWith(rules: string) {
    await database.db.updateTable("projects").set({ stacktrace_rules: rules }).where("id", "=", shop.project.id).execute();
    return (await loadDigestConfigs(database.db, [shop.project.id]))(shop.project.id).grouping.stacktraceRules;
  }

  it("holds no more texts than its count bound however often the rules change", async () => {
    let largest = 0;
    for (let i = 0; i < parsedByText.max + 50; i++) {
      expect(await loadWith(`path:**/vendor${i}/** -app`)).toHaveLength(1);
      largest = Math.max(largest, parsedByText.size);
    }
    expect(largest).toBe(parsedByText.max);
  });

  it("holds no more characters than its size bound when the rules are as long as allowed", async () => {
    let largest = 0;
    // 60 texts of about 99,000 characters: half again as many as the 4 million characters hold.
    for (let i = 0; i < 60; i++) {
      // About 99,000 characters: 3,300 rules of 30.
      const rules = Array.from({ length: 3_300 }, (_, line) => `path:**/v${i}-${line}/**`.padEnd(24, "x") + " -app").join("\n");
      expect(await loadWith(rules)).toHaveLength(3_300);
      largest = Math.max(largest, parsedByText.calculatedSize);
    }
    expect(largest).toBeLessThanOrEqual(parsedByText.maxSize);
    expect(largest).toBeGreaterThan(parsedByText.maxSize * 0.95);
  });
});
