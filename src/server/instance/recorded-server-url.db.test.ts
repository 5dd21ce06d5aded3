import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { readRecordedServerUrl, recordServerUrl } from "./recorded-server-url";

describe(`the URL a server records at start on ${testDialect}`, () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => database.destroy());

  it("is null before any server started, then the last server's URL and start time", async () => {
    expect(await readRecordedServerUrl(database.db)).toBeNull();
    await recordServerUrl(database.db, "http://localhost:3000", 1_000);
    await recordServerUrl(database.db, "http://127.0.0.1:3111", 2_000);
    expect(await readRecordedServerUrl(database.db)).toEqual({ url: "http://127.0.0.1:3111", recordedAt: 2_000 });
  });

  it("reads a row it cannot trust as none", async () => {
    for (const value of ["not json", JSON.stringify({ url: "javascript:alert(1)", recordedAt: 1 }), JSON.stringify({ url: "http://x" })]) {
      await database.db.insertInto("instance_settings").values({ key: "server_url", value }).onConflict((conflict) => conflict.column("key").doUpdateSet({ value })).execute();
      expect(await readRecordedServerUrl(database.db)).toBeNull();
    }
  });
});
