import { execFile, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { expect, request as playwrightRequest, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { runSdkScript, uniqueToken } from "../tests/support/sdk-helpers";
import { openLanternDatabase } from "./support/lantern-database";
import { createProjectDsn } from "./support/lantern-process";
import { anonymousState, e2eBaseUrl, e2eOwner, e2eOwnerState, e2eServerEnvironment, e2eServerLog } from "./support/server";

/**
 * The Sentry-compatible API (/api/0/) over HTTP against `npm start`, with tokens made by the CLI and real
 * errors from the real @sentry/node: a member of team A can read and triage A's project and gets a 404 for
 * every endpoint of team B's; scopes cap what a token may do; and a script written against Sentry's API
 * (scripts/sentry-api-example.mjs) works with only the URL and token pointed at Lantern.
 */
test.use({ storageState: anonymousState });

const execFileAsync = promisify(execFile);
const environment = { ...process.env, ...e2eServerEnvironment };
const run = uniqueToken("api");
const member = `api-member-${run}@lantern.test`;

interface Side {
  slug: string;
  projectId: number;
  issueId: number;
  eventId: string;
  dsn: string;
}

let teamA: Side;
let teamB: Side;
let scripted: Side;
const tokens = { memberWrite: "", memberRead: "", ownerRead: "", ownerAdmin: "" };

async function lantern(args: string[]): Promise<string> {
  const { stdout } = await execFileAsync(process.execPath, ["cli/lantern.mjs", ...args], { env: environment, encoding: "utf8" });
  return stdout.trim();
}

async function createToken(email: string, scopes: string): Promise<string> {
  const token = (await lantern(["token", "create", "--user", email, "--scopes", scopes, "--name", `e2e ${scopes}`])).split("\n").pop()!;
  expect(token).toMatch(/^sntrys_/);
  return token;
}

/** A project made by `lantern project create`, with one real error from @sentry/node, digested. */
async function seedProject(name: string): Promise<Side> {
  const dsn = await createProjectDsn(environment, name);
  const sent = await runSdkScript("capture-exception.mjs", { LANTERN_TEST_DSN: dsn, LANTERN_TEST_RELEASE: "shop@3.1.0", LANTERN_TEST_ENVIRONMENT: "e2e", LANTERN_TEST_TOKEN: `${run}-${slugify(name)}` });
  expect(sent.code, sent.stderr).toBe(0);
  const eventId = String(sent.facts.eventId);
  const database = openLanternDatabase();
  try {
    const issueOf = async () => (await database.db.selectFrom("events").select("issue_id").where("event_id", "=", eventId).executeTakeFirst())?.issue_id ?? null;
    await expect.poll(issueOf, { message: `the event sent to ${name} is digested`, timeout: 30_000 }).not.toBeNull();
    return { slug: slugify(name), projectId: Number(new URL(dsn).pathname.slice(1)), issueId: Number(await issueOf()), eventId, dsn };
  } finally {
    await database.close();
  }
}

async function issueRow(issueId: number) {
  const database = openLanternDatabase();
  try {
    return await database.db.selectFrom("issues").select(["status", "assignee_user_id"]).where("id", "=", issueId).executeTakeFirst();
  } finally {
    await database.close();
  }
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  [teamA, teamB, scripted] = [await seedProject(`api team a ${run}`), await seedProject(`api team b ${run}`), await seedProject(`api script ${run}`)];
  await lantern(["user", "create", "--email", member, "--name", "API Member"]);
  const database = openLanternDatabase();
  try {
    const user = await database.db.selectFrom("users").select("id").where("email", "=", member).executeTakeFirstOrThrow();
    const now = Date.now();
    const a = await database.db.insertInto("teams").values({ slug: `api-a-${run}`, name: `API A ${run}`, created_at: now }).returning("id").executeTakeFirstOrThrow();
    const b = await database.db.insertInto("teams").values({ slug: `api-b-${run}`, name: `API B ${run}`, created_at: now }).returning("id").executeTakeFirstOrThrow();
    await database.db.insertInto("team_members").values({ team_id: a.id, user_id: user.id }).execute();
    await database.db
      .insertInto("team_projects")
      .values([
        { team_id: a.id, project_id: teamA.projectId },
        { team_id: a.id, project_id: scripted.projectId },
        { team_id: b.id, project_id: teamB.projectId },
      ])
      .execute();
  } finally {
    await database.close();
  }
  tokens.memberWrite = await createToken(member, "read,write");
  tokens.memberRead = await createToken(member, "read");
  tokens.ownerRead = await createToken(e2eOwner.email, "read");
  tokens.ownerAdmin = await createToken(e2eOwner.email, "read,write,admin");
});

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function call(request: APIRequestContext, method: string, path: string, token: string | null, data?: unknown): Promise<APIResponse> {
  return request.fetch(path, { method, headers: token ? bearer(token) : {}, data, failOnStatusCode: false, maxRedirects: 0 });
}

async function expectStatus(request: APIRequestContext, method: string, path: string, token: string | null, status: number, data?: unknown): Promise<APIResponse> {
  const response = await call(request, method, path, token, data);
  // A 500 is a bug: show what the server logged about it.
  const explanation = response.status() === 500 ? `\n${await response.text()}\n${readFileSync(e2eServerLog, "utf8").slice(-4000)}` : "";
  expect(response.status(), `${method} ${path}${explanation}`).toBe(status);
  if (status >= 400) expect(((await response.json()) as { detail?: unknown }).detail, `${method} ${path} explains itself`).toEqual(expect.any(String));
  return response;
}

test("a member of team A reads and triages A's project through the API and gets 404 for every endpoint of team B's", async ({ request }) => {
  const token = tokens.memberWrite;
  const projectsA = `/api/0/projects/lantern/${teamA.slug}`;
  const projectsB = `/api/0/projects/lantern/${teamB.slug}`;

  // Lists: A's project and issue are there, B's are not.
  for (const path of ["/api/0/projects/", "/api/0/projects", "/api/0/organizations/lantern/projects/"]) {
    const slugs = ((await (await expectStatus(request, "GET", path, token, 200)).json()) as { slug: string }[]).map((project) => project.slug);
    expect(slugs, path).toContain(teamA.slug);
    expect(slugs, path).not.toContain(teamB.slug);
  }
  const orgIssues = (await (await expectStatus(request, "GET", "/api/0/organizations/lantern/issues/?query=", token, 200)).json()) as { id: string }[];
  expect(orgIssues.map((issue) => issue.id)).toContain(String(teamA.issueId));
  expect(orgIssues.map((issue) => issue.id)).not.toContain(String(teamB.issueId));

  // Every endpoint of B's project, issue and event: 404, as if they did not exist.
  const issueB = `/api/0/issues/${teamB.issueId}`;
  const orgIssueB = `/api/0/organizations/lantern/issues/${teamB.issueId}`;
  for (const path of [
    `${projectsB}/`,
    `${projectsB}/issues/`,
    `${projectsB}/issues/?query=`,
    `/api/0/organizations/lantern/issues/?project=${teamB.projectId}`,
    `${issueB}/`,
    `${orgIssueB}/`,
    `${issueB}/events/`,
    `${issueB}/events/latest/`,
    `${issueB}/events/oldest/`,
    `${issueB}/events/${teamB.eventId}/`,
    `${orgIssueB}/events/latest/`,
    `${issueB}/hashes/`,
    `${orgIssueB}/hashes/`,
    `${projectsB}/events/${teamB.eventId}/`,
    `${projectsA}/events/${teamB.eventId}/`,
    `${projectsB}/keys/`,
  ]) {
    await expectStatus(request, "GET", path, token, 404);
  }
  const resolve = { status: "resolved" };
  for (const path of [`${issueB}/`, `${orgIssueB}/`, `${projectsB}/issues/?id=${teamB.issueId}`, `${projectsA}/issues/?id=${teamB.issueId}`, `/api/0/organizations/lantern/issues/?id=${teamB.issueId}`]) {
    await expectStatus(request, "PUT", path, token, 404, resolve);
  }
  await expectStatus(request, "PUT", `${projectsA}/issues/?id=${teamA.issueId}&id=${teamB.issueId}`, token, 404, resolve);
  await expectStatus(request, "DELETE", `${issueB}/`, token, 404);
  await expectStatus(request, "DELETE", `${projectsA}/issues/?id=${teamB.issueId}`, token, 404);
  await expectStatus(request, "POST", `${projectsB}/keys/`, token, 404, { name: "stolen" });
  expect(await issueRow(teamB.issueId)).toEqual({ status: "unresolved", assignee_user_id: null });
  expect(await issueRow(teamA.issueId)).toEqual({ status: "unresolved", assignee_user_id: null });

  // The same calls on A's project work (so the 404s above are about access, not broken endpoints).
  const project = (await (await expectStatus(request, "GET", `${projectsA}/`, token, 200)).json()) as { id: string; slug: string };
  expect(project).toMatchObject({ id: String(teamA.projectId), slug: teamA.slug });
  const listed = await expectStatus(request, "GET", `${projectsA}/issues/?query=is:unresolved&statsPeriod=24h`, token, 200);
  const issues = (await listed.json()) as { id: string; shortId: string; count: string; status: string; project: { slug: string }; stats: { "24h": unknown[] } }[];
  expect(issues).toEqual([expect.objectContaining({ id: String(teamA.issueId), count: "1", status: "unresolved", project: expect.objectContaining({ slug: teamA.slug }) })]);
  expect(issues[0]!.stats["24h"]).toHaveLength(24);
  expect(listed.headers()["link"]).toMatch(/rel="previous"; results="false"; cursor="[^"]+", <[^>]+>; rel="next"; results="false"; cursor="[^"]+"/);
  expect((await expectStatus(request, "GET", `/api/0/issues/${issues[0]!.shortId}`, token, 200).then((response) => response.json())) as { id: string }).toMatchObject({ id: String(teamA.issueId) });

  const ignored = await expectStatus(request, "PUT", `/api/0/issues/${teamA.issueId}/`, token, 200, { status: "ignored", statusDetails: { ignoreCount: 5 } });
  expect(await ignored.json()).toMatchObject({ id: String(teamA.issueId), status: "ignored", statusDetails: { ignoreCount: 5 } });
  const reopened = await expectStatus(request, "PUT", `${projectsA}/issues/?id=${teamA.issueId}`, token, 200, { status: "unresolved", assignedTo: member });
  const reopenedBody = (await reopened.json()) as { assignedTo: { id: string } };
  expect(reopenedBody).toEqual({ status: "unresolved", statusDetails: {}, assignedTo: expect.objectContaining({ type: "user", email: member }) });
  expect(await issueRow(teamA.issueId)).toEqual({ status: "unresolved", assignee_user_id: reopenedBody.assignedTo.id });

  const events = (await (await expectStatus(request, "GET", `/api/0/issues/${teamA.issueId}/events/`, token, 200)).json()) as { eventID: string }[];
  expect(events.map((event) => event.eventID)).toEqual([teamA.eventId]);
  for (const path of [`/api/0/issues/${teamA.issueId}/events/latest/`, `/api/0/organizations/lantern/issues/${teamA.issueId}/events/oldest/`, `/api/0/issues/${teamA.issueId}/events/${teamA.eventId}/`, `${projectsA}/events/${teamA.eventId}/`]) {
    const event = (await (await expectStatus(request, "GET", path, token, 200)).json()) as { eventID: string; groupID: string; entries: { type: string }[] };
    expect(event, path).toMatchObject({ eventID: teamA.eventId, groupID: String(teamA.issueId) });
    expect(event.entries.map((entry) => entry.type), path).toContain("exception");
  }
  const hashes = (await (await expectStatus(request, "GET", `/api/0/issues/${teamA.issueId}/hashes/`, token, 200)).json()) as { id: string }[];
  expect(hashes.length).toBeGreaterThan(0);
  const keys = (await (await expectStatus(request, "GET", `${projectsA}/keys/`, token, 200)).json()) as { dsn: { public: string } }[];
  expect(keys.map((key) => key.dsn.public)).toEqual([teamA.dsn]);
  // Creating keys is for admins: the member is refused on their own project, an admin token is not.
  await expectStatus(request, "POST", `${projectsA}/keys/`, token, 403, { name: "member key" });
  const created = (await (await expectStatus(request, "POST", `${projectsA}/keys/`, tokens.ownerAdmin, 201, { name: "CI key" })).json()) as { name: string; dsn: { public: string } };
  expect(created.name).toBe("CI key");
  expect(created.dsn.public).toMatch(new RegExp(`^http://[0-9a-f]{32}@127\\.0\\.0\\.1:\\d+/${teamA.projectId}$`));
});

test("a read-scoped token cannot change anything, and requests without a valid token are 401", async ({ request }) => {
  const issuePath = `/api/0/issues/${teamA.issueId}/`;
  await expectStatus(request, "GET", issuePath, tokens.memberRead, 200);
  await expectStatus(request, "PUT", issuePath, tokens.memberRead, 403, { status: "resolved" });
  await expectStatus(request, "PUT", `/api/0/projects/lantern/${teamA.slug}/issues/?id=${teamA.issueId}`, tokens.memberRead, 403, { status: "resolved" });
  await expectStatus(request, "DELETE", issuePath, tokens.memberRead, 403);
  // The owner may create keys; their read-only token may not.
  await expectStatus(request, "POST", `/api/0/projects/lantern/${teamA.slug}/keys/`, tokens.ownerRead, 403, { name: "read-only key" });
  expect(await issueRow(teamA.issueId)).toMatchObject({ status: "unresolved" });

  for (const [method, path] of [
    ["GET", "/api/0/projects/"],
    ["GET", issuePath],
    ["PUT", issuePath],
    ["POST", `/api/0/projects/lantern/${teamA.slug}/keys/`],
    ["GET", "/api/0/openapi.json"],
    ["GET", "/api/0/no-such-endpoint/"],
  ] as const) {
    const anonymous = await expectStatus(request, method, path, null, 401, method === "GET" ? undefined : { status: "resolved" });
    expect(anonymous.headers()["www-authenticate"]).toContain("Bearer");
    await expectStatus(request, method, path, "lnt_not-a-real-token", 401, method === "GET" ? undefined : { status: "resolved" });
  }
  const otherScheme = await request.get("/api/0/projects/", { headers: { Authorization: `Token ${tokens.memberRead}` }, failOnStatusCode: false });
  expect(otherScheme.status()).toBe(401);

  // Known callers: an unknown organization and an unknown path are JSON 404s.
  await expectStatus(request, "GET", `/api/0/projects/someone-else/${teamA.slug}/`, tokens.memberRead, 404);
  await expectStatus(request, "GET", "/api/0/no-such-endpoint/", tokens.memberRead, 404);
  // The OpenAPI document needs a token or the dashboard's session.
  const document = (await (await expectStatus(request, "GET", "/api/0/openapi.json", tokens.memberRead, 200)).json()) as { openapi: string; paths: Record<string, unknown> };
  expect(document.openapi).toBe("3.1.0");
  expect(Object.keys(document.paths)).toContain("/api/0/projects/{organization_id_or_slug}/{project_id_or_slug}/issues/");
  const signedIn = await playwrightRequest.newContext({ baseURL: e2eBaseUrl, storageState: e2eOwnerState });
  try {
    expect((await signedIn.get("/api/0/openapi.json")).status()).toBe(200);
    // The built-in documentation explains tokens and links the document.
    const docs = await signedIn.get("/docs/api");
    expect(docs.status()).toBe(200);
    const html = await docs.text();
    expect(html).toContain('href="/api/0/openapi.json"');
    expect(html).toContain("lantern token create --user");
  } finally {
    await signedIn.dispose();
  }
});

/** Runs the example script the way a user would, with only PATH and Sentry's variables in its environment. */
function runExample(variables: Record<string, string>, query: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const env: Record<string, string> = { PATH: process.env.PATH ?? "", ...variables };
    const child = spawn(process.execPath, ["scripts/sentry-api-example.mjs", query], { env: env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => (stdout += text));
    child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

test("a script written against Sentry's API lists, resolves and reads an issue in Lantern with only the URL and token changed", async () => {
  const result = await runExample({ SENTRY_URL: e2eBaseUrl, SENTRY_AUTH_TOKEN: tokens.memberWrite, SENTRY_ORG: "lantern", SENTRY_PROJECT: scripted.slug }, "is:unresolved Checkout failed");
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout).toContain("1 issue(s) match");
  expect(result.stdout).toContain(`Resolving ${scripted.slug.toUpperCase()}-${scripted.issueId}: Error: Checkout failed for order ${run}-${scripted.slug}`);
  expect(result.stdout).toContain(`Latest event ${scripted.eventId}`);
  expect(result.stdout).toContain(`/projects/${scripted.slug}/issues/${scripted.issueId}`);
  expect(await issueRow(scripted.issueId)).toMatchObject({ status: "resolved" });
  const database = openLanternDatabase();
  try {
    const activity = await database.db.selectFrom("issue_activity").select(["kind", "actor"]).where("issue_id", "=", scripted.issueId).where("kind", "=", "set_resolved").execute();
    expect(activity).toEqual([{ kind: "set_resolved", actor: `user:${member}` }]);
  } finally {
    await database.close();
  }
  // Run again: the issue is resolved, so the default search finds nothing and the script says so.
  const again = await runExample({ SENTRY_URL: e2eBaseUrl, SENTRY_AUTH_TOKEN: tokens.memberWrite, SENTRY_ORG: "lantern", SENTRY_PROJECT: scripted.slug }, "is:unresolved Checkout failed");
  expect(again.code, again.stderr).toBe(0);
  expect(again.stdout).toContain("0 issue(s) match");
});
