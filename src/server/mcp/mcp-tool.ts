import type { z } from "zod";
import type { AccessContext } from "../access/authorize";

/**
 * One tool of Lantern's MCP server. Names and arguments are those of Sentry's MCP server where the tool is
 * shared, so prompts and skills written for Sentry work unchanged. `run` calls the same verbs as the dashboard
 * and the API, which authorize themselves, and answers Markdown for an LLM to read.
 */
export interface McpTool<Shape extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  input: Shape;
  /** A write tool changes something: it is audited, and a read-only credential is refused by the verb it calls. */
  isWrite: boolean;
  run(context: AccessContext, args: z.infer<z.ZodObject<Shape>>): Promise<string>;
}

/** Keeps each tool's argument types while the registry holds them all as McpTool. */
export function defineTool<Shape extends z.ZodRawShape>(tool: McpTool<Shape>): McpTool {
  return tool as unknown as McpTool;
}
