import { describe, expect, it } from "vitest";
import { choosePublicUrl } from "./choose-public-url";

const recorded = { url: "http://127.0.0.1:3111", recordedAt: Date.UTC(2026, 10, 29, 0, 50, 12) };

describe("choosePublicUrl", () => {
  it("uses the URL the running server recorded when this shell sets neither LANTERN_URL nor PORT, and says so", () => {
    const choice = choosePublicUrl({ purpose: "DSNs", environment: {}, configuredUrl: "http://localhost:3000", recorded });
    expect(choice).toEqual({
      url: "http://127.0.0.1:3111",
      note: "lantern: DSNs use http://127.0.0.1:3111 — recorded by the server started at 2026-11-29 00:50:12 UTC; set LANTERN_URL to override.",
      warning: null,
    });
  });

  it("prefers the server's URL to this shell's PORT, and warns when they differ", () => {
    const choice = choosePublicUrl({ purpose: "DSNs", environment: { PORT: "4000" }, configuredUrl: "http://localhost:4000", recorded });
    expect(choice.url).toBe("http://127.0.0.1:3111");
    expect(choice.warning).toBe("lantern: warning: PORT=4000 here would make http://localhost:4000, but the server started at 2026-11-29 00:50:12 UTC serves http://127.0.0.1:3111; printing the server's.");
    expect(choosePublicUrl({ purpose: "DSNs", environment: { PORT: "3111" }, configuredUrl: "http://127.0.0.1:3111/", recorded }).warning).toBeNull();
  });

  it("uses an explicit LANTERN_URL, and warns when the server recorded another one", () => {
    const choice = choosePublicUrl({ purpose: "Links", environment: { LANTERN_URL: "https://errors.example.com" }, configuredUrl: "https://errors.example.com", recorded });
    expect(choice.url).toBe("https://errors.example.com");
    expect(choice.note).toBe("lantern: Links use https://errors.example.com — LANTERN_URL set here.");
    expect(choice.warning).toBe("lantern: warning: the server started at 2026-11-29 00:50:12 UTC serves http://127.0.0.1:3111, not LANTERN_URL's https://errors.example.com; unset LANTERN_URL here to print the server's.");
    const agreeing = choosePublicUrl({ purpose: "DSNs", environment: { LANTERN_URL: "http://127.0.0.1:3111" }, configuredUrl: "http://127.0.0.1:3111", recorded });
    expect(agreeing.warning).toBeNull();
  });

  it("falls back to the configured default before any server recorded a URL, naming where it came from", () => {
    expect(choosePublicUrl({ purpose: "DSNs", environment: {}, configuredUrl: "http://localhost:3000", recorded: null })).toEqual({
      url: "http://localhost:3000",
      note: "lantern: DSNs use http://localhost:3000 — the default; no server has recorded its URL in this database yet. Set LANTERN_URL to the address your SDKs reach.",
      warning: null,
    });
    expect(choosePublicUrl({ purpose: "DSNs", environment: { PORT: "4000" }, configuredUrl: "http://localhost:4000", recorded: null }).note).toContain("— PORT=4000 set here;");
  });
});
