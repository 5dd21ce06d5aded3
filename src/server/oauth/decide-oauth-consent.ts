import type { AccessContext } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import type { Auth } from "../auth/create-auth";
import { AppError } from "../errors";
import { readJsonList } from "./oauth-columns";

/** The signed authorization request the consent page carries (better-auth signs it; the decision checks it). */
const maxQueryLength = 4000;

export interface OAuthConsentRequest {
  clientId: string;
  /** As the client registered it: shown as text only. */
  clientName: string;
  /** Where the browser goes afterwards: the host the user should recognise (127.0.0.1:<port> for local clients). */
  redirectHost: string;
  /** Lantern's scopes asked: read, and write if the client wants to triage too. */
  scopes: ("read" | "write")[];
}

/**
 * What an MCP client asks for, read from the consent page's query: its registered name, the redirect's
 * host (one of the client's registered redirect URIs, or nothing is shown), the scopes. Null when the query
 * names no known client.
 */
export async function describeOAuthConsentRequest(context: AccessContext, query: string): Promise<OAuthConsentRequest | null> {
  if (query.length > maxQueryLength) return null;
  const params = new URLSearchParams(query);
  const clientId = params.get("client_id");
  const redirectUri = params.get("redirect_uri");
  if (!clientId || !redirectUri) return null;
  const client = await context.db.selectFrom("oauth_clients").select(["name", "redirect_uris", "disabled"]).where("client_id", "=", clientId).executeTakeFirst();
  if (!client || Boolean(client.disabled) || !readJsonList(client.redirect_uris).includes(redirectUri)) return null;
  const asked = (params.get("scope") ?? "").split(" ");
  const scopes = (["read", "write"] as const).filter((scope) => asked.includes(scope));
  return { clientId, clientName: client.name?.trim() || "Unnamed MCP client", redirectHost: new URL(redirectUri).host, scopes: scopes.length ? scopes : ["read"] };
}

/**
 * The user's answer on the consent page. better-auth checks the query's signature, records the consent and
 * issues the code; the answer is where the browser goes next: the client's redirect URI with the code, or
 * with `error=access_denied`. An allowed grant is audited.
 */
export async function decideOAuthConsent(context: AccessContext, auth: Auth, input: { query: string; accept: boolean; headers: Headers }): Promise<string> {
  if (input.query.length > maxQueryLength) throw new AppError("bad_request", "This authorization request is too long.");
  const request = await describeOAuthConsentRequest(context, input.query);
  if (!request) throw new AppError("bad_request", "This authorization request names no known app.");
  let answer: unknown;
  try {
    // The plugin's authorize step reads the request itself: the consent is posted as a request to its endpoint.
    const consentUrl = `${context.config.publicUrl}/api/auth/oauth2/consent`;
    answer = await auth.api.oauth2Consent({ body: { accept: input.accept, oauth_query: input.query }, headers: input.headers, request: new Request(consentUrl, { method: "POST", headers: input.headers }) });
  } catch {
    throw new AppError("bad_request", "This authorization request has expired or was changed. Start again from the app.");
  }
  if (answer instanceof Response) answer = await answer.json().catch(() => null);
  const { url, redirect_uri: redirectUri } = (answer ?? {}) as { url?: string; redirect_uri?: string };
  const next = url ?? redirectUri;
  if (!next) throw new AppError("bad_request", "This authorization request could not be completed.");
  if (input.accept) {
    await recordAuditEvent(context.db, context.source, { action: "oauth.client_authorized", target: context.viewer.email, data: { clientId: request.clientId, clientName: request.clientName, scopes: request.scopes } });
  }
  return next;
}
