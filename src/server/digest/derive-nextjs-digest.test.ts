import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { normalizeEvent } from "./normalize-event";

/**
 * Events as unmodified SDKs sent them (nextjs-sdk-events/README.md says how each was captured): 10.x from the
 * fixture app (e2e/nextjs-app) built with Next 16 and run by `next start`, 9.x from @sentry/nextjs 9.47.2's
 * captureRequestError after Next's own `console.error("⨯", error)`.
 */
type Json = Record<string, unknown>;
const captured = (name: string): Json => JSON.parse(readFileSync(new URL(`./nextjs-sdk-events/${name}.json`, import.meta.url), "utf8")) as Json;
const normalize = (raw: Json) => normalizeEvent(raw, { receivedAt: Date.now() });
const digestTagsOf = (raw: Json) => ((normalize(raw).event.tags ?? []) as [string, string][]).filter(([key]) => key === "digest").map(([, value]) => value);
/** SDKs send breadcrumbs as a bare list; the protocol also allows `{values}`. */
const crumbsOf = (raw: Json) => (Array.isArray(raw.breadcrumbs) ? (raw.breadcrumbs as Json[]) : (raw.breadcrumbs as { values: Json[] }).values);
const withCrumbs = (raw: Json, crumbs: Json[]): Json => ({ ...raw, breadcrumbs: { values: crumbs } });
const withoutDigest = (crumb: Json): Json => {
  const data = crumb.data as { arguments: unknown[] };
  return { ...crumb, data: { ...data, arguments: data.arguments.map((arg) => (typeof arg === "object" && arg !== null ? { ...arg, digest: undefined } : arg)) } };
};

const serverComponent10 = captured("10.x-server-component");
const serverAction10 = captured("10.x-server-action");
const serverComponent9 = captured("9.x-server-component");

describe("the Next.js digest of a server error, from an unmodified @sentry/nextjs", () => {
  it("10.x: takes the digest Next logged with the same error just before onRequestError (server component)", () => {
    expect(digestTagsOf(serverComponent10)).toEqual(["4252315987"]);
  });

  it("10.x: the same for a server action's error", () => {
    expect(digestTagsOf(serverAction10)).toEqual(["491403947"]);
  });

  it("9.x: the same breadcrumb, although the transaction name and mechanism differ from 10.x", () => {
    expect(serverComponent9.transaction).toBe("/server-component-error");
    expect((serverComponent10.transaction as string)).toBe("GET /server-component-error");
    expect(digestTagsOf(serverComponent9)).toEqual(["2739128866"]);
  });

  it("a route handler's error has no digest (Next assigns none), so none is derived", () => {
    expect(JSON.stringify(captured("10.x-route-handler"))).not.toContain('"digest"');
    expect(digestTagsOf(captured("10.x-route-handler"))).toEqual([]);
  });

  it("never takes a digest from a breadcrumb that logged another error", () => {
    const otherErrorsCrumb = crumbsOf(serverAction10).at(-1)!;
    expect(digestTagsOf(withCrumbs(serverComponent10, [otherErrorsCrumb]))).toEqual([]);
    // The other error logged after this one: the event's own, older breadcrumb is still the one taken.
    expect(digestTagsOf(withCrumbs(serverComponent10, [...crumbsOf(serverComponent10), otherErrorsCrumb]))).toEqual(["4252315987"]);
  });

  it("takes the newest of the event's own logged errors", () => {
    const [own] = crumbsOf(serverComponent10);
    const older = { ...own!, data: { arguments: ["⨯", { ...((own!.data as Json).arguments as Json[])[1], digest: "1" }] } };
    expect(digestTagsOf(withCrumbs(serverComponent10, [older, own!]))).toEqual(["4252315987"]);
  });

  it("the same message under another error type is another error", () => {
    const exception = (serverComponent10.exception as { values: Json[] }).values;
    const renamed = { ...serverComponent10, exception: { values: exception.map((value) => ({ ...value, type: "TypeError" })) } };
    expect(digestTagsOf(renamed)).toEqual([]);
  });

  it("skips the browser's redacted copy of a server error, which carries the same digest", () => {
    const browserCopy = captured("10.x-browser-copy");
    expect(JSON.stringify(browserCopy)).toContain('"digest":"4252315987"');
    expect(digestTagsOf(browserCopy)).toEqual([]);
  });

  it("a digest tag the app set itself (beforeSend, a wrapper) wins and is not doubled", () => {
    expect(digestTagsOf({ ...serverComponent10, tags: { ...(serverComponent10.tags as Json), digest: "from-before-send" } })).toEqual(["from-before-send"]);
  });

  it("reads extraErrorDataIntegration's copy of the error's properties (contexts.<type>.digest)", () => {
    const noCrumbDigest = withCrumbs(serverComponent10, crumbsOf(serverComponent10).map(withoutDigest));
    expect(digestTagsOf(noCrumbDigest)).toEqual([]);
    expect(digestTagsOf({ ...noCrumbDigest, contexts: { ...(noCrumbDigest.contexts as Json), Error: { digest: "3141592653" } } })).toEqual(["3141592653"]);
    expect(digestTagsOf({ ...noCrumbDigest, contexts: { ...(noCrumbDigest.contexts as Json), TypeError: { digest: "3141592653" } } })).toEqual([]);
  });

  it("finds the digest behind a long stack, which Lantern's breadcrumb trimming cuts before the digest key", () => {
    const [own] = crumbsOf(serverComponent10);
    const logged = ((own!.data as Json).arguments as Json[])[1]!;
    const longStack = { ...own!, data: { arguments: ["⨯", { ...logged, stack: `${logged.stack as string}\n${"    at frame (/app/x.js:1:1)\n".repeat(200)}`, digest: logged.digest }] } };
    const result = normalize(withCrumbs(serverComponent10, [longStack]));
    expect(JSON.stringify(result.event.breadcrumbs)).not.toContain("4252315987");
    expect((result.event.tags as [string, string][]).filter(([key]) => key === "digest")).toEqual([["digest", "4252315987"]]);
  });

  it("matches a message an SDK cut short with an ellipsis", () => {
    const exception = (serverComponent10.exception as { values: Json[] }).values;
    const cut = { ...serverComponent10, exception: { values: exception.map((value) => ({ ...value, value: "Fixture server component failure: cart..." })) } };
    expect(digestTagsOf(cut)).toEqual(["4252315987"]);
  });

  it("hostile breadcrumbs: non-string, empty, multi-line or over-long digests are ignored, and only the newest 100 crumbs are read", () => {
    const [own] = crumbsOf(serverComponent10);
    const logged = ((own!.data as Json).arguments as Json[])[1]!;
    const crumbWith = (digest: unknown) => ({ ...own!, data: { arguments: ["⨯", { ...logged, digest }] } });
    for (const digest of [42, "", "  ", "a\nb", "x".repeat(201), { nested: "1" }, null]) {
      expect(digestTagsOf(withCrumbs(serverComponent10, [crumbWith(digest)]))).toEqual([]);
    }
    const filler = Array.from({ length: 100 }, () => ({ category: "console", data: { arguments: ["noise"] } }));
    expect(digestTagsOf(withCrumbs(serverComponent10, [own!, ...filler]))).toEqual([]);
    expect(digestTagsOf(withCrumbs(serverComponent10, [own!, ...filler.slice(1)]))).toEqual(["4252315987"]);
    expect(digestTagsOf({ ...serverComponent10, breadcrumbs: "not a list" })).toEqual([]);
  });
});
