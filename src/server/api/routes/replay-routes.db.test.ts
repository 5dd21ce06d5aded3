import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { envelopeFromFixture } from "../../../../tests/support/event-envelopes";
import { replayEnvelope } from "../../../../tests/support/replay-recording";
import { startIngestServer, type IngestServer } from "../../../../tests/support/start-ingest-server";
import { testDialect } from "../../../../tests/support/test-database";
import { createTwoTeamProjects, type TwoTeamProjects } from "../../../../tests/support/two-team-projects";
import { createApiToken } from "../../tokens/api-tokens";
import { tokenIssuerOf } from "../../tokens/org-auth-token";
import { countApiReplays } from "../replays/replay-api";
import { organizationReplayRoute, organizationReplaysRoute, projectReplayRoute, replayCountRoute, replaySegmentRoute, replaySegmentsRoute } from "./replay-routes";

/**
 * The replays API in Sentry's shapes, over replays sent as the Replay SDK sends them (replay_event +
 * replay_recording envelopes, zlib-compressed rrweb) to the real ingest server and stored by the real digest.
 */
const org = "lantern";
const base = "http://lantern.test/api/0";
const newId = () => randomUUID().replaceAll("-", "");
type Json = Record<string, unknown>;
type Route = (request: Request, route: { params: Promise<Record<string, string>> }) => Promise<Response>;

describe(`the replays API on ${testDialect}`, { timeout: 120_000 }, () => {
  let setup: TwoTeamProjects;
  let server: IngestServer;
  const holder = globalThis as typeof globalThis & { lanternDatabase?: Promise<unknown> };
  let previousDatabase: Promise<unknown> | undefined;
  const tokens = { member: "", outsider: "" };
  const ids = { alice: newId(), bob: newId(), other: newId(), errorEvent: newId() };
  const slugs = { shop: "", other: "" };
  let issueId = 0;
  const now = Date.now();
  const aliceStart = now - 10 * 60_000;
  const bobStart = now - 5 * 60_000;

  async function post(body: Uint8Array, projectId: number, publicKey: string): Promise<void> {
    const response = await fetch(`${server.url}/api/${projectId}/envelope/?sentry_key=${publicKey}&sentry_version=7`, { method: "POST", body: Buffer.from(body), headers: { "content-type": "application/x-sentry-envelope" } });
    expect(response.status, await response.text()).toBe(200);
  }

  async function call(route: Route, path: string, params: Record<string, string>, token = tokens.member): Promise<{ status: number; body: unknown; link: string | null }> {
    const response = await route(new Request(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } }), { params: Promise.resolve(params) });
    return { status: response.status, body: await response.json(), link: response.headers.get("link") };
  }

  const clickAt = (at: number, message: string) => ({ type: 5, timestamp: at, data: { tag: "breadcrumb", payload: { timestamp: at / 1000, type: "default", category: "ui.click", message } } });
  const consoleError = (at: number, message: string) => ({ type: 5, timestamp: at, data: { tag: "breadcrumb", payload: { timestamp: at / 1000, type: "default", category: "console", level: "error", message } } });
  const meta = (at: number, href: string) => ({ type: 4, timestamp: at, data: { href, width: 1280, height: 800 } });
  const snapshot = (at: number) => ({ type: 2, timestamp: at, data: { node: { type: 0, id: 1, childNodes: [{ type: 2, id: 2, tagName: "html", attributes: {}, childNodes: [{ type: 2, id: 3, tagName: "body", attributes: {}, childNodes: [{ type: 2, id: 4, tagName: "h1", attributes: {}, childNodes: [{ type: 3, id: 5, textContent: "Checkout" }] }] }] }] }, initialOffset: { top: 0, left: 0 } } });

  beforeAll(async () => {
    setup = await createTwoTeamProjects("replays");
    previousDatabase = holder.lanternDatabase;
    holder.lanternDatabase = Promise.resolve(setup.database);
    server = await startIngestServer(setup.database);
    const token = async (userId: string) => (await createApiToken(setup.database.db, { userId, name: "replays", scopes: ["read"], issuer: tokenIssuerOf(setup.config) })).token;
    tokens.member = await token(setup.member.userId);
    tokens.outsider = await token(setup.outsider.userId);
    const projects = await setup.database.db.selectFrom("projects").innerJoin("project_keys", "project_keys.project_id", "projects.id").select(["projects.id", "projects.slug", "project_keys.public_key"]).where("projects.id", "in", [setup.shopId, setup.otherId]).execute();
    const shop = projects.find((project) => project.id === setup.shopId)!;
    const other = projects.find((project) => project.id === setup.otherId)!;
    slugs.shop = shop.slug;
    slugs.other = other.slug;
    const dsnOf = (project: typeof shop) => `http://${project.public_key}@127.0.0.1:${server.port}/${project.id}`;
    const userAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
    const alice = { user: { id: "alice-1", email: "alice@shop.test", username: "alice" }, urls: ["https://shop.example.com/checkout"], error_ids: [ids.errorEvent], request: { url: "https://shop.example.com/checkout", headers: { "User-Agent": userAgent } } };
    // Alice's three segments arrive out of order; the second one twice.
    const aliceSegments = [
      [meta(aliceStart, "https://shop.example.com/checkout"), snapshot(aliceStart + 1)],
      [clickAt(aliceStart + 5_000, "body > main > button#pay")],
      [consoleError(aliceStart + 10_000, "TypeError: card is undefined")],
    ];
    for (const segmentId of [2, 0, 1, 1]) {
      await post(replayEnvelope({ dsn: dsnOf(shop), replayId: ids.alice, segmentId, startedAt: aliceStart, events: aliceSegments[segmentId]!, replayEvent: { ...alice, urls: segmentId === 0 ? alice.urls : [], error_ids: segmentId === 2 ? alice.error_ids : [] } }).body, shop.id, shop.public_key);
    }
    const bob = { user: { id: "bob-2", email: "bob@shop.test" }, urls: ["https://shop.example.com/catalog"], environment: "staging" };
    await post(replayEnvelope({ dsn: dsnOf(shop), replayId: ids.bob, segmentId: 0, startedAt: bobStart, events: [meta(bobStart, "https://shop.example.com/catalog"), snapshot(bobStart + 1)], replayEvent: bob }).body, shop.id, shop.public_key);
    await post(replayEnvelope({ dsn: dsnOf(other), replayId: ids.other, segmentId: 0, startedAt: bobStart, events: [meta(bobStart, "https://other.example.com/"), snapshot(bobStart + 1)], replayEvent: { urls: ["https://other.example.com/"] } }).body, other.id, other.public_key);
    // Alice's error, carrying her replay's id as the browser SDK sets it.
    await post(
      envelopeFromFixture("node-exception.envelope", (event) => {
        event.event_id = ids.errorEvent;
        event.timestamp = (aliceStart + 10_000) / 1000;
        event.contexts = { ...(event.contexts as object), replay: { replay_id: ids.alice } };
        event.tags = { ...(event.tags as object), replayId: ids.alice };
      }),
      shop.id,
      shop.public_key,
    );
    await server.service.digest.drain();
    issueId = Number((await setup.database.db.selectFrom("events").select("issue_id").where("event_id", "=", ids.errorEvent).executeTakeFirstOrThrow()).issue_id);
  });

  afterAll(async () => {
    holder.lanternDatabase = previousDatabase;
    await server?.close();
    await setup?.database.destroy();
  });

  it("lists the replays the viewer can see in Sentry's shape, newest first", async () => {
    const { status, body, link } = await call(organizationReplaysRoute as Route, `/organizations/${org}/replays/?statsPeriod=24h`, { organizationSlug: org });
    expect(status, JSON.stringify(body)).toBe(200);
    const data = (body as { data: Json[] }).data;
    expect(data.map((replay) => replay.id)).toEqual([ids.bob, ids.alice]);
    const alice = data[1]!;
    expect(alice).toMatchObject({
      id: ids.alice,
      project_id: String(setup.shopId),
      count_errors: 1,
      count_segments: 3,
      count_urls: 1,
      error_ids: [ids.errorEvent],
      urls: ["https://shop.example.com/checkout"],
      user: { id: "alice-1", email: "alice@shop.test", username: "alice" },
      environment: "production",
      releases: ["shop@4.2.0"],
      platform: "javascript",
      replay_type: "session",
      is_archived: false,
      tags: {},
    });
    expect(alice.started_at).toBe(new Date(aliceStart).toISOString());
    expect(Date.parse(alice.finished_at as string)).toBeGreaterThanOrEqual(aliceStart + 10_000);
    expect(alice.duration).toBeGreaterThanOrEqual(10);
    expect((alice.browser as Json).name).toBe("Chrome");
    expect(typeof alice.activity).toBe("number");
    expect(link).toContain('rel="next"; results="false"');
  });

  it("selects fields, searches with Sentry's replay syntax, sorts and pages", async () => {
    const list = async (query: string) => {
      const answer = await call(organizationReplaysRoute as Route, `/organizations/${org}/replays/?${query}`, { organizationSlug: org });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return { data: (answer.body as { data: Json[] }).data, link: answer.link };
    };
    const picked = await list("field=id&field=count_errors&field=user");
    expect(Object.keys(picked.data[0]!).sort()).toEqual(["count_errors", "id", "user"]);
    expect((await list("query=user.email:alice@shop.test")).data.map((replay) => replay.id)).toEqual([ids.alice]);
    expect((await list("query=count_errors:>0")).data.map((replay) => replay.id)).toEqual([ids.alice]);
    expect((await list("query=!user.email:alice@shop.test")).data.map((replay) => replay.id)).toEqual([ids.bob]);
    expect((await list("environment=staging")).data.map((replay) => replay.id)).toEqual([ids.bob]);
    expect((await list(`project=${setup.shopId}&sort=started_at`)).data.map((replay) => replay.id)).toEqual([ids.alice, ids.bob]);
    expect((await list(`project=${setup.otherId}`)).data).toEqual([]);
    const first = await list("per_page=1");
    expect(first.data.map((replay) => replay.id)).toEqual([ids.bob]);
    const next = /<([^>]+)>; rel="next"; results="true"; cursor="([^"]+)"/.exec(first.link ?? "");
    expect(next, first.link ?? "").not.toBeNull();
    expect((await list(`per_page=1&cursor=${encodeURIComponent(next![2]!)}`)).data.map((replay) => replay.id)).toEqual([ids.alice]);
    expect((await call(organizationReplaysRoute as Route, `/organizations/${org}/replays/?field=nope`, { organizationSlug: org })).status).toBe(400);
    expect((await call(organizationReplaysRoute as Route, `/organizations/${org}/replays/?statsPeriod=forever`, { organizationSlug: org })).status).toBe(400);
    expect((await call(organizationReplaysRoute as Route, `/organizations/${org}/replays/?query=count_errors:>lots`, { organizationSlug: org })).status).toBe(400);
  });

  it("answers one replay by id (dashes accepted), and 404 to another team and for another project", async () => {
    const dashed = `${ids.alice.slice(0, 8)}-${ids.alice.slice(8, 12)}-${ids.alice.slice(12, 16)}-${ids.alice.slice(16, 20)}-${ids.alice.slice(20)}`;
    const one = await call(organizationReplayRoute as Route, `/organizations/${org}/replays/${dashed}/`, { organizationSlug: org, replayId: dashed });
    expect(one.status).toBe(200);
    expect((one.body as { data: Json }).data).toMatchObject({ id: ids.alice, count_segments: 3 });
    expect((await call(organizationReplayRoute as Route, `/organizations/${org}/replays/${ids.alice}/`, { organizationSlug: org, replayId: ids.alice }, tokens.outsider)).status).toBe(404);
    expect((await call(organizationReplayRoute as Route, `/organizations/${org}/replays/${ids.other}/`, { organizationSlug: org, replayId: ids.other })).status).toBe(404);
    expect((await call(organizationReplayRoute as Route, `/organizations/${org}/replays/not-a-replay/`, { organizationSlug: org, replayId: "not-a-replay" })).status).toBe(404);
    const inProject = await call(projectReplayRoute as Route, `/projects/${org}/${slugs.shop}/replays/${ids.alice}/`, { organizationSlug: org, projectSlug: slugs.shop, replayId: ids.alice });
    expect((inProject.body as { data: Json }).data).toMatchObject({ id: ids.alice });
    expect((await call(projectReplayRoute as Route, `/projects/${org}/${slugs.other}/replays/${ids.alice}/`, { organizationSlug: org, projectSlug: slugs.other, replayId: ids.alice }, tokens.outsider)).status).toBe(404);
  });

  it("downloads the recording: one array of rrweb events per segment, in segment order, once each; by project slug or id; paged", async () => {
    const path = (project: string, query: string) => `/projects/${org}/${project}/replays/${ids.alice}/recording-segments/?${query}`;
    const params = (project: string) => ({ organizationSlug: org, projectSlug: project, replayId: ids.alice });
    const download = await call(replaySegmentsRoute as Route, path(slugs.shop, "download=true"), params(slugs.shop));
    expect(download.status, JSON.stringify(download.body)).toBe(200);
    const segments = download.body as Json[][];
    expect(segments).toHaveLength(3);
    expect(segments[0]!.map((event) => event.type)).toEqual([4, 2]);
    expect(JSON.stringify(segments[1])).toContain("button#pay");
    expect(JSON.stringify(segments[2])).toContain("card is undefined");
    const byId = await call(replaySegmentsRoute as Route, path(String(setup.shopId), "download=true"), params(String(setup.shopId)));
    expect(byId.body).toEqual(segments);
    const metadata = await call(replaySegmentsRoute as Route, path(slugs.shop, ""), params(slugs.shop));
    expect((metadata.body as { data: Json[] }).data.map((segment) => segment.segmentId)).toEqual([0, 1, 2]);
    const firstPage = await call(replaySegmentsRoute as Route, path(slugs.shop, "download=true&per_page=2"), params(slugs.shop));
    expect(firstPage.body).toEqual(segments.slice(0, 2));
    expect(firstPage.link).toContain('rel="next"; results="true"; cursor="0:2:0"');
    expect((await call(replaySegmentsRoute as Route, path(slugs.shop, "download=true&per_page=2&cursor=0:2:0"), params(slugs.shop))).body).toEqual(segments.slice(2));
    const one = await call(replaySegmentRoute as Route, `/projects/${org}/${slugs.shop}/replays/${ids.alice}/recording-segments/1/?download=true`, { ...params(slugs.shop), segmentId: "1" });
    expect(one.body).toEqual(segments[1]);
    expect((await call(replaySegmentRoute as Route, `/projects/${org}/${slugs.shop}/replays/${ids.alice}/recording-segments/7/?download=true`, { ...params(slugs.shop), segmentId: "7" })).status).toBe(404);
    expect((await call(replaySegmentsRoute as Route, path(slugs.shop, "download=true"), params(slugs.shop), tokens.outsider)).status).toBe(404);
  });

  it("counts replays per issue, and names them with returnIds", async () => {
    const count = await call(replayCountRoute as Route, `/organizations/${org}/replay-count/?query=issue.id:[${issueId}]&statsPeriod=90d&project=-1`, { organizationSlug: org });
    expect(count.status, JSON.stringify(count.body)).toBe(200);
    expect(count.body).toEqual({ [String(issueId)]: 1 });
    const named = await call(replayCountRoute as Route, `/organizations/${org}/replay-count/?returnIds=true&query=issue.id:[${issueId}]&data_source=discover`, { organizationSlug: org });
    expect(named.body).toEqual({ [String(issueId)]: [ids.alice] });
    const byReplay = await call(replayCountRoute as Route, `/organizations/${org}/replay-count/?query=replay_id:[${ids.alice},${ids.other}]`, { organizationSlug: org });
    expect(byReplay.body).toEqual({ [ids.alice]: 1 });
    expect((await call(replayCountRoute as Route, `/organizations/${org}/replay-count/?query=transaction:checkout`, { organizationSlug: org })).status).toBe(400);
    const context = await setup.contextOf(setup.outsider);
    const outsider = await countApiReplays(context, { organizationSlug: org, url: new URL(`${base}/organizations/${org}/replay-count/?query=issue.id:[${issueId}]`) }).then(
      (answer) => answer.body,
      (error: unknown) => (error as { code?: string }).code,
    );
    expect(outsider === "not_found" || JSON.stringify(outsider) === "{}", JSON.stringify(outsider)).toBe(true);
  });
});
