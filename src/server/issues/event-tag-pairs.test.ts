import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { normalizeEvent } from "@/server/digest/normalize-event";
import { normalizeUser, userKeyOf } from "@/server/digest/normalize-user";
import { parseEnvelope } from "@/server/ingest/parse-envelope";
import { derivedTagKeys, eventTagPairs } from "./event-tag-pairs";

type Json = Record<string, unknown>;

/** The event item of a captured envelope (tests/fixtures/envelopes: what the real SDKs sent). */
function capturedEvent(name: string): Json {
  const envelope = parseEnvelope(new Uint8Array(readFileSync(new URL(`../../../tests/fixtures/envelopes/${name}`, import.meta.url))));
  const item = envelope.items.find((candidate) => candidate.header.type === "event")!;
  return JSON.parse(new TextDecoder().decode(item.payload)) as Json;
}

/** The tag pairs digest counts for a raw event, after normalization (which fills browser/OS from the User-Agent). */
function tagsOf(raw: Json, clientIp = "203.0.113.9"): Record<string, string> {
  const normalized = normalizeEvent(raw, { receivedAt: Date.now(), sentAt: undefined, headerEventId: null, clientIp });
  const user = normalized.event.user !== null && typeof normalized.event.user === "object" ? (normalized.event.user as Json) : null;
  return Object.fromEntries(eventTagPairs(normalized.event, { ...normalized, userKey: userKeyOf(user as never) }));
}

describe("eventTagPairs", () => {
  it("derives runtime, OS, handled, mechanism and the error type from a real @sentry/node 10.78 exception", () => {
    const tags = tagsOf({ ...capturedEvent("node-exception.envelope"), user: { id: "42", email: "bob@example.com", username: "bob", ip_address: "198.51.100.7" } });
    expect(tags).toMatchObject({
      level: "error",
      release: "lantern-fixtures@1.0.0",
      environment: "fixtures",
      runtime: "node v20.20.2",
      "runtime.name": "node",
      // The SDK sends the version with /etc/os-release's newline.
      os: "Debian 12.11",
      "os.name": "Debian",
      // The newest exception of the chain (Error, captured by captureException) is the one that crashed.
      handled: "yes",
      mechanism: "generic",
      "error.type": "Error",
      user: "id:42",
      "user.id": "42",
      "user.email": "bob@example.com",
      "user.username": "bob",
      "user.ip": "198.51.100.7",
      server_name: "fixture-host",
    });
    // @sentry/node's device context has no model or family: no device tags rather than empty ones.
    expect(tags).not.toHaveProperty("device");
    expect(tags).not.toHaveProperty("device.family");
    expect(tags).not.toHaveProperty("browser");
  });

  it("derives browser, OS, URL and an unhandled mechanism from a real @sentry/nextjs browser event in Chromium", () => {
    const tags = tagsOf(capturedEvent("browser-nextjs-unhandled-error.envelope"));
    expect(tags).toMatchObject({
      browser: "Chrome Headless 156.0.0.0",
      "browser.name": "Chrome Headless",
      "os.name": "Linux",
      os: "Linux",
      url: "http://127.0.0.1:3100/settings/diagnostics",
      handled: "no",
      mechanism: "auto.browser.browserapierrors.setTimeout",
      "error.type": "Error",
      // The browser SDK's user is the sender's address ({{auto}}), filled in by digest.
      "user.ip": "203.0.113.9",
    });
  });

  it("derives a phone's device and family from its User-Agent, and a desktop Chrome's browser", () => {
    const iphone = tagsOf({
      platform: "javascript",
      exception: { values: [{ type: "TypeError", value: "x is undefined", mechanism: { type: "onerror", handled: false } }] },
      request: { url: "https://shop.example/cart", headers: { "User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1" } },
    });
    expect(iphone).toMatchObject({ browser: "Mobile Safari 17.5", "browser.name": "Mobile Safari", os: "iOS 17.5", device: "iPhone", "device.family": "iPhone", "error.type": "TypeError", handled: "no" });
    const chrome = tagsOf({ platform: "javascript", message: "hi", request: { headers: { "User-Agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36" } } });
    expect(chrome).toMatchObject({ browser: "Chrome 156.0.0.0", "browser.name": "Chrome", os: "Windows 10", "os.name": "Windows" });
    // A message has no exception: nothing about handling.
    expect(chrome).not.toHaveProperty("handled");
  });

  it("puts the derived tags first, so 50 of the SDK's own cannot push them out, and keeps the first value of a key", () => {
    const ownTags = Object.fromEntries(Array.from({ length: 60 }, (_, index) => [`custom${index}`, `v${index}`]));
    const tags = tagsOf({ platform: "node", message: "hi", level: "warning", contexts: { runtime: { name: "node", version: "v22.1.0" } }, tags: { ...ownTags, "runtime.name": "deno", level: "fatal" } });
    expect(Object.keys(tags)).toHaveLength(50);
    expect(tags).toMatchObject({ level: "warning", "runtime.name": "node", runtime: "node v22.1.0", custom0: "v0" });
    expect(Object.keys(tags).every((key) => key.startsWith("custom") || (derivedTagKeys as readonly string[]).includes(key))).toBe(true);
  });

  it("ignores contexts and users of the wrong shape instead of failing", () => {
    const user = normalizeUser({ id: 7 }, "node", null, { add: () => {} } as never);
    expect(eventTagPairs({ contexts: { browser: "Chrome", os: { name: 5 } }, user: "bob", exception: { values: "x" }, request: { url: 3 } }, { level: "error", environment: null, release: null, userKey: userKeyOf(user) })).toEqual([
      ["level", "error"],
      ["user", "id:7"],
    ]);
  });
});
