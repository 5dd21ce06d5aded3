import { describe, expect, it } from "vitest";
import { isPlayerAssetName, playerAssetHeaders, playerContentSecurityPolicy, playerDocumentHeaders, playerDocumentHtml, readPlayerAsset } from "./player-document";

const directives = (policy: string) => new Map(policy.split(";").map((part) => part.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));

describe("player document policy", () => {
  it("runs only the player's own scripts and loads nothing from the network by default", () => {
    const policy = directives(playerContentSecurityPolicy("lantern.example:3000", false));
    expect(policy.get("sandbox")).toEqual(["allow-scripts", "allow-same-origin"]);
    expect(policy.get("default-src")).toEqual(["'none'"]);
    expect(policy.get("script-src")).toEqual(["lantern.example:3000/replays/player/assets/"]);
    expect(policy.get("style-src")).toEqual(["lantern.example:3000/replays/player/assets/", "'unsafe-inline'"]);
    expect(policy.get("img-src")).toEqual(["data:", "blob:"]);
    expect(policy.get("font-src")).toEqual(["data:"]);
    for (const name of ["connect-src", "object-src", "form-action", "base-uri", "worker-src"]) expect(policy.get(name)).toEqual(["'none'"]);
    expect(policy.get("frame-src")).toEqual(["data:"]);
    expect(policy.get("frame-ancestors")).toEqual(["'self'"]);
  });

  it("adds remote images, styles and fonts when the viewer opted in — never scripts or connections", () => {
    const policy = directives(playerContentSecurityPolicy("lantern.example", true));
    expect(policy.get("img-src")).toEqual(["data:", "blob:", "https:", "http:"]);
    expect(policy.get("style-src")).toContain("https:");
    expect(policy.get("font-src")).toContain("http:");
    expect(policy.get("script-src")).toEqual(["lantern.example/replays/player/assets/"]);
    expect(policy.get("connect-src")).toEqual(["'none'"]);
  });

  it("lets the loader fetch one replay's recording and nothing else, and hands it where to start", () => {
    const replayId = "ab".repeat(16);
    const policy = directives(playerContentSecurityPolicy("lantern.test:3000", false, replayId));
    expect(policy.get("connect-src")).toEqual([`lantern.test:3000/replays/${replayId}/recording`]);
    expect(directives(playerContentSecurityPolicy("lantern.test:3000", false, "../../api")).get("connect-src")).toEqual(["'none'"]);
    expect(playerDocumentHtml({ replayId, atMs: 1500 })).toContain(`&quot;recording&quot;:&quot;/replays/${replayId}/recording&quot;,&quot;atMs&quot;:1500`);
    expect(playerDocumentHtml({ replayId: "<script>", atMs: 0 })).not.toContain("recording");
  });

  it("lets no Host header add directives", () => {
    const policy = playerContentSecurityPolicy("evil.example; script-src *", false);
    expect(directives(policy).get("script-src")).toEqual(["'none'"]);
    expect(policy).not.toContain("*");
    expect(directives(playerContentSecurityPolicy("[::1]:3000", false)).get("script-src")).toEqual(["[::1]:3000/replays/player/assets/"]);
  });

  it("serves the document uncached, unsniffed and without a referrer", () => {
    expect(playerDocumentHeaders("h", false)).toMatchObject({ "Content-Type": "text/html; charset=utf-8", "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });
    const html = playerDocumentHtml();
    expect(html).toMatch(/<script src="\/replays\/player\/assets\/loader\.js\?v=[0-9a-f]{16}"><\/script>/);
    expect(html).not.toMatch(/<script>/);
  });
});

describe("player assets", () => {
  it("reads rrweb-player from node_modules and serves each asset with a versioned, immutable cache", () => {
    expect(isPlayerAssetName("rrweb-player.js")).toBe(true);
    expect(isPlayerAssetName("../package.json")).toBe(false);
    expect(isPlayerAssetName("constructor")).toBe(false);
    const player = readPlayerAsset("rrweb-player.js");
    expect(player.body.toString("utf8")).toContain("rrwebPlayer");
    expect(player.body.toString("utf8")).not.toContain("sourceMappingURL=rrweb-player");
    expect(playerAssetHeaders(player)).toMatchObject({ "Content-Type": "text/javascript; charset=utf-8", "X-Content-Type-Options": "nosniff", "Cache-Control": "public, max-age=31536000, immutable" });
    expect(readPlayerAsset("rrweb-player.css").contentType).toBe("text/css; charset=utf-8");
    expect(readPlayerAsset("loader.js").body.toString("utf8")).toContain('"allow-scripts allow-same-origin"');
  });
});
