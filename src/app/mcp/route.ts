import { handleMcpRequest } from "@/server/mcp/handle-mcp-request";

/** Lantern's built-in MCP server (Streamable HTTP, stateless): see docs → AI agents. */
export const POST = handleMcpRequest;
export const GET = handleMcpRequest;
export const DELETE = handleMcpRequest;
