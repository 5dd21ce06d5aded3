import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { eventEnvelope, eventRows, postToIngest } from "../../../tests/support/sdk-helpers";
import { startIngestServer, type IngestServer } from "../../../tests/support/start-ingest-server";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { insertProject, type CreatedProject } from "../projects/insert-project";
import { FreeSpaceGuard } from "./disk-free-space";

const GiB = 1024 ** 3;

describe(`the free-space floor over HTTP on ${testDialect}`, { timeout: 60_000 }, () => {
  let database: TestDatabase;
  let shop: CreatedProject;
  let server: IngestServer | undefined;
  beforeEach(async () => {
    database = await createTestDatabase();
    shop = await insertProject(database.db, { name: "Shop", platform: "node" });
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    await database.destroy();
  });

  const send = () => postToIngest(server!, shop.project.id, eventEnvelope().body, { key: shop.key.public_key });
  const intakeCount = async () => (await database.db.selectFrom("intake").select("id").execute()).length;

  if (testDialect === "sqlite") {
    it("answers 503 with Retry-After and the reason when the real volume of the SQLite file has less free space than LANTERN_MIN_FREE_DISK", async () => {
      // No disk here has a petabyte free: statfs on the test database's own directory says so.
      server = await startIngestServer(database, { LANTERN_MIN_FREE_DISK: "1PB" }, { isDigesting: false });
      const response = await send();
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("60");
      expect(response.headers.get("x-sentry-rate-limits")).toBe("60::organization:disk_space");
      expect(response.headers.get("x-sentry-error")).toMatch(/below LANTERN_MIN_FREE_DISK \(1PB\)/);
      expect(await response.json()).toEqual({ detail: expect.stringMatching(/^the database's disk has .+ free, below LANTERN_MIN_FREE_DISK/) });
      expect(await intakeCount()).toBe(0);
    });

    it("refuses while the volume is below the floor and recovers by itself once space returns; every 200 before stays stored", async () => {
      server = await startIngestServer(database, {}, { isDigesting: false });
      let freeBytes = 5 * GiB;
      let clock = 0;
      // The probe is the test's; the guard, its one-second cache and the ingest path are the real ones.
      server.service.freeSpace = new FreeSpaceGuard(async () => freeBytes, 1 * GiB, () => clock);

      const accepted: string[] = [];
      for (let index = 0; index < 3; index += 1) {
        const response = await send();
        expect(response.status).toBe(200);
        accepted.push(((await response.json()) as { id: string }).id);
      }
      freeBytes = 0.5 * GiB;
      // Within the second the last reading stands: still accepted, no new statfs.
      expect((await send()).status).toBe(200);
      clock += 1_000;
      const refused = await send();
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("60");
      expect(await refused.json()).toEqual({ detail: "the database's disk has 512MB free, below LANTERN_MIN_FREE_DISK (1GB); try again later" });
      expect(await intakeCount()).toBe(4);

      freeBytes = 3 * GiB;
      clock += 1_000;
      expect((await send()).status).toBe(200);
      await server.service.digest.drain();
      expect(await eventRows(database.db, shop.project.id)).toHaveLength(5);
      expect(await intakeCount()).toBe(5);
    });
  } else {
    it("does not probe PostgreSQL's disk, which belongs to its server: a floor no disk meets refuses nothing", async () => {
      server = await startIngestServer(database, { LANTERN_MIN_FREE_DISK: "1PB" }, { isDigesting: false });
      expect(server.service.freeSpace).toBeNull();
      expect((await send()).status).toBe(200);
      expect(await intakeCount()).toBe(1);
    });
  }
});
