import { oauthProviderAuthServerMetadata } from "@better-auth/oauth-provider";
import { clientAddressHeader } from "../access/client-headers";
import { readCappedBody } from "../api/read-capped-body";
import type { Auth } from "../auth/create-auth";
import type { LanternConfig } from "../config";
import { httpStatusOf, isAppError } from "../errors";
import { isMcpOAuthAvailable, registrationLimits } from "./mcp-oauth-options";

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

function oauthError(status: number, description: string): Response {
  return Response.json({ error: "invalid_request", error_description: description }, { status, headers: { "Cache-Control": "no-store" } });
}

/**
 * An OAuth request (register, token, revoke) handed to better-auth with its body read first, at most 16 KiB:
 * these endpoints answer anyone, and a registration is a stranger's JSON.
 */
export async function serveOAuthRequest(auth: Auth, config: LanternConfig, request: Request): Promise<Response> {
  if (!isMcpOAuthAvailable(config)) return notFound();
  if (request.method !== "POST") return auth.handler(request);
  let body: Buffer;
  try {
    body = await readCappedBody(request, registrationLimits.bodyBytes, "The request");
  } catch (error) {
    if (isAppError(error)) return oauthError(httpStatusOf(error), error.message);
    throw error;
  }
  return auth.handler(new Request(request.url, { method: "POST", headers: request.headers, body: new Uint8Array(body) }));
}

/**
 * RFC 8414 metadata of the authorization server (issuer `<publicUrl>/api/auth`), served at the site's root
 * and at its path-inserted address `/.well-known/oauth-authorization-server/api/auth`, where MCP clients look.
 */
export async function serveAuthorizationServerMetadata(auth: Auth, config: LanternConfig, request: Request): Promise<Response> {
  if (!isMcpOAuthAvailable(config)) return notFound();
  return oauthProviderAuthServerMetadata(auth)(request);
}

/**
 * RFC 9728 metadata of the protected resource `<publicUrl>/mcp`, at `/.well-known/oauth-protected-resource`
 * and `/.well-known/oauth-protected-resource/mcp`: the MCP plugin answers both paths.
 */
export async function serveProtectedResourceMetadata(auth: Auth, config: LanternConfig, request: Request): Promise<Response> {
  if (!isMcpOAuthAvailable(config)) return notFound();
  const path = new URL(request.url).pathname;
  // Only what the plugin reads: the address (for better-auth's rate limiter) and the wanted type.
  const headers = new Headers({ accept: "application/json" });
  const address = request.headers.get(clientAddressHeader);
  if (address) headers.set(clientAddressHeader, address);
  return auth.handler(new Request(`${config.publicUrl}${path}`, { method: request.method, headers }));
}
