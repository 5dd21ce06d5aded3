import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { writeTransaction } from "../db/write-transaction";
import { readArtifactFile, sha1Hex, storeArtifactFile } from "./artifact-files";
import { prepareArtifactContents, storePreparedFiles } from "./store-artifact-bundle";

describe(`storing bundle files on ${testDialect}`, () => {
  let database: TestDatabase;
  beforeEach(async () => (database = await createTestDatabase()));
  afterEach(() => database.destroy());

  it("compresses only files not stored yet, before the transaction, and stores each once", async () => {
    const known = Buffer.from("already stored map");
    const fresh = Buffer.from("a new map");
    await storeArtifactFile(database.db, known);
    const prepared = await prepareArtifactContents(database.db, [known, fresh, fresh]);
    expect(prepared.map((file) => [file.sha1, file.gzipped !== null])).toEqual([[sha1Hex(known), false], [sha1Hex(fresh), true], [sha1Hex(fresh), true]]);
    await writeTransaction(database, (trx) => storePreparedFiles(trx, [known, fresh, fresh], prepared));
    expect((await readArtifactFile(database.db, sha1Hex(fresh)))?.toString()).toBe("a new map");
    expect(await database.db.selectFrom("artifact_files").select("sha1").execute()).toHaveLength(2);
  });

  it("stores again a file that was there when prepared but was pruned before the transaction", async () => {
    const map = Buffer.from("a map retention deleted meanwhile");
    await storeArtifactFile(database.db, map);
    const prepared = await prepareArtifactContents(database.db, [map]);
    await database.db.deleteFrom("artifact_files").execute();
    await writeTransaction(database, (trx) => storePreparedFiles(trx, [map], prepared));
    expect((await readArtifactFile(database.db, sha1Hex(map)))?.toString()).toBe("a map retention deleted meanwhile");
  });
});
