import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { systemContext } from "../src/server/access/system-context";
import { loadConfig } from "../src/server/config";
import { insertProject } from "../src/server/projects/insert-project";
import { createUptimeMonitor } from "../src/server/uptime/create-uptime-monitor";
import { updateStatusPageSettings } from "../src/server/uptime/status-page-settings";
import { uniqueToken } from "../tests/support/sdk-helpers";
import { openLanternDatabase } from "./support/lantern-database";
import { anonymousState, e2eServerEnvironment } from "./support/server";

/**
 * Acceptance 1 of accounts and access: every page, route handler and server action of the production
 * build — read from Next's own manifests, so a new route is covered the day it is added — refuses an
 * anonymous request (a redirect to sign-in or setup, or 401), except the few that must be public.
 */
test.use({ storageState: anonymousState });

/** Routes anyone may reach: ingest, the tunnel, health, and the pages that let a person in. */
const publicRoutes = new Set([
  "/api/[projectId]/envelope",
  "/api/[projectId]/store",
  "/api/[projectId]/security",
  "/api/[projectId]/csp-report",
  "/api/[projectId]/integration/otlp/v1/traces",
  "/api/[projectId]/integration/otlp/v1/logs",
  "/api/[projectId]/otlp/v1/traces",
  // Sentry's HTTP check-in: authorized by the client key in its path or query, as every ingest route.
  "/api/[projectId]/cron/[...path]",
  "/monitoring",
  "/api/health",
  "/api/auth/[...all]",
  // OAuth for MCP clients: the metadata documents a client reads before it has any credential.
  "/.well-known/oauth-authorization-server",
  "/.well-known/oauth-authorization-server/api/auth",
  "/.well-known/oauth-protected-resource",
  "/.well-known/oauth-protected-resource/mcp",
  "/sign-in",
  "/setup",
  "/forgot-password",
  "/reset-password",
  "/invite/[token]",
  // A project's public status page: 404 unless the project turned it on (tested below).
  "/status/[projectSlug]",
  "/sign-out",
  "/sign-in/oidc",
  // The replay player's loader document and its scripts and styles: no data in them (the recording comes
  // from the replay page by postMessage), and the page that frames them needs a session.
  "/replays/player",
  "/replays/player/assets/[name]",
  // The app icons (Next's file conventions in src/app): a browser asks for them before anyone signs in.
  "/favicon.ico",
  "/icon.svg",
  "/apple-icon.png",
]);
/** Framework entries that are not routes of their own. */
const frameworkEntries = new Set(["/_global-error", "/_not-found", "/404", "/_app", "/_document", "/_error"]);
const publicActionFolders = ["src/app/(public)/"];

/** Sample values for dynamic segments; the gate must answer before any lookup, so they need not exist. */
const sampleSegments: Record<string, string> = {
  projectSlug: "lantern",
  issueId: "1",
  eventId: "0123456789abcdef0123456789abcdef",
  attachmentId: "1",
  feedbackId: "1",
  envelopeId: "1",
  slug: "grouping",
  token: "x",
  projectId: "1",
  organizationSlug: "lantern",
  organization_slug: "lantern",
  project_slug: "lantern",
  issue_id: "1",
  event_id: "0123456789abcdef0123456789abcdef",
  path: "projects",
  all: "get-session",
  version: "shop@1.0.0",
  ruleId: "1",
  keyId: "0123456789abcdef0123456789abcdef",
  channelSlug: "ops",
  traceId: "4bf92f3577b34da6a3ce929d0e0e4736",
  monitorSlug: "nightly-backup",
  monitorId: "1",
  uptimeId: "1",
  tagKey: "browser",
  teamSlug: "backend",
  replayId: "0123456789abcdef0123456789abcdef",
  name: "player.js",
  segmentId: "0",
};

function samplePath(route: string): string {
  return route.replace(/\[\[?(?:\.\.\.)?([^\]]+)\]\]?/g, (_match, name: string) => {
    const value = sampleSegments[name];
    if (!value) throw new Error(`The crawler has no sample value for the segment [${name}] of ${route}: add one.`);
    return value;
  });
}

function readManifest(path: string): Record<string, string> {
  return JSON.parse(readFileSync(path, "utf8")) as Record<string, string>;
}

interface Route {
  path: string;
  kind: "page" | "route handler";
}

function listRoutes(): Route[] {
  const routes: Route[] = [];
  for (const [file, path] of Object.entries(readManifest(".next/app-path-routes-manifest.json"))) {
    routes.push({ path, kind: file.endsWith("/route") ? "route handler" : "page" });
  }
  for (const path of Object.keys(readManifest(".next/server/pages-manifest.json"))) routes.push({ path, kind: "page" });
  return routes.filter((route) => !frameworkEntries.has(route.path));
}

function isRefusal(status: number, location: string | undefined): boolean {
  if (status === 401) return true;
  return status >= 300 && status < 400 && /^(?:https?:\/\/[^/]+)?\/(?:sign-in|setup)(?:[?/]|$)/.test(location ?? "");
}

async function refusesAnonymous(request: APIRequestContext, route: Route): Promise<string[]> {
  const url = samplePath(route.path);
  const methods = route.kind === "page" ? ["GET"] : ["GET", "POST", "PUT", "DELETE"];
  const answers: string[] = [];
  let refused = 0;
  for (const method of methods) {
    const response = await request.fetch(url, { method, maxRedirects: 0, failOnStatusCode: false, data: method === "GET" ? undefined : "{}" });
    const location = response.headers()["location"];
    // 405: the handler does not serve this method at all, so there is nothing to refuse.
    if (response.status() === 405) continue;
    if (isRefusal(response.status(), location)) refused++;
    else answers.push(`${method} ${url} → ${response.status()}${location ? ` ${location}` : ""}`);
  }
  if (refused === 0 && answers.length === 0) answers.push(`${url}: no method answered`);
  return answers;
}

test("every page and route handler refuses anonymous requests, except ingest, /monitoring, health and the sign-in pages", async ({ request }) => {
  const routes = listRoutes();
  const protectedRoutes = routes.filter((route) => !publicRoutes.has(route.path));
  // The manifests list what the build has: the dashboard and docs are in it.
  expect(protectedRoutes.map((route) => route.path)).toEqual(expect.arrayContaining(["/projects", "/issues", "/projects/[projectSlug]/issues/[issueId]", "/docs", "/settings"]));
  const leaks: string[] = [];
  for (const route of protectedRoutes) leaks.push(...(await refusesAnonymous(request, route)));
  expect(leaks).toEqual([]);
  // And the public ones do answer without a session.
  expect((await request.get("/api/health")).status()).toBe(200);
  expect((await request.get("/sign-in", { maxRedirects: 0 })).status()).toBe(200);
  expect((await request.get("/.well-known/oauth-protected-resource/mcp")).status()).toBe(200);
  expect((await request.get("/replays/player")).status()).toBe(200);
});

test("every server action refuses anonymous callers before doing anything", async ({ request }) => {
  const manifest = JSON.parse(readFileSync(".next/server/server-reference-manifest.json", "utf8")) as {
    node: Record<string, { workers: Record<string, unknown>; exportedName?: string; filename?: string }>;
  };
  const actions = Object.entries(manifest.node).filter(([, action]) => !publicActionFolders.some((folder) => action.filename?.startsWith(folder)));
  expect(actions.map(([, action]) => action.exportedName)).toEqual(expect.arrayContaining(["bulkIssueAction", "resolveIssueAction", "createProjectKeyAction", "saveScrubbingSettingsAction", "createProjectAction"]));
  const database = openLanternDatabase();
  const countRows = async () => {
    const [projects, keys, activity] = await Promise.all([
      database.db.selectFrom("projects").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      database.db.selectFrom("project_keys").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      database.db.selectFrom("issue_activity").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    ]);
    return [Number(projects.n), Number(keys.n), Number(activity.n)];
  };
  const before = await countRows();
  const leaks: string[] = [];
  try {
    for (const [id, action] of actions) {
      const workerPage = Object.keys(action.workers)[0] ?? "app/page";
      const pagePath = samplePath(workerPage.replace(/^app/, "").replace(/\/\([^)]+\)/g, "").replace(/\/page$/, "") || "/");
      // The arguments as React encodes a form action's (previous state, form data) — plus a bound id
      // first, which some actions take; every action must refuse before it reads any of them.
      const form = new FormData();
      for (const [key, value] of Object.entries({ projectId: "1", issueId: "1", keyId: "1", issue: "1", intent: "delete", name: "crawler", label: "crawler", body: "crawler" })) form.append(`_1_${key}`, value);
      form.append("0", JSON.stringify([1, {}, "$K1"]));
      const response = await request.post(pagePath, { headers: { "Next-Action": id, Accept: "text/x-component" }, multipart: form, maxRedirects: 0, failOnStatusCode: false });
      const redirect = response.headers()["x-action-redirect"] ?? "";
      if (!/^\/(?:sign-in|setup)(?:[?;]|$)/.test(redirect)) leaks.push(`${action.exportedName} (${action.filename}) → ${response.status()} ${redirect}`);
    }
    expect(leaks).toEqual([]);
    expect(await countRows()).toEqual(before);
  } finally {
    await database.close();
  }
});

test("a project's status page answers anonymous requests only once it is turned on, naming only the monitors chosen for it", async ({ request }) => {
  const token = uniqueToken("status");
  const database = openLanternDatabase();
  const context = systemContext(database, loadConfig(e2eServerEnvironment));
  const { project } = await insertProject(database.db, { name: `status ${token}`, platform: "node" });
  try {
    // Disabled monitors: the running server checks nothing here, the page only names them.
    const monitor = (name: string, url: string, showOnStatusPage: boolean) => createUptimeMonitor(context, { projectSlug: project.slug, monitor: { name, url, intervalSeconds: 300, timeoutMs: 1000, status: "disabled", showOnStatusPage } });
    await monitor(`Storefront ${token}`, "https://93.184.215.14/shop", true);
    await monitor(`Internal admin ${token}`, "https://93.184.215.14/secret-admin", false);
    const path = `/status/${project.slug}`;
    expect((await request.get(path, { maxRedirects: 0, failOnStatusCode: false })).status()).toBe(404);

    await updateStatusPageSettings(context, { projectSlug: project.slug, isEnabled: true, title: `Status of ${token}` });
    const enabled = await request.get(path, { maxRedirects: 0, failOnStatusCode: false });
    expect(enabled.status()).toBe(200);
    const html = await enabled.text();
    expect(html).toContain(`Status of ${token}`);
    expect(html).toContain(`Storefront ${token}`);
    expect(html).not.toContain(`Internal admin ${token}`);
    expect(html).not.toContain("93.184.215.14");

    await updateStatusPageSettings(context, { projectSlug: project.slug, isEnabled: false, title: `Status of ${token}` });
    expect((await request.get(path, { maxRedirects: 0, failOnStatusCode: false })).status()).toBe(404);
  } finally {
    await database.close();
  }
});
