import { getAuth } from "@/server/auth/get-auth";
import { getConfig } from "@/server/config";
import { serveProtectedResourceMetadata } from "@/server/oauth/serve-oauth-endpoints";

/** RFC 9728 protected-resource metadata of `/mcp` (public): where MCP clients find the authorization server. */
export async function GET(request: Request): Promise<Response> {
  return serveProtectedResourceMetadata(await getAuth(), getConfig(), request);
}
