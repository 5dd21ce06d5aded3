import { describe, expect, it } from "vitest";
import { fillUserAgentContexts } from "./fill-user-agent-contexts";
import { normalizeEvent } from "./normalize-event";

const chromeOnLinux = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.8078.73 Safari/537.36";
const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const normalize = (raw: Record<string, unknown>) => normalizeEvent(raw, { receivedAt: Date.now() }).event.contexts as Record<string, Record<string, unknown>> | undefined;

describe("contexts from the User-Agent header", () => {
  it("fills browser and os for a browser event that sent only the header", () => {
    const contexts = normalize({ platform: "javascript", request: { headers: { "User-Agent": chromeOnLinux } } });
    expect(contexts?.browser).toEqual({ name: "Chrome", version: "156.0.8078.73", type: "browser" });
    expect(contexts?.os).toMatchObject({ name: "Linux", type: "os" });
  });

  it("fills the device of a phone", () => {
    const contexts = normalize({ request: { headers: [["user-agent", iphone]] } });
    expect(contexts?.device).toMatchObject({ model: "iPhone", brand: "Apple", type: "device" });
    expect(contexts?.os).toMatchObject({ name: "iOS", version: "17.4" });
  });

  it("never overwrites a context the SDK sent, and keeps the others", () => {
    const contexts = normalize({ contexts: { browser: { name: "Custom", version: "1" }, trace: { trace_id: "a".repeat(32), span_id: "b".repeat(16) } }, request: { headers: { "User-Agent": chromeOnLinux } } });
    expect(contexts?.browser).toEqual({ name: "Custom", version: "1", type: "browser" });
    expect(contexts?.trace).toMatchObject({ trace_id: "a".repeat(32) });
    expect(contexts?.os).toMatchObject({ name: "Linux" });
  });

  it("reads the header object of an item that is not normalized first (a replay_event, as @sentry/browser sends it)", () => {
    const replayEvent: Record<string, unknown> = { type: "replay_event", request: { url: "https://shop.example.com/", headers: { "User-Agent": chromeOnLinux } } };
    fillUserAgentContexts(replayEvent);
    expect(replayEvent.contexts).toMatchObject({ browser: { name: "Chrome" }, os: { name: "Linux" } });
  });

  it("adds nothing without a User-Agent", () => {
    expect(normalize({ request: { headers: { Referer: "https://shop.example.com" } } })).toBeUndefined();
  });
});
