import { describe, expect, it } from "vitest";
import { fillUserAgentContexts, parsedAgents } from "./fill-user-agent-contexts";
import type { JsonObject } from "@/lib/json-values";

const chromeOnLinux = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.8078.73 Safari/537.36";
const eventWith = (userAgent: string): JsonObject => ({ request: { headers: [["User-Agent", userAgent]] } });

describe("the parsed user-agent cache", () => {
  it("holds no more than its bound under a flood of distinct user agents, and still parses each right", () => {
    let largest = 0;
    for (let i = 0; i < parsedAgents.max * 2; i++) {
      const event = eventWith(`Mozilla/5.0 (X11; Linux x86_64) Chrome/${i}.0.${i % 97} Safari/537.36 flood/${"x".repeat(i % 400)}`);
      fillUserAgentContexts(event);
      expect((event.contexts as Record<string, { version?: string }>).browser?.version).toBe(`${i}.0.${i % 97}`);
      largest = Math.max(largest, parsedAgents.size);
    }
    expect(largest).toBe(parsedAgents.max);
    const event = eventWith(chromeOnLinux);
    fillUserAgentContexts(event);
    expect(event.contexts).toMatchObject({ browser: { name: "Chrome", version: "156.0.8078.73" } });
  });
});
