import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeFixtureEvent } from "../../../../tests/support/event-envelopes";
import { storeEnvelope } from "../../../../tests/support/store-envelope";
import { createTestAuth, createTestConfig, createTestContext, createTestUser } from "../../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../../tests/support/test-database";
import type { AccessContext } from "../../access/authorize";
import { listIssuesRoute } from "../../api/routes/issue-list-routes";
import { digestBatch } from "../../digest/digest-batch";
import { serializeEnvelope } from "../../ingest/serialize-envelope";
import { insertProject } from "../../projects/insert-project";
import { createApiToken } from "../../tokens/api-tokens";
import { tokenIssuerOf } from "../../tokens/org-auth-token";
import { loadIssueList } from "./load-issue-list";

/**
 * `digest:N` in the issue search and in the API's `query=`: the issues are made by digest from events the
 * real @sentry/nextjs sent (src/server/digest/nextjs-sdk-events, no wrapper, no beforeSend: the digest is
 * only in the console breadcrumb until digest derives the tag) and from a wrapper's explicit `digest` tag.
 */
type Json = Record<string, unknown>;
const captured = (name: string): Json => JSON.parse(readFileSync(new URL(`../../digest/nextjs-sdk-events/${name}.json`, import.meta.url), "utf8")) as Json;

const serverComponentDigest = "4252315987";
const serverActionDigest = "491403947";
const wrapperDigest = "2654435761";

describe(`searching issues by Next.js digest on ${testDialect}`, () => {
  let database: TestDatabase;
  let context: AccessContext;
  let token = "";
  const holder = globalThis as typeof globalThis & { lanternDatabase?: Promise<unknown> };
  let previousDatabase: Promise<unknown> | undefined;
  const issue = { serverComponent: 0, serverAction: 0, browserCopy: 0, routeHandler: 0, wrapper: 0 };

  async function issueOf(eventId: string): Promise<number> {
    while ((await digestBatch(database)) > 0);
    const row = await database.db.selectFrom("events").select("issue_id").where("event_id", "=", eventId).executeTakeFirstOrThrow();
    return Number(row.issue_id);
  }

  /** One event exactly as the SDK sent it (a fresh id and time), through intake and digest. */
  async function sendCaptured(projectId: number, name: string): Promise<number> {
    const eventId = randomUUID().replaceAll("-", "");
    const event = { ...captured(name), event_id: eventId, timestamp: Date.now() / 1000 };
    const body = serializeEnvelope({ event_id: eventId }, [{ header: { type: "event" }, payload: new TextEncoder().encode(JSON.stringify(event)) }]);
    await storeEnvelope(database.db, projectId, body, { eventId, itemTypes: ["event"], summary: null, sdkName: "sentry.javascript.nextjs" });
    return issueOf(eventId);
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    previousDatabase = holder.lanternDatabase;
    // The API route reads the process's database, as under `lantern start`: here, this test's.
    holder.lanternDatabase = Promise.resolve(database);
    const config = createTestConfig();
    const owner = await createTestUser(database, createTestAuth(database, config), "owner");
    context = await createTestContext(database, config, owner.userId);
    token = (await createApiToken(database.db, { userId: owner.userId, name: "digest search", scopes: ["read"] , issuer: tokenIssuerOf(config) })).token;

    const nextShop = (await insertProject(database.db, { name: "next shop", platform: "javascript-nextjs" })).project.id;
    issue.serverComponent = await sendCaptured(nextShop, "10.x-server-component");
    issue.serverAction = await sendCaptured(nextShop, "10.x-server-action");
    issue.browserCopy = await sendCaptured(nextShop, "10.x-browser-copy");
    issue.routeHandler = await sendCaptured(nextShop, "10.x-route-handler");

    const legacy = (await insertProject(database.db, { name: "legacy shop", platform: "node" })).project.id;
    let wrapperEventId = "";
    await storeFixtureEvent(database.db, legacy, "node-exception.envelope", (event) => {
      event.tags = { digest: wrapperDigest };
      wrapperEventId = event.event_id as string;
    });
    issue.wrapper = await issueOf(wrapperEventId);
  }, 60_000);

  afterAll(async () => {
    holder.lanternDatabase = previousDatabase;
    await database?.destroy();
  });

  const search = async (query: string, projectSlug?: string) => {
    const projectId = projectSlug ? (await database.db.selectFrom("projects").select("id").where("slug", "=", projectSlug).executeTakeFirstOrThrow()).id : undefined;
    const list = await loadIssueList(context, { projectId, query, sort: "last_seen" });
    expect(list.error).toBeNull();
    return list.issues.map((row) => row.id).sort((a, b) => a - b);
  };
  const ids = (...values: number[]) => [...values].sort((a, b) => a - b);

  it("made five distinct issues, the browser's redacted copy apart from the server error it stands for", () => {
    expect(new Set(Object.values(issue)).size).toBe(5);
  });

  it("digest:N finds the issue whose event carries N, and not the one carrying another digest", async () => {
    expect(await search(`digest:${serverComponentDigest}`)).toEqual([issue.serverComponent]);
    expect(await search(`digest:${serverActionDigest}`)).toEqual([issue.serverAction]);
    expect(await search(`digest:${wrapperDigest}`)).toEqual([issue.wrapper]);
    expect(await search(`digest:${serverComponentDigest}`, "next-shop")).toEqual([issue.serverComponent]);
    expect(await search(`digest:${serverComponentDigest}`, "legacy-shop")).toEqual([]);
    expect(await search("digest:1")).toEqual([]);
  });

  it("!digest:N and has:digest: the negation keeps every other issue, has: only those with a digest", async () => {
    expect(await search(`!digest:${serverComponentDigest}`)).toEqual(ids(issue.serverAction, issue.browserCopy, issue.routeHandler, issue.wrapper));
    expect(await search("has:digest")).toEqual(ids(issue.serverComponent, issue.serverAction, issue.wrapper));
    expect(await search("!has:digest")).toEqual(ids(issue.browserCopy, issue.routeHandler));
    expect(await search(`has:digest !digest:${serverActionDigest}`, "next-shop")).toEqual([issue.serverComponent]);
  });

  async function apiIssueIds(path: string, params: { organizationSlug: string; projectSlug?: string }): Promise<number[]> {
    const response = await listIssuesRoute(new Request(`http://lantern.test${path}`, { headers: { authorization: `Bearer ${token}` } }), { params: Promise.resolve(params) });
    expect(response.status).toBe(200);
    return ((await response.json()) as { id: string }[]).map((row) => Number(row.id)).sort((a, b) => a - b);
  }

  it("the API's issue lists take the same digest: query, organization-wide and per project", async () => {
    const organization = { organizationSlug: "lantern" };
    const query = (text: string) => `query=${encodeURIComponent(text)}`;
    expect(await apiIssueIds(`/api/0/organizations/lantern/issues/?${query(`digest:${serverComponentDigest}`)}`, organization)).toEqual([issue.serverComponent]);
    expect(await apiIssueIds(`/api/0/organizations/lantern/issues/?${query(`digest:${wrapperDigest}`)}`, organization)).toEqual([issue.wrapper]);
    expect(await apiIssueIds(`/api/0/organizations/lantern/issues/?${query(`!digest:${serverComponentDigest}`)}`, organization)).toEqual(ids(issue.serverAction, issue.browserCopy, issue.routeHandler, issue.wrapper));
    expect(await apiIssueIds(`/api/0/organizations/lantern/issues/?${query("has:digest")}`, organization)).toEqual(ids(issue.serverComponent, issue.serverAction, issue.wrapper));
    const project = { organizationSlug: "lantern", projectSlug: "next-shop" };
    expect(await apiIssueIds(`/api/0/projects/lantern/next-shop/issues/?${query(`digest:${serverActionDigest}`)}`, project)).toEqual([issue.serverAction]);
    expect(await apiIssueIds(`/api/0/projects/lantern/next-shop/issues/?${query(`digest:${wrapperDigest}`)}`, project)).toEqual([]);
  });
});
