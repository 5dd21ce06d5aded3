import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { emptyLogSearch, parseLogQuery } from "../logs/parse-log-search";
import { searchLogs } from "../logs/search-logs";
import { readFileSync } from "node:fs";
import { storeFixtureEvent } from "../../../tests/support/event-envelopes";
import { storeEnvelope } from "../../../tests/support/store-envelope";
import { buildEnvelope } from "../../../tests/support/sdk-helpers";
import { createTestConfig } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { systemContext } from "../access/system-context";
import { digestBatch } from "../digest/digest-batch";
import { addIssueComment } from "../issues/add-issue-comment";
import { insertProject } from "./insert-project";
import { deleteProject } from "./delete-project";
import { ensureInternalProject } from "./ensure-internal-project";

/** Every table that holds rows of a project, by project or by issue. */
const byProject = ["project_keys", "intake", "events", "attachments", "stored_items", "session_counts", "outcomes", "issues", "issue_hashes", "releases", "team_projects", "project_tag_values", "spans", "span_payloads", "span_strings", "web_vitals", "transaction_rollups", "span_group_rollups", "logs", "log_payloads", "log_strings"] as const;
const byIssue = ["issue_hourly_counts", "issue_users", "issue_environments", "issue_tag_values", "issue_activity", "issue_comments"] as const;

describe(`deleting a project on ${testDialect}`, () => {
  let database: TestDatabase;
  let context: AccessContext;
  beforeEach(async () => {
    database = await createTestDatabase();
    context = systemContext(database, createTestConfig());
  });
  afterEach(() => database.destroy());

  async function seed(name: string) {
    const { project } = await insertProject(database.db, { name });
    await storeFixtureEvent(database.db, project.id, "node-exception.envelope");
    await storeFixtureEvent(database.db, project.id, "browser-nextjs-unhandled-error.envelope");
    await storeEnvelope(database.db, project.id, new Uint8Array(readFileSync(new URL("../../../tests/fixtures/envelopes/browser-nextjs-pageload.envelope", import.meta.url))), { eventId: null, itemTypes: ["transaction"], summary: null, sdkName: null });
    const logs = { items: [{ timestamp: Date.now() / 1000, trace_id: "5b8efff798038103d269b633813fc60c", level: "info", body: `cart of ${name} loaded`, attributes: { "sentry.release": { type: "string", value: "shop@1" }, "sentry.message.template": { type: "string", value: "cart of %s loaded" }, "sentry.message.parameter.0": { type: "string", value: name } } }] };
    await storeEnvelope(database.db, project.id, buildEnvelope({}, [{ header: { type: "log", item_count: 1, content_type: "application/vnd.sentry.items.log+json" }, payload: JSON.stringify(logs) }]), { eventId: null, itemTypes: ["log"], summary: null, sdkName: null });
    await digestBatch(database);
    const issue = await database.db.selectFrom("issues").select("id").where("project_id", "=", project.id).executeTakeFirstOrThrow();
    await addIssueComment(context, { issueId: issue.id, body: "looking" });
    const team = await database.db.insertInto("teams").values({ slug: `team-${name}`, name, created_at: Date.now() }).returning("id").executeTakeFirstOrThrow();
    await database.db.insertInto("team_projects").values({ team_id: team.id, project_id: project.id }).execute();
    const issueIds = (await database.db.selectFrom("issues").select("id").where("project_id", "=", project.id).execute()).map((row) => row.id);
    return { projectId: project.id, issueIds };
  }

  async function rowsOf(projectId: number, issueIds: number[]): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of byProject) {
      const row = await database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).where("project_id", "=", projectId).executeTakeFirstOrThrow();
      counts[table] = Number(row.n);
    }
    for (const table of byIssue) {
      const row = await database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).where("issue_id", "in", issueIds).executeTakeFirstOrThrow();
      counts[table] = Number(row.n);
    }
    return counts;
  }

  it("removes every row of the project and its issues, and nothing of another project", async () => {
    const doomed = await seed("doomed");
    const kept = await seed("kept");
    const keptBefore = await rowsOf(kept.projectId, kept.issueIds);
    const doomedBefore = await rowsOf(doomed.projectId, doomed.issueIds);
    // The seed reaches the tables it claims to (so "all zero" below means something).
    for (const table of ["project_keys", "intake", "events", "issues", "issue_hashes", "team_projects", "project_tag_values", "spans", "span_payloads", "span_strings", "web_vitals", "transaction_rollups", "span_group_rollups", "logs", "log_payloads", "log_strings", "issue_hourly_counts", "issue_tag_values", "issue_activity", "issue_comments"]) expect(doomedBefore[table], table).toBeGreaterThan(0);

    // The slug typed out is the confirmation: anything else deletes nothing.
    await expect(deleteProject(context, { projectId: doomed.projectId, confirmSlug: "kept" })).rejects.toMatchObject({ code: "bad_request" });
    await expect(deleteProject(context, { projectId: doomed.projectId, confirmSlug: "" })).rejects.toMatchObject({ code: "bad_request" });
    expect(await rowsOf(doomed.projectId, doomed.issueIds)).toEqual(doomedBefore);
    expect(await database.db.selectFrom("audit_log").select("id").where("action", "=", "project.deleted").execute()).toEqual([]);

    expect(await deleteProject(context, { projectId: doomed.projectId, confirmSlug: "doomed" })).toEqual({ slug: "doomed" });
    expect(await database.db.selectFrom("audit_log").select(["action", "actor", "target"]).where("action", "=", "project.deleted").execute()).toEqual([{ action: "project.deleted", actor: "cli", target: "project:doomed" }]);

    expect(Object.values(await rowsOf(doomed.projectId, doomed.issueIds)).every((count) => count === 0), JSON.stringify(await rowsOf(doomed.projectId, doomed.issueIds))).toBe(true);
    expect(await database.db.selectFrom("projects").select("id").where("id", "=", doomed.projectId).executeTakeFirst()).toBeUndefined();
    expect(await rowsOf(kept.projectId, kept.issueIds)).toEqual(keptBefore);
    // The kept project's line is still found by its words; the deleted one's is gone from the index too.
    const found = await searchLogs(context, { ...emptyLogSearch(Date.now()), conditions: parseLogQuery("loaded") });
    expect(found.rows.map((row) => row.message)).toEqual(["cart of kept loaded"]);
    if (testDialect === "sqlite") expect(await sql<{ n: number }>`select count(*) as n from logs_fts where logs_fts match 'doomed'`.execute(database.db)).toMatchObject({ rows: [{ n: 0 }] });
  });

  it("refuses Lantern's own project and unknown ids", async () => {
    await ensureInternalProject(database.db);
    const internalId = (await database.db.selectFrom("projects").select("id").where("is_internal", "=", 1).executeTakeFirstOrThrow()).id;
    await expect(deleteProject(context, { projectId: internalId, confirmSlug: "lantern" })).rejects.toMatchObject({ code: "conflict" });
    await expect(deleteProject(context, { projectId: 987654, confirmSlug: "anything" })).rejects.toMatchObject({ code: "not_found" });
  });
});
