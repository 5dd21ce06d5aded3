import { createHash } from "node:crypto";
import * as Sentry from "@sentry/nextjs";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { requestContext } from "../access/get-api-context";
import type { Viewer } from "../access/viewer";
import { getConfig } from "../config";
import { getDatabase } from "../db/get-database";
import { authenticateOAuthAccessToken } from "../oauth/authenticate-oauth-access-token";
import { authenticateApiToken } from "../tokens/api-tokens";
import { createMcpServer } from "./create-mcp-server";
import { takeMcpCall } from "./mcp-rate-limit";

/** MCP messages are small JSON-RPC requests; a bigger body is refused before it is read whole. */
const maxBodyBytes = 256 * 1024;

/** Where an MCP client learns how to get a token (RFC 9728 protected-resource metadata for `/mcp`). */
export function resourceMetadataUrl(publicUrl: string): string {
  return `${publicUrl}/.well-known/oauth-protected-resource/mcp`;
}

function jsonRpcError(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store", ...headers },
  });
}

function unauthorized(publicUrl: string, message: string, invalidToken: boolean): Response {
  const challenge = `Bearer resource_metadata="${resourceMetadataUrl(publicUrl)}"${invalidToken ? ', error="invalid_token"' : ""}`;
  return jsonRpcError(401, message, { "WWW-Authenticate": challenge });
}

/**
 * `/mcp`: Lantern's MCP server over Streamable HTTP, stateless (every POST is answered on its own, as JSON),
 * for bearer credentials only: a Lantern API token or an OAuth access token. A browser's session cookie is
 * never enough, so no page can drive the tools on a signed-in person's behalf. Each token has its own budget
 * of requests per minute.
 */
export async function handleMcpRequest(request: Request): Promise<Response> {
  const config = getConfig();
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "");
  if (!match) return unauthorized(config.publicUrl, "Authorization needed: a Lantern API token (Authorization: Bearer …) or OAuth.", false);
  const token = match[1]!;
  const database = await getDatabase();
  const viewer = await authenticateBearer(database.db, token);
  if (!viewer) return unauthorized(config.publicUrl, "The token is unknown, expired or revoked.", true);

  const retryAfter = takeMcpCall(createHash("sha256").update(token).digest("base64url"), config.mcp.callsPerMinute);
  if (retryAfter !== null) return jsonRpcError(429, `Too many requests for this token (${config.mcp.callsPerMinute} a minute); retry in ${retryAfter} s.`, { "Retry-After": String(retryAfter) });

  // Stateless: there is no session to stream server-sent notifications on, or to end.
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  {
    const declared = Number(request.headers.get("content-length") ?? "0");
    if (declared > maxBodyBytes) return jsonRpcError(413, `An MCP request body may have at most ${maxBodyBytes} bytes.`);
  }
  const context = requestContext(request, database, viewer);
  const server = createMcpServer(context);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  try {
    await server.connect(transport);
    const body = await readCappedJson(request);
    if (body instanceof Response) return body;
    return await transport.handleRequest(request, { parsedBody: body });
  } catch (error) {
    const errorId = Sentry.captureException(error);
    console.error(`lantern: /mcp request failed (reported as ${errorId}):`, error);
    return jsonRpcError(500, `Internal error ${errorId}`);
  } finally {
    void server.close();
  }
}

/** A Lantern API token (sntrys_, lnt_), else an OAuth access token issued to an MCP client (lantern_oat_). */
async function authenticateBearer(db: Parameters<typeof authenticateApiToken>[0], token: string): Promise<Viewer | null> {
  return (await authenticateApiToken(db, token)) ?? (await authenticateOAuthAccessToken(db, token));
}

/** Reads at most maxBodyBytes (a chunked body has no Content-Length) and parses it; a Response when it cannot. */
async function readCappedJson(request: Request): Promise<unknown> {
  if (!request.body) return jsonRpcError(400, "An MCP request needs a JSON-RPC body.");
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBodyBytes) {
      await reader.cancel();
      return jsonRpcError(413, `An MCP request body may have at most ${maxBodyBytes} bytes.`);
    }
    chunks.push(value);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code: -32700, message: "Parse error: the body is not JSON." }, id: null }), { status: 400, headers: { "Content-Type": "application/json" } });
  }
}
