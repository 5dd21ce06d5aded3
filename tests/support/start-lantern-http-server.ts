import { once } from "node:events";
import { readdirSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { LanternDatabase } from "@/server/db/create-database";
import { loadConfig } from "@/server/config";
import { createIngestService, type IngestService } from "@/server/ingest/ingest-service";
import { matchIngestEndpoint, serveNodeIngest } from "@/server/ingest/serve-node-ingest";

type RouteHandler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

interface ApiRoute {
  segments: string[];
  load: () => Promise<Record<string, unknown>>;
}

const apiDirectory = fileURLToPath(new URL("../../src/app/api/0", import.meta.url));

/** Every route.ts under src/app/api/0, as its path segments (`[name]`, `[...name]` kept as Next spells them). */
function findApiRoutes(directory: string): ApiRoute[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return findApiRoutes(path);
    if (entry.name !== "route.ts") return [];
    const segments = relative(apiDirectory, directory).split(sep).filter(Boolean);
    return [{ segments, load: () => import(/* @vite-ignore */ path) as Promise<Record<string, unknown>> }];
  });
}

/** Next's precedence: static segments before dynamic ones, catch-alls last. */
function matchRoute(routes: ApiRoute[], parts: string[]): { route: ApiRoute; params: Record<string, string | string[]> } | null {
  const candidates: { route: ApiRoute; params: Record<string, string | string[]>; rank: number[] }[] = [];
  for (const route of routes) {
    const params: Record<string, string | string[]> = {};
    const rank: number[] = [];
    let isMatch = true;
    for (let index = 0; index < route.segments.length; index += 1) {
      const segment = route.segments[index]!;
      const catchAll = /^\[\.\.\.(\w+)\]$/.exec(segment);
      if (catchAll) {
        if (parts.length <= index) isMatch = false;
        else params[catchAll[1]!] = parts.slice(index);
        rank.push(2);
        break;
      }
      const part = parts[index];
      if (part === undefined) {
        isMatch = false;
        break;
      }
      const dynamic = /^\[(\w+)\]$/.exec(segment);
      if (dynamic) {
        params[dynamic[1]!] = part;
        rank.push(1);
      } else if (segment === part) rank.push(0);
      else isMatch = false;
      if (!isMatch) break;
    }
    const isCatchAll = route.segments.some((segment) => segment.startsWith("[..."));
    if (isMatch && (isCatchAll || route.segments.length === parts.length)) candidates.push({ route, params, rank });
  }
  candidates.sort((a, b) => {
    for (let index = 0; index < Math.max(a.rank.length, b.rank.length); index += 1) {
      const difference = (a.rank[index] ?? -1) - (b.rank[index] ?? -1);
      if (difference !== 0) return difference;
    }
    return 0;
  });
  return candidates[0] ?? null;
}

export interface LanternHttpServer {
  url: string;
  port: number;
  service: IngestService;
  close(): Promise<void>;
}

/**
 * Lantern as an outside tool sees it, without Next (which needs a production build): the ingest half of
 * `lantern start` plus every /api/0/ route file under src/app/api/0 — the same exported handlers Next
 * serves, matched by the same directory names — on one random loopback port. The route handlers read the
 * process's database, so `database` becomes it for the server's lifetime.
 */
export async function startLanternHttpServer(database: LanternDatabase, environment: Record<string, string> = {}): Promise<LanternHttpServer> {
  const holder = globalThis as typeof globalThis & { lanternDatabase?: Promise<unknown> };
  const previousDatabase = holder.lanternDatabase;
  holder.lanternDatabase = Promise.resolve(database);
  const routes = findApiRoutes(apiDirectory);
  const service = await createIngestService(database, loadConfig(environment), { isDigesting: true });
  let origin = "";

  async function serveApi(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", origin);
    const parts = url.pathname.split("/").filter(Boolean).slice(2).map(decodeURIComponent);
    const match = url.pathname.startsWith("/api/0/") ? matchRoute(routes, parts) : null;
    const handler = match ? ((await match.route.load())[request.method ?? "GET"] as RouteHandler | undefined) : undefined;
    if (!match || !handler) return void response.writeHead(match ? 405 : 404, { "content-type": "application/json" }).end('{"detail":"not found"}');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const headers = new Headers(Object.entries(request.headers).flatMap(([name, value]) => (typeof value === "string" ? [[name, value] as [string, string]] : [])));
    const body = request.method === "GET" || request.method === "HEAD" ? undefined : Buffer.concat(chunks);
    const answer = await handler(new Request(url, { method: request.method, headers, body }), { params: Promise.resolve(match.params) });
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    response.end(Buffer.from(await answer.arrayBuffer()));
  }

  const server: Server = createServer((request, response) => {
    const endpoint = matchIngestEndpoint(request.url ?? "/");
    if (endpoint) return void serveNodeIngest(service, endpoint, request, response);
    serveApi(request, response).catch((error: unknown) => {
      console.error(error);
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: origin,
    port,
    service,
    close: async () => {
      server.closeAllConnections();
      server.close();
      holder.lanternDatabase = previousDatabase;
      await service.digest.stop();
      await service.alerts.stop();
      await service.logAlerts.stop();
      await service.monitors.stop();
      await service.uptime.stop();
    },
  };
}
