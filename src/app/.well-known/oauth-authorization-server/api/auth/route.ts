import { getAuth } from "@/server/auth/get-auth";
import { getConfig } from "@/server/config";
import { serveAuthorizationServerMetadata } from "@/server/oauth/serve-oauth-endpoints";

/** RFC 8414 authorization-server metadata for MCP clients (public; issuer `<LANTERN_URL>/api/auth`). */
export async function GET(request: Request): Promise<Response> {
  return serveAuthorizationServerMetadata(await getAuth(), getConfig(), request);
}
