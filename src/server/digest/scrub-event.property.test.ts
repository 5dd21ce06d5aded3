import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { JsonObject } from "@/lib/json-values";
import { serializeEvent } from "../api/events/serialize-event";
import { computeGrouping, emptyGroupingConfig } from "../grouping/compute-grouping";
import { summarizeEnvelopeItems, summarizeEvent } from "../ingest/inspect-envelope";
import { deriveCulprit } from "../issues/derive-culprit";
import { eventTagPairs } from "../issues/event-tag-pairs";
import { normalizeEvent } from "./normalize-event";
import { formatMessage } from "./normalize-logentry";
import { userKeyOf } from "./normalize-user";
import { defaultScrubSettings, scrubEvent, textScrubbingFor } from "./scrub-event";

/**
 * Property: an event with a secret anywhere — a card number in any text, a value under a sensitive key, a
 * sensitive URL parameter, a sensitive header pair, a secret that only appears once digest formats a log
 * message with its params — shows it nowhere after digest: not in the summary (at ingest, from the raw
 * event, nor as digest rewrites it), the stored event, its title, culprit and tags, nor the API's answer.
 * Identifiers (`*_id`) and Lantern's structural fields (release, environment…) are not scrubbed by design,
 * and secrets used as keys are not looked for: the generator places secrets elsewhere.
 */

/** Keys that are neither sensitive, nor identifiers, nor structural. */
const plainKey = fc.string({ unit: fc.constantFrom(..."bfjlmqvxyz".split("")), minLength: 1, maxLength: 6 });
const filler = fc.string({ unit: fc.constantFrom(..."bfjlmqvxyz ".split("")), maxLength: 12 });

/** 16 digits that pass the Luhn check, in groups of four joined by nothing, spaces or dashes. */
const cardNumber = fc.tuple(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 15, maxLength: 15 }), fc.constantFrom("", " ", "-")).map(([payload, separator]) => {
  if (payload.every((digit) => digit === payload[0])) payload[0] = (payload[0]! + 1) % 10;
  let sum = 0;
  for (let index = 0; index < payload.length; index++) {
    let digit = payload[payload.length - 1 - index]!;
    if (index % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  const digits = [...payload, (10 - (sum % 10)) % 10].join("");
  return digits.match(/\d{4}/g)!.join(separator);
});
const token = fc.string({ unit: fc.constantFrom(..."ABCDEFGHKMNPRSTUVWXYZ".split("")), minLength: 10, maxLength: 16 }).map((letters) => `SECRET${letters}`);
const sensitiveKey = fc.constantFrom("password", "api_key", "apiKey", "X-Auth-Token", "client_secret", "session", "Cookie", "csrfToken", "private_key", "signature", "credentials", "api%5Fkey");
const urlShape = fc.constantFrom(
  (name: string, value: string) => `https://shop.example.com/search/color=red?${name}=${value}`,
  (name: string, value: string) => `/x=y/z?page=2&${name}=${value}`,
  (name: string, value: string) => `https://shop.example.com/cb#${name}=${value}&state=1`,
  (name: string, value: string) => `${name}=${value}`,
);

interface Carrier {
  /** Puts the secret into the event at `path` (a path of keys). */
  place: (event: JsonObject, path: (string | number)[]) => void;
  secrets: string[];
}

interface Placed {
  carrier: Carrier;
  path: (string | number)[];
}

const textPaths: (string | number)[][] = [
  ["message"],
  ["logentry", "formatted"],
  ["exception", "values", 0, "value"],
  ["exception", "values", 0, "type"],
  ["transaction"],
  ["culprit"],
  ["request", "url"],
  ["request", "query_string"],
  ["breadcrumbs", "values", 0, "message"],
  ["breadcrumbs", "values", 0, "data", "url"],
  ["exception", "values", 0, "stacktrace", "frames", 0, "function"],
  ["exception", "values", 0, "stacktrace", "frames", 0, "context_line"],
  ["user", "username"],
  ["server_name"],
  ["logger"],
];
const objectPaths: (string | number)[][] = [["extra"], ["contexts", "app"], ["request", "data"], ["request", "headers"], ["tags"], ["breadcrumbs", "values", 0, "data"], ["exception", "values", 0, "stacktrace", "frames", 0, "vars"], ["user", "data"]];

const textWith = (secret: fc.Arbitrary<string>) => fc.tuple(filler, secret, filler).map(([before, value, after]) => ({ text: `${before} ${value} ${after}`, value }));

const carrier: fc.Arbitrary<Placed> = fc.oneof<fc.Arbitrary<Placed>[]>(
  // A card number inside any text.
  fc.tuple(textWith(cardNumber), fc.constantFrom(...textPaths)).map(([{ text, value }, path]): Placed => ({
    carrier: { place: (event, at) => setAt(event, at, text), secrets: [value, value.replace(/\D/g, "")] },
    path,
  })),
  // A sensitive URL parameter inside any text.
  fc.tuple(urlShape, sensitiveKey, token, filler, fc.constantFrom(...textPaths)).map(([shape, name, value, words, path]): Placed => ({
    carrier: { place: (event, at) => setAt(event, at, `${words} ${shape(name, value)} ${words}`), secrets: [value] },
    path,
  })),
  // A value (text, number or a whole object) under a sensitive key, in any object, or under more plain keys.
  fc.tuple(sensitiveKey, token, fc.constantFrom(...objectPaths), fc.array(plainKey, { maxLength: 3 }), fc.constantFrom("text", "object", "list")).map(([key, value, path, deeper, shape]): Placed => ({
    carrier: { place: (event, at) => setAt(event, [...at, key], shape === "text" ? value : shape === "object" ? { inner: value } : [value]), secrets: [value] },
    path: [...path, ...deeper],
  })),
  // A [name, value] pair: headers, tags and query strings sent as lists.
  fc.tuple(sensitiveKey, token, fc.constantFrom<(string | number)[][]>(["request", "headers"], ["request", "query_string"], ["tags"])).map(([key, value, path]): Placed => ({
    carrier: { place: (event, at) => setAt(event, at, [["accept", "text/html"], [key, value]]), secrets: [value] },
    path,
  })),
  // A secret that appears only when digest formats the log message with its params.
  fc.oneof(
    // (A `%` in the template would be a placeholder of its own: `api%5Fkey` formats as a float.)
    fc.tuple(sensitiveKey.filter((key) => !key.includes("%")), token).map(([key, value]) => ({ message: `login failed ${key}=%s`, params: [value], secrets: [value] })),
    cardNumber.filter((card) => card.includes(" ")).map((card) => ({ message: "charge %s %s failed", params: [card.slice(0, 9), card.slice(10)], secrets: [card] })),
  )
    .chain((entry) => fc.record({ entry: fc.constant(entry), hasFormatted: fc.boolean() }))
    .map(({ entry: { message, params, secrets }, hasFormatted }): Placed => ({
      // SDKs send `formatted` too (sentry-python's logging integration), or leave the formatting to Lantern.
      carrier: { place: (event) => void (event.logentry = hasFormatted ? { message, params, formatted: formatMessage(message, params) } : { message, params }), secrets },
      path: ["logentry"],
    })),
);

const baseEvent = fc.record({ isMessageOnly: fc.boolean(), junk: fc.dictionary(plainKey, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }) }).map(({ isMessageOnly, junk }): JsonObject => ({
  event_id: "0".repeat(31) + "1",
  timestamp: 1_795_363_590,
  platform: "node",
  level: "error",
  ...(isMessageOnly
    ? { message: "checkout failed" }
    : { exception: { values: [{ type: "Error", value: "boom", stacktrace: { frames: [{ function: "charge", filename: "app/pay.js", lineno: 3, in_app: true }] } }] } }),
  request: { url: "https://shop.example.com/cart", method: "POST" },
  breadcrumbs: { values: [{ category: "http", message: "GET /", data: { url: "/" } }] },
  tags: { browser: "Chrome" },
  contexts: { app: { name: "shop" } },
  extra: { junk },
}));

function setAt(event: JsonObject, path: (string | number)[], value: unknown): void {
  let node: Record<string | number, unknown> = event;
  path.forEach((key, index) => {
    if (index === path.length - 1) {
      node[key] = value;
      return;
    }
    const next = node[key];
    if (next === null || typeof next !== "object") node[key] = typeof path[index + 1] === "number" ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  });
}

/** Everything digest keeps and the pages and the API show, from one raw event. */
function everythingShown(raw: JsonObject): string {
  const scrubbing = textScrubbingFor(defaultScrubSettings);
  const ingestSummary = summarizeEvent(structuredClone(raw));
  const event = structuredClone(raw);
  scrubEvent(event, defaultScrubSettings);
  const digestSummary = summarizeEnvelopeItems([{ header: { type: "event" }, payload: new TextEncoder().encode(JSON.stringify(event)) }], scrubbing);
  const normalized = normalizeEvent(event, { receivedAt: 1_795_363_590_563, headerEventId: null, clientIp: "203.0.113.9" });
  const title = computeGrouping(normalized.event, emptyGroupingConfig).title ?? normalized.title;
  const userKey = userKeyOf(normalized.event.user !== null && typeof normalized.event.user === "object" ? (normalized.event.user as JsonObject) : null);
  const tags = eventTagPairs(normalized.event, { ...normalized, userKey });
  const api = serializeEvent({
    eventId: normalized.eventId,
    projectId: 1,
    issueId: 1,
    timestamp: normalized.timestampMs,
    receivedAt: 1_795_363_590_563,
    title,
    type: normalized.type,
    level: normalized.level,
    platform: normalized.platform,
    release: normalized.release,
    environment: normalized.environment,
    userKey,
    groupHash: null,
    size: 1,
    payload: normalized.event,
    olderEventId: null,
    newerEventId: null,
  });
  return JSON.stringify([ingestSummary, digestSummary, normalized.event, title, deriveCulprit(normalized.event), tags, api]);
}

describe("an event with a secret anywhere", () => {
  it("shows the secret nowhere after scrubbing: summaries, stored event, title, culprit, tags, API", () => {
    fc.assert(
      fc.property(baseEvent, carrier, (event, { carrier: { place, secrets }, path }) => {
        place(event, path);
        const shown = everythingShown(event);
        for (const secret of secrets) expect(shown, `${secret} in ${JSON.stringify(event)}`).not.toContain(secret);
      }),
      { numRuns: 1000 },
    );
  });
});
