import { expect, it } from "vitest";
import { lanternTools, mcpTools as documentedSentryTools } from "@/content/docs/ai-agents";
import { mcpTools } from ".";

it("documents exactly the tools /mcp serves, write tools as write tools (Docs → AI agents)", () => {
  const documented = [...documentedSentryTools.map((tool) => tool.name), ...lanternTools.map((tool) => tool.name)].sort();
  expect(documented).toEqual(mcpTools.map((tool) => tool.name).sort());
  expect(documentedSentryTools.filter((tool) => tool.isWrite).map((tool) => tool.name).sort()).toEqual(mcpTools.filter((tool) => tool.isWrite).map((tool) => tool.name).sort());
});
