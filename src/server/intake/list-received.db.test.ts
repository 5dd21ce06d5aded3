import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestConfig } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { systemContext } from "../access/system-context";
import { insertProject } from "../projects/insert-project";
import { getReceivedEnvelope } from "./get-received-envelope";
import { listReceivedEnvelopes } from "./list-received-envelopes";
import { storeEnvelope } from "../../../tests/support/store-envelope";

describe(`received envelopes on ${testDialect}`, () => {
  let database: TestDatabase;
  let context: AccessContext;
  beforeEach(async () => {
    database = await createTestDatabase();
    context = systemContext(database, createTestConfig());
  });
  afterEach(() => database.destroy());

  async function store(projectId: number, itemTypes: string[], summary: string | null) {
    return storeEnvelope(database.db, projectId, new TextEncoder().encode(`{}\n{"type":"${itemTypes[0]}"}\n{}`), { eventId: null, itemTypes, summary, sdkName: "sentry.javascript.node" });
  }

  it("lists a project's envelopes newest first and filters by an item type anywhere in the envelope", async () => {
    const { project } = await insertProject(database.db, { name: "web" });
    await store(project.id, ["session"], null);
    await store(project.id, ["client_report", "event"], "TypeError: a");
    await store(project.id, ["event", "attachment"], "TypeError: b");
    await store(project.id, ["eventual"], null);

    const all = await listReceivedEnvelopes(context, project.id);
    expect(all.map((row) => row.itemTypes.join(","))).toEqual(["eventual", "event,attachment", "client_report,event", "session"]);
    const events = await listReceivedEnvelopes(context, project.id, { itemType: "event" });
    expect(events.map((row) => row.summary)).toEqual(["TypeError: b", "TypeError: a"]);
  });

  it("opens the latest envelope when no id is given, with links to its neighbours", async () => {
    const { project } = await insertProject(database.db, { name: "web" });
    const first = await store(project.id, ["event"], "first");
    const second = await store(project.id, ["event"], "second");
    const latest = await getReceivedEnvelope(context, project.id);
    expect(latest).toMatchObject({ id: second, summary: "second", previousId: first, nextId: null });
    expect(await getReceivedEnvelope(context, project.id, first)).toMatchObject({ id: first, previousId: null, nextId: second });
    await expect(getReceivedEnvelope(context, project.id, second + 100)).rejects.toMatchObject({ code: "not_found" });
  });
});
