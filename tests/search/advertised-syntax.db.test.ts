import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccessContext } from "@/server/access/authorize";
import { listIssuesRoute } from "@/server/api/routes/issue-list-routes";
import { assignIssue } from "@/server/issues/assign-issue";
import { ignoreIssue } from "@/server/issues/ignore-issue";
import { resolveIssue } from "@/server/issues/resolve-issue";
import { setIssueBookmark } from "@/server/issues/set-issue-bookmark";
import { loadIssueList } from "@/server/issues/search/load-issue-list";
import { insertProject, type CreatedProject } from "@/server/projects/insert-project";
import { parseEnvelope } from "@/server/ingest/parse-envelope";
import { serializeEnvelope } from "@/server/ingest/serialize-envelope";
import { createApiToken } from "@/server/tokens/api-tokens";
import { tokenIssuerOf } from "../../src/server/tokens/org-auth-token";
import { envelopeFromFixture } from "../support/event-envelopes";
import { postToIngest } from "../support/sdk-helpers";
import { startIngestServer, type IngestServer } from "../support/start-ingest-server";
import { createTestAuth, createTestConfig, createTestContext, createTestUser } from "../support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../support/test-database";
import { collectSearchExamples, fillPlaceholders, type SearchExample } from "./collect-search-examples";

/**
 * Advertised syntax cannot rot: every search example in README.md, docs/*.md, the Docs pages, the search
 * bar's hint and placeholder and the OpenAPI document (collect-search-examples.ts says how they are found)
 * runs against events that should match it — captured @sentry/node and @sentry/nextjs (browser, Chromium)
 * events with realistic values, sent through the real ingest server and digest — and must find an issue.
 * Ownership examples (`assigned:`, `bookmarks:`) search as the owner, who is in the team payments and
 * assigned the issues to themself, to payments and to ann@example.com (an admin).
 * An example added to any of those places that finds nothing fails here, naming where it was found.
 */
type Json = Record<string, unknown>;

const examples = collectSearchExamples();
const windowsChrome = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const macSafari = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
const wrapperDigest = "2654435761";

/** What the events carry, for examples that write a value as `…` or `<value>`. */
const placeholderValues: Record<string, string> = {
  release: "shop@2.1.0",
  environment: "production",
  "user.email": "bob@example.com",
  user: "id:42",
  digest: wrapperDigest,
};
/** The trace the Node exception's events belong to (the docs' `trace:` example: W3C Trace Context's sample id). */
const nodeTrace = "4bf92f3577b34da6a3ce929d0e0e4736";

describe(`advertised search syntax on ${testDialect}`, { timeout: 60_000 }, () => {
  let database: TestDatabase;
  let server: IngestServer;
  let context: AccessContext;
  let token = "";
  let shop: CreatedProject;
  let api: CreatedProject;
  const holder = globalThis as typeof globalThis & { lanternDatabase?: Promise<unknown> };
  let previousDatabase: Promise<unknown> | undefined;
  /** Issue ids: the browser's unhandled TypeError, a Safari user's handled error, the Node exception (11 events), a resolved and an ignored message. */
  const issue = { browser: 0, safari: 0, node: 0, resolved: 0, ignored: 0 };

  async function send(project: CreatedProject, fixture: string, patch: (event: Json) => void): Promise<number> {
    let eventId = "";
    const captured = parseEnvelope(
      envelopeFromFixture(fixture, (event) => {
        // The captured events are days old; these happen now, so `first-seen:-24h` holds.
        event.timestamp = Date.now() / 1000;
        patch(event);
        eventId = event.event_id as string;
      }),
    );
    // The browser fixture came through Lantern's tunnel with its instance's DSN in the header; sent
    // straight to this project's endpoint, as an SDK with this DSN sends it, the header names no DSN.
    const header = Object.fromEntries(Object.entries(captured.header).filter(([key]) => key !== "dsn" && key !== "trace"));
    const body = serializeEnvelope(header, captured.items.map((item) => ({ header: item.header, payload: item.payload })));
    const response = await postToIngest(server, project.project.id, body, { key: project.key.public_key });
    expect(response.status, await response.clone().text()).toBe(200);
    await server.service.digest.drain();
    const row = await database.db.selectFrom("events").select("issue_id").where("event_id", "=", eventId).executeTakeFirstOrThrow();
    return Number(row.issue_id);
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startIngestServer(database);
    previousDatabase = holder.lanternDatabase;
    // The API route reads the process's database, as under `lantern start`: here, this test's.
    holder.lanternDatabase = Promise.resolve(database);
    const config = createTestConfig();
    const auth = createTestAuth(database, config);
    const owner = await createTestUser(database, auth, "owner");
    context = await createTestContext(database, config, owner.userId);
    token = (await createApiToken(database.db, { userId: owner.userId, name: "advertised syntax", scopes: ["read"] , issuer: tokenIssuerOf(config) })).token;
    shop = await insertProject(database.db, { name: "shop", platform: "javascript" });
    api = await insertProject(database.db, { name: "api", platform: "node" });

    // @sentry/nextjs in Chromium (an unhandled error in a timer), as a Windows Chrome user's browser sends it:
    // only the User-Agent header, from which digest derives the browser and OS.
    issue.browser = await send(shop, "browser-nextjs-unhandled-error.envelope", (event) => {
      const [exception] = (event.exception as { values: Json[] }).values;
      Object.assign(exception!, { type: "TypeError", value: "Checkout payment declined: cannot read properties of undefined (reading 'price')" });
      event.request = { url: "https://shop.example/checkout", headers: { "User-Agent": windowsChrome } };
      event.release = "shop@2.1.0";
      event.environment = "production";
      event.user = { id: "42", email: "bob@example.com", username: "bob", ip_address: "{{auto}}" };
    });
    // The same SDK in a Mac's Safari: a failed fetch the app caught and reported, in release 2.0.
    issue.safari = await send(shop, "browser-nextjs-unhandled-error.envelope", (event) => {
      const [exception] = (event.exception as { values: Json[] }).values;
      Object.assign(exception!, { type: "NetworkError", value: "Load failed", mechanism: { type: "generic", handled: true } });
      event.request = { url: "https://shop.example/cart", headers: { "User-Agent": macSafari } };
      event.release = "2.0";
      event.environment = "production";
    });
    // @sentry/node 10.78's captured exception (runtime, OS and device contexts), eleven times, with a
    // wrapper's digest tag and a custom tag of the api project.
    for (let count = 0; count < 11; count++) {
      issue.node = await send(api, "node-exception.envelope", (event) => {
        event.release = "1.2";
        event.environment = "production";
        event.user = { id: "7", email: "carol@example.com", ip_address: "198.51.100.7" };
        event.tags = { digest: wrapperDigest, region: "eu-west" };
        event.contexts = { ...(event.contexts as Json), trace: { ...((event.contexts as Json).trace as Json), trace_id: nodeTrace } };
      });
    }
    issue.resolved = await send(api, "node-message.envelope", (event) => (event.message = "Nightly export finished with warnings"));
    issue.ignored = await send(api, "node-message.envelope", (event) => (event.message = "Cache warm-up skipped"));
    await resolveIssue(context, { issueId: issue.resolved, kind: "now" });
    await ignoreIssue(context, { issueId: issue.ignored, until: { kind: "forever" } });

    // Ownership, as the examples name it: the owner is in payments (so assigned:my_teams finds its issue).
    await createTestUser(database, auth, "admin", "ann@example.com");
    const { id: paymentsId } = await database.db.insertInto("teams").values({ slug: "payments", name: "Payments", created_at: Date.now() }).returning("id").executeTakeFirstOrThrow();
    await database.db.insertInto("team_members").values({ team_id: paymentsId, user_id: owner.userId }).execute();
    await database.db.insertInto("team_projects").values([{ team_id: paymentsId, project_id: shop.project.id }, { team_id: paymentsId, project_id: api.project.id }]).execute();
    await assignIssue(context, { issueId: issue.browser, assignee: `user:${owner.userId}` });
    await assignIssue(context, { issueId: issue.safari, assignee: "#payments" });
    await assignIssue(context, { issueId: issue.node, assignee: "ann@example.com" });
    await setIssueBookmark(context, { issueId: issue.browser, bookmarked: true });
  }, 120_000);

  afterAll(async () => {
    holder.lanternDatabase = previousDatabase;
    await server?.close();
    await database?.destroy();
  });

  async function search(query: string, projectId?: number) {
    const list = await loadIssueList(context, { query, projectId, sort: "last_seen", limit: 100 });
    return { error: list.error, ids: list.issues.map((row) => row.id).sort((a, b) => a - b) };
  }

  async function apiSearch(query: string, projectSlug?: string) {
    const path = projectSlug ? `/api/0/projects/lantern/${projectSlug}/issues/` : "/api/0/organizations/lantern/issues/";
    const response = await listIssuesRoute(new Request(`http://lantern.test${path}?query=${encodeURIComponent(query)}`, { headers: { authorization: `Bearer ${token}` } }), {
      params: Promise.resolve({ organizationSlug: "lantern", ...(projectSlug ? { projectSlug } : {}) }),
    });
    const body = (await response.json()) as { id: string }[] | { detail: string };
    return { status: response.status, body };
  }

  it("collects the examples of every place that shows them", () => {
    const found = (source: string, text: string) => examples.some((example) => example.source.startsWith(source) && example.text === text);
    expect(found("README.md", 'is:unresolved level:error release:shop@2.1.0 browser.name:Chrome !environment:staging first-seen:-24h "payment declined"')).toBe(true);
    expect(found("README.md", "user.email:bob@example.com")).toBe(true);
    expect(found("src/components/issues/list/issue-search-bar.tsx", "is:unresolved level:error browser.name:Chrome checkout")).toBe(true);
    expect(found("src/components/issues/list/issue-search-bar.tsx", "release:1.2")).toBe(true);
    expect(found("src/content/docs/", "has:digest")).toBe(true);
    expect(found("the OpenAPI document", "os.name:Windows")).toBe(true);
    expect(found("README.md", "assigned:my_teams")).toBe(true);
    expect(found("src/content/docs/", "assigned:my_teams")).toBe(true);
  });

  it.each(examples.map((example): [string, string, SearchExample] => [example.source, example.text, example]))("%s: “%s” finds its events", async (_source, _text, example) => {
    const query = fillPlaceholders(example.text, (key) => placeholderValues[key]);
    const { error, ids } = await search(query);
    expect(error, query).toBeNull();
    expect(ids.length, `${query} finds an issue`).toBeGreaterThan(0);
    if (example.source === "the OpenAPI document") {
      const { status, body } = await apiSearch(query);
      expect(status, query).toBe(200);
      expect((body as { id: string }[]).length, `${query} through the API`).toBeGreaterThan(0);
    }
  });

  it("finds each event by what it carries, and only those events", async () => {
    const only = (...ids: number[]) => ({ error: null, ids: [...ids].sort((a, b) => a - b) });
    // The user with an id is found by e-mail, username and id; the IP digest filled in from the sender.
    expect(await search("user.email:bob@example.com")).toEqual(only(issue.browser));
    expect(await search("user.username:bob")).toEqual(only(issue.browser));
    expect(await search("user.id:42")).toEqual(only(issue.browser));
    expect(await search("user.ip:198.51.100.7")).toEqual(only(issue.node));
    expect(await search("!user.email:bob@example.com is:unresolved")).toEqual(only(issue.node, issue.safari));
    expect(await search("browser.name:Chrome")).toEqual(only(issue.browser));
    expect(await search("browser:\"Chrome 156.0.0.0\"")).toEqual(only(issue.browser));
    expect(await search("has:browser.name")).toEqual(only(issue.browser, issue.safari));
    expect(await search('browser:"Safari 17.5" os.name:"Mac OS"')).toEqual(only(issue.safari));
    expect(await search("os.name:Windows")).toEqual(only(issue.browser));
    expect(await search("os.name:Debian runtime.name:node")).toEqual(only(issue.node, issue.resolved, issue.ignored));
    expect(await search("url:https://shop.example/checkout")).toEqual(only(issue.browser));
    expect(await search("error.type:TypeError")).toEqual(only(issue.browser));
    expect(await search("error.type:Error")).toEqual(only(issue.node));
    expect(await search('error.value:"payment declined"')).toEqual(only(issue.browser));
    expect(await search("is:unhandled")).toEqual(only(issue.browser));
    expect(await search("error.handled:no")).toEqual(only(issue.browser));
    expect(await search("error.unhandled:true")).toEqual(only(issue.browser));
    expect(await search("error.handled:yes")).toEqual(only(issue.node, issue.safari));
    expect(await search("!is:unhandled")).toEqual(only(issue.node, issue.safari, issue.resolved, issue.ignored));
    expect(await search("mechanism:generic")).toEqual(only(issue.node, issue.safari));
    // release: is exact, as in Sentry: 1.2 is not shop@2.1.0.
    expect(await search("release:1.2")).toEqual(only(issue.node));
    expect(await search("release:2.1")).toEqual(only());
    expect(await search("region:eu-west")).toEqual(only(issue.node));
    // Ownership: me is the owner directly, my_teams the teams the owner is in.
    expect(await search("assigned:me")).toEqual(only(issue.browser));
    expect(await search("assigned:my_teams")).toEqual(only(issue.safari));
    expect(await search("assigned:ann@example.com")).toEqual(only(issue.node));
    expect(await search("assigned:none")).toEqual(only(issue.resolved, issue.ignored));
    expect(await search("bookmarks:me")).toEqual(only(issue.browser));
  });

  it("keeps each project's tag values as the sum of its issues'", async () => {
    const issueSums = await database.db
      .selectFrom("issue_tag_values")
      .innerJoin("issues", "issues.id", "issue_tag_values.issue_id")
      .select(["issues.project_id", "issue_tag_values.key", "issue_tag_values.value"])
      .select((eb) => eb.fn.sum<number>("issue_tag_values.times_seen").as("times"))
      .groupBy(["issues.project_id", "issue_tag_values.key", "issue_tag_values.value"])
      .execute();
    const projectRows = await database.db.selectFrom("project_tag_values").select(["project_id", "key", "value", "times_seen"]).execute();
    const asMap = (rows: { project_id: number; key: string; value: string }[], count: (row: never) => unknown) => new Map(rows.map((row) => [`${row.project_id}\u0000${row.key}\u0000${row.value}`, Number(count(row as never))]));
    expect(asMap(projectRows, (row: { times_seen: number }) => row.times_seen)).toEqual(asMap(issueSums, (row: { times: number }) => row.times));
    expect(projectRows.find((row) => row.project_id === api.project.id && row.key === "error.type" && row.value === "Error")?.times_seen).toBe(11);
  });

  it("names an unknown key in a warning on the list and in a 400 from the API", async () => {
    const unknown = await search("is:unresolved bogusfield:xyz");
    expect(unknown.ids).toEqual([]);
    expect(unknown.error?.message).toContain("“bogusfield”");
    expect(unknown.error).toMatchObject({ position: "is:unresolved ".length, length: "bogusfield".length });
    expect((await search("has:bogusfield")).error?.message).toContain("“bogusfield”");
    // A tag only another project has is unknown in this project's list, known in the list of all.
    expect((await search("region:eu-west", shop.project.id)).error?.message).toContain("“region”");
    expect((await search("region:eu-west", api.project.id)).error).toBeNull();

    for (const projectSlug of [undefined, "shop"]) {
      const { status, body } = await apiSearch("bogusfield:xyz", projectSlug);
      expect(status).toBe(400);
      expect(JSON.stringify(body)).toContain("bogusfield");
    }
    // Malformed values keep their own errors.
    expect((await search("error.handled:maybe")).error?.message).toContain("error.handled");
    expect((await apiSearch("level:critical")).status).toBe(400);
  });
});
