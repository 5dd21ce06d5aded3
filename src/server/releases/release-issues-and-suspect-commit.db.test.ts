import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeFixtureEvent } from "../../../tests/support/event-envelopes";
import { createTestConfig } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { systemContext } from "../access/system-context";
import { updateApiRelease } from "../api/releases/update-api-release";
import { digestBatch } from "../digest/digest-batch";
import { resolveIssue } from "../issues/resolve-issue";
import { parseIssueQuery } from "../issues/search/parse-issue-query";
import { searchIssues } from "../issues/search/search-issues";
import { insertProject } from "../projects/insert-project";
import { findSuspectCommit } from "./find-suspect-commit";
import { listReleaseIssues, type ReleaseIssueKind } from "./list-release-issues";

/**
 * A scripted life over three releases, through real digest (captured @sentry/node events, one issue per
 * fingerprint): what each release brought (new), brought back (regressed) and fixed (resolved); the issue
 * search's release:latest and first-release:; and the suspect commit from the commits set-commits sent.
 */
describe(`release issues and suspect commits on ${testDialect}`, () => {
  let database: TestDatabase;
  let context: AccessContext;
  let shopId: number;
  let otherId: number;
  let clock = Date.now() - 3_600_000;

  beforeEach(async () => {
    database = await createTestDatabase();
    context = systemContext(database, createTestConfig());
    shopId = (await insertProject(database.db, { name: "shop" })).project.id;
    otherId = (await insertProject(database.db, { name: "other" })).project.id;
  });
  afterEach(() => database.destroy());

  /** One event of issue `name` in `release`, received a second after the previous one; returns its issue. */
  async function send(name: string, release: string, projectId = shopId): Promise<number> {
    clock += 1_000;
    let eventId = "";
    await storeFixtureEvent(
      database.db,
      projectId,
      "node-exception.envelope",
      (event) => {
        event.fingerprint = [name];
        event.release = release;
        eventId = event.event_id as string;
      },
      clock,
    );
    await digestBatch(database);
    return Number((await database.db.selectFrom("events").select("issue_id").where("event_id", "=", eventId).executeTakeFirstOrThrow()).issue_id);
  }

  async function issuesOf(version: string, kind: ReleaseIssueKind): Promise<number[]> {
    return (await listReleaseIssues(context, { projectId: shopId, version, kind })).map((issue) => issue.id).sort((a, b) => a - b);
  }

  async function search(query: string, projectId?: number): Promise<number[]> {
    const parsed = parseIssueQuery(query);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const { issues } = await searchIssues(database.db, { projectId, query: parsed.query, sort: "last_seen", limit: 100, me: "cli", visibleProjectIds: null });
    return issues.map((issue) => issue.id).sort((a, b) => a - b);
  }

  const sorted = (...ids: number[]) => [...ids].sort((a, b) => a - b);

  it("gives each release its new, regressed and resolved issues", async () => {
    const [a, b, c] = [await send("A", "shop@1"), await send("B", "shop@1"), await send("C", "shop@1")];
    await resolveIssue(context, { issueId: a, kind: "now" });
    await resolveIssue(context, { issueId: b, kind: "next_release" });
    await resolveIssue(context, { issueId: c, kind: "in_release", release: "shop@3" });

    expect(await send("A", "shop@2")).toBe(a);
    const d = await send("D", "shop@2");
    expect(await issuesOf("shop@1", "new")).toEqual(sorted(a, b, c));
    expect(await issuesOf("shop@2", "new")).toEqual([d]);
    expect(await issuesOf("shop@2", "regressed")).toEqual([a]);
    // B was resolved "in the next release" while shop@1 was the newest: shop@2 fixed it.
    expect(await issuesOf("shop@2", "resolved")).toEqual([b]);

    await resolveIssue(context, { issueId: d, kind: "next_release" });
    expect(await send("B", "shop@3")).toBe(b);
    const e = await send("E", "shop@3");

    expect(await issuesOf("shop@1", "new")).toEqual(sorted(a, b, c));
    expect(await issuesOf("shop@2", "new")).toEqual([d]);
    expect(await issuesOf("shop@3", "new")).toEqual([e]);
    expect(await issuesOf("shop@1", "regressed")).toEqual([]);
    expect(await issuesOf("shop@2", "regressed")).toEqual([a]);
    expect(await issuesOf("shop@3", "regressed")).toEqual([b]);
    expect(await issuesOf("shop@1", "resolved")).toEqual([]);
    // B came back in shop@3, so shop@2 no longer holds it; C (in shop@3) and D (after shop@2) are fixed by shop@3.
    expect(await issuesOf("shop@2", "resolved")).toEqual([]);
    expect(await issuesOf("shop@3", "resolved")).toEqual(sorted(c, d));
    expect(await issuesOf("shop@4", "new")).toEqual([]);
  });

  it("searches release:latest and first-release: per project, each project with its own latest", async () => {
    const a = await send("A", "shop@1");
    const b = await send("B", "shop@2");
    await send("A", "shop@2");
    const c = await send("C", "shop@3");
    const other = await send("O", "other@7", otherId);
    const otherOld = await send("P", "other@6", otherId);
    await send("O", "other@8", otherId);

    expect(await search("release:latest", shopId)).toEqual([c]);
    expect(await search("first-release:latest", shopId)).toEqual([c]);
    expect(await search("first-release:shop@2", shopId)).toEqual([b]);
    expect(await search("firstRelease:shop@1", shopId)).toEqual([a]);
    expect(await search("!first-release:shop@1", shopId)).toEqual(sorted(b, c));
    expect(await search("release:shop@2", shopId)).toEqual(sorted(a, b));
    // Over all projects, each project's own newest: shop@3 and other@8 (other@6 came last, but in another project it is not the newest of shop).
    expect(await search("release:latest")).toEqual(sorted(c, other));
    expect(await search("first-release:latest")).toEqual(sorted(c));
    expect(await search("!release:latest", otherId)).toEqual([otherOld]);
  });

  it("names the newest commit of the first release that touched an in-app frame's file, and none otherwise", async () => {
    const issue = await send("A", "shop@1");
    expect(await findSuspectCommit(context, issue)).toBeNull();

    const commit = (id: string, message: string, minutesAgo: number, paths: string[]) => ({
      id,
      repository: "origin",
      message,
      author_name: "Dev One",
      author_email: "dev@shop.test",
      timestamp: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
      patch_set: paths.map((path) => ({ path, type: "M" })),
    });
    // None of these touched the frame's file (/work/main/scripts/capture-envelopes.mjs).
    await updateApiRelease(context, "shop@1", { commits: [commit("1".repeat(40), "Docs", 1, ["README.md", "scripts/capture-envelopes.ts"])] });
    expect(await findSuspectCommit(context, issue)).toBeNull();

    await updateApiRelease(context, "shop@1", {
      commits: [
        commit("2".repeat(40), "Unrelated, newest", 1, ["src/other.ts"]),
        commit("3".repeat(40), "Touch capture again\n\nbody", 5, ["scripts/capture-envelopes.mjs", "README.md"]),
        commit("4".repeat(40), "Write capture", 30, ["scripts/capture-envelopes.mjs"]),
      ],
    });
    expect(await findSuspectCommit(context, issue)).toMatchObject({ commitId: "3".repeat(40), message: "Touch capture again\n\nbody", authorName: "Dev One", release: "shop@1", matchedFiles: ["scripts/capture-envelopes.mjs"] });

    // A commit of another release touching the file does not count: the issue's first release is shop@1.
    const later = await send("B", "shop@2");
    await updateApiRelease(context, "shop@1", { commits: [] });
    await updateApiRelease(context, "shop@2", { commits: [commit("5".repeat(40), "Later", 0, ["scripts/capture-envelopes.mjs"])] });
    expect(await findSuspectCommit(context, issue)).toBeNull();
    expect(await findSuspectCommit(context, later)).toMatchObject({ commitId: "5".repeat(40), release: "shop@2" });
  });
});
