import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertProject, type CreatedProject } from "@/server/projects/insert-project";
import { eventRows, inflateEvent, postToIngest, uniqueToken } from "../support/sdk-helpers";
import { startIngestServer, type IngestServer } from "../support/start-ingest-server";
import { createTestDatabase, testDialect, type TestDatabase } from "../support/test-database";

/**
 * `POST /api/{id}/security/` and its alias `/csp-report/` (sentry-protocol §1.2): the CSP reports a browser
 * sends to a `report-uri …?sentry_key=…`, each digested as an event that reads like Sentry's, one issue per
 * directive and blocked host. Chromium's own reports are sent in e2e/security-reports.spec.ts.
 */
describe(`the security report endpoint over HTTP on ${testDialect}`, () => {
  let database: TestDatabase;
  let server: IngestServer;
  let shop: CreatedProject;
  let token: string;

  beforeEach(async () => {
    database = await createTestDatabase();
    server = await startIngestServer(database);
    shop = await insertProject(database.db, { name: "Shop", platform: "javascript" });
    token = uniqueToken();
  });
  afterEach(async () => {
    await server.close();
    await database.destroy();
  });

  function cspReport(blockedUri: string, directive = "img-src") {
    return {
      "csp-report": {
        "document-uri": `https://shop.example/checkout/${token}`,
        referrer: "",
        "violated-directive": `${directive} 'self'`,
        "effective-directive": directive,
        "original-policy": `default-src 'self'; ${directive} 'self'; report-uri https://lantern.example/api/${shop.project.id}/security/?sentry_key=${shop.key.public_key}`,
        disposition: "enforce",
        "blocked-uri": blockedUri,
        "status-code": 200,
      },
    };
  }

  function postReport(body: unknown, { path = "security", query = `sentry_key=${shop.key.public_key}&sentry_release=shop%40${token}&sentry_environment=production` } = {}): Promise<Response> {
    return postToIngest(server, shop.project.id, Buffer.from(JSON.stringify(body)), {
      path: `/api/${shop.project.id}/${path}/${query ? `?${query}` : ""}`,
      headers: { "content-type": "application/csp-report", "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0" },
    });
  }

  it("answers a report-uri report with an empty 201 and digests it as a CSP event with the release and environment of the query", async () => {
    const response = await postReport(cspReport("https://tracker.example/pixel.png"));
    expect(response.status, await response.clone().text()).toBe(201);
    expect(await response.text()).toBe("");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");

    await server.service.digest.drain();
    const rows = await eventRows(database.db, shop.project.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: "Blocked 'image' from 'tracker.example'", level: "error", release: `shop@${token}`, environment: "production" });
    expect(inflateEvent(rows[0]!.payload)).toMatchObject({
      logger: "csp",
      culprit: "img-src 'self'",
      request: { url: `https://shop.example/checkout/${token}` },
      csp: { effective_directive: "img-src", blocked_uri: "https://tracker.example/pixel.png", disposition: "enforce" },
    });
  });

  it("groups reports by directive and blocked host, through /security/ and its /csp-report/ alias alike", async () => {
    expect((await postReport(cspReport("https://tracker.example/pixel.png?a=1"))).status).toBe(201);
    expect((await postReport(cspReport("https://tracker.example/other.gif"), { path: "csp-report" })).status).toBe(201);
    expect((await postReport(cspReport("https://ads.example/banner.js", "script-src"))).status).toBe(201);

    await server.service.digest.drain();
    const rows = await eventRows(database.db, shop.project.id);
    expect(rows.map((row) => row.title).sort()).toEqual(["Blocked 'image' from 'tracker.example'", "Blocked 'image' from 'tracker.example'", "Blocked 'script' from 'ads.example'"]);
    const issueOf = (title: string) => new Set(rows.filter((row) => row.title === title).map((row) => row.issue_id));
    expect(issueOf("Blocked 'image' from 'tracker.example'").size).toBe(1);
    expect([...issueOf("Blocked 'image' from 'tracker.example'")][0]).not.toBe([...issueOf("Blocked 'script' from 'ads.example'")][0]);
  });

  it("reads no more of a report than one event may hold: a 2 MiB body is a 413 naming the event limit", async () => {
    const huge = cspReport(`https://tracker.example/${"x".repeat(2 * 1024 * 1024)}`);
    const response = await postReport(huge);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { detail: string }).detail).toBe(`the request body is larger than the limit of ${server.service.config.ingest.maxEventBytes} bytes`);
    expect(await database.db.selectFrom("intake").select("id").execute()).toEqual([]);
  });

  it("refuses a report without a key (401), with an unknown key (403) and one that is not a report (400), and stores nothing", async () => {
    const withoutKey = await postReport(cspReport("https://tracker.example/pixel.png"), { query: "" });
    expect(withoutKey.status).toBe(401);
    const unknownKey = await postReport(cspReport("https://tracker.example/pixel.png"), { query: "sentry_key=0123456789abcdef0123456789abcdef" });
    expect(unknownKey.status).toBe(403);
    const notAReport = await postReport({ hello: "world" });
    expect(notAReport.status).toBe(400);
    expect(((await notAReport.json()) as { detail: string }).detail).toMatch(/neither \{"csp-report"/);
    expect(await database.db.selectFrom("intake").select("id").execute()).toEqual([]);
  });

  it("checks the key of a Reporting API list that holds no CSP report: 401 or 403 without a real key, 201 with one, nothing stored", async () => {
    const onlyOther = [{ type: "deprecation", age: 1, url: "https://shop.example/", body: { id: "x", message: "old" } }];
    expect((await postReport(onlyOther, { query: "" })).status).toBe(401);
    expect((await postReport(onlyOther, { query: "sentry_key=0123456789abcdef0123456789abcdef" })).status).toBe(403);
    expect((await postReport(onlyOther)).status).toBe(201);
    expect(await database.db.selectFrom("intake").select("id").execute()).toEqual([]);
  });
});
