// A realistic Session Replay recording, as @sentry/browser's replayIntegration sends it: rrweb events of a shop
// page (a ~300-node full snapshot after the Meta event; DOM mutations; mouse moves sampled every 50 ms and flushed
// in batches of ten; scrolls; masked typing; clicks; console and fetch breadcrumbs as the SDK's custom events),
// cut into one segment per 5 s, each zlib-compressed as the SDK compresses it, in `replay_event` +
// `replay_recording` envelopes. Used by bench/replays.ts and the replay tests; deterministic for a given seed.
import { deflateSync } from "node:zlib";
import { serializeEnvelope } from "@/server/ingest/serialize-envelope";

type RrwebEvent = { type: number; timestamp: number; data: Record<string, unknown> };
type SerializedNode = Record<string, unknown> & { id: number };

/** The SDK flushes a segment every 5 s. */
const sdkSegmentMs = 5_000;
const encoder = new TextEncoder();

/** A small deterministic pseudo-random generator (mulberry32), so runs compare. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** The shop page as rrweb serializes it: a header with navigation, 30 product cards, a cart and a footer (~300 nodes). */
function fullSnapshot(): { node: SerializedNode; buttonIds: number[]; inputId: number; cartCountTextId: number; nextId: number } {
  let id = 1;
  const text = (textContent: string): SerializedNode => ({ type: 3, textContent, id: id++ });
  const element = (tagName: string, attributes: Record<string, string>, childNodes: SerializedNode[] = []): SerializedNode => {
    const own = id++;
    return { type: 2, tagName, attributes, childNodes, id: own };
  };
  const buttonIds: number[] = [];
  const document: SerializedNode = { type: 0, childNodes: [], id: id++ };
  const doctype: SerializedNode = { type: 1, name: "html", publicId: "", systemId: "", id: id++ };
  const head = element("head", {}, [
    element("meta", { charset: "utf-8" }),
    element("title", {}, [text("Lantern Outfitters — Tents, stoves and lamps")]),
    element("link", { rel: "stylesheet", href: "https://shop.example.com/_next/static/css/4f1c2a9e.css" }),
    element("style", {}, [text(".card{display:grid;gap:8px;padding:12px;border:1px solid #ddd;border-radius:8px}.price{font-weight:600}")]),
  ]);
  const nav = element("nav", { class: "top-nav" }, ["Tents", "Stoves", "Lamps", "Sleeping bags", "Sale"].map((label) => element("a", { href: `/category/${label.toLowerCase().replace(/ /g, "-")}`, class: "nav-link" }, [text(label)])));
  const cartCount = text("0");
  const header = element("header", { class: "site-header" }, [element("a", { href: "/", class: "logo" }, [text("Lantern Outfitters")]), nav, element("a", { href: "/cart", class: "cart-link" }, [text("Cart ("), cartCount, text(")")])]);
  const cards = Array.from({ length: 30 }, (_, index) => {
    const button = element("button", { class: "add-to-cart", type: "button", "data-sku": `SKU-${1000 + index}` }, [text("Add to cart")]);
    buttonIds.push(button.id);
    return element("article", { class: "card", "data-product": String(index) }, [
      element("img", { src: `https://cdn.example.com/products/${1000 + index}.webp`, alt: `Product ${index}`, width: "240", height: "180", loading: "lazy" }),
      element("h3", {}, [text(`Trail lantern model ${index}`)]),
      element("p", { class: "description" }, [text("A rugged, rechargeable lantern with 3 brightness levels and a 20-hour battery.")]),
      element("span", { class: "price" }, [text(`€${(19 + index * 3).toFixed(2)}`)]),
      button,
    ]);
  });
  const input = element("input", { type: "search", name: "q", placeholder: "Search", value: "" });
  const main = element("main", { id: "content" }, [element("h1", {}, [text("Lanterns")]), element("form", { role: "search" }, [input]), element("section", { class: "grid" }, cards)]);
  const footer = element("footer", {}, [element("p", {}, [text("© Lantern Outfitters")]), element("a", { href: "/privacy" }, [text("Privacy")])]);
  const body = element("body", { class: "shop" }, [header, main, footer]);
  const html = element("html", { lang: "en" }, [head, body]);
  document.childNodes = [doctype, html];
  return { node: document, buttonIds, inputId: input.id, cartCountTextId: cartCount.id, nextId: id };
}

/** The rrweb events of `durationMs` of a user browsing the shop page, from `startedAt`. */
export function replayEvents(startedAt: number, durationMs: number, seed = 1): RrwebEvent[] {
  const random = randomFrom(seed);
  const snapshot = fullSnapshot();
  let nextId = snapshot.nextId;
  let cart = 0;
  const events: RrwebEvent[] = [
    { type: 4, timestamp: startedAt, data: { href: "https://shop.example.com/category/lamps", width: 1440, height: 900 } },
    { type: 2, timestamp: startedAt + 5, data: { node: snapshot.node, initialOffset: { left: 0, top: 0 } } },
    { type: 5, timestamp: startedAt + 6, data: { tag: "options", payload: { sessionSampleRate: 0.1, errorSampleRate: 1, useCompressionOption: true, blockAllMedia: true, maskAllText: true, maskAllInputs: true, useCompression: false, networkDetailHasUrls: false, shouldRecordCanvas: false } } },
  ];
  let x = 700;
  let y = 400;
  let scrollTop = 0;
  for (let at = startedAt + 500; at < startedAt + durationMs; at += 500) {
    // Ten mouse positions sampled every 50 ms, flushed as one event.
    const positions = Array.from({ length: 10 }, (_, index) => {
      x = Math.max(0, Math.min(1439, x + Math.round((random() - 0.5) * 60)));
      y = Math.max(0, Math.min(899, y + Math.round((random() - 0.5) * 40)));
      return { x, y, id: snapshot.buttonIds[Math.floor(random() * snapshot.buttonIds.length)]!, timeOffset: -450 + index * 50 };
    });
    events.push({ type: 3, timestamp: at, data: { source: 1, positions } });
    const roll = random();
    if (roll < 0.25) {
      scrollTop = Math.max(0, scrollTop + Math.round((random() - 0.3) * 600));
      events.push({ type: 3, timestamp: at + 10, data: { source: 3, id: 1, x: 0, y: scrollTop } });
    } else if (roll < 0.32) {
      const buttonId = snapshot.buttonIds[Math.floor(random() * snapshot.buttonIds.length)]!;
      cart += 1;
      events.push({ type: 3, timestamp: at + 20, data: { source: 2, type: 1, id: buttonId, x, y } });
      events.push({ type: 3, timestamp: at + 22, data: { source: 2, type: 0, id: buttonId, x, y } });
      events.push({ type: 3, timestamp: at + 25, data: { source: 2, type: 2, id: buttonId, x, y } });
      events.push({ type: 5, timestamp: at + 25, data: { tag: "breadcrumb", payload: { timestamp: (at + 25) / 1000, type: "default", category: "ui.click", message: "body.shop > main#content > section.grid > article.card > button.add-to-cart", data: { nodeId: buttonId } } } });
      const start = (at + 30) / 1000;
      events.push({ type: 5, timestamp: at + 240, data: { tag: "performanceSpan", payload: { op: "resource.fetch", description: "https://shop.example.com/api/cart", startTimestamp: start, endTimestamp: start + 0.21, data: { method: "POST", statusCode: random() < 0.1 ? 502 : 200, request: { size: 64 }, response: { size: 412 } } } } });
      // The cart count changes and a toast appears, then goes.
      const toastId = nextId++;
      events.push({
        type: 3,
        timestamp: at + 250,
        data: {
          source: 0,
          texts: [{ id: snapshot.cartCountTextId, value: String(cart) }],
          attributes: [],
          removes: [],
          adds: [{ parentId: 3, nextId: null, node: { type: 2, tagName: "div", attributes: { class: "toast", role: "status" }, childNodes: [], id: toastId } }, { parentId: toastId, nextId: null, node: { type: 3, textContent: "*** *** ****", id: nextId++ } }],
        },
      });
      events.push({ type: 3, timestamp: at + 2250, data: { source: 0, texts: [], attributes: [], removes: [{ parentId: 3, id: toastId }], adds: [] } });
    } else if (roll < 0.37) {
      // Typing in the search field: masked as the SDK masks inputs.
      const typed = Math.ceil(random() * 8);
      for (let index = 1; index <= typed; index += 1) events.push({ type: 3, timestamp: at + index * 40, data: { source: 5, text: "*".repeat(index), isChecked: false, id: snapshot.inputId } });
      events.push({ type: 5, timestamp: at + typed * 40, data: { tag: "breadcrumb", payload: { timestamp: (at + typed * 40) / 1000, type: "default", category: "ui.input", message: "body.shop > main#content > form > input[name=\"q\"]" } } });
    } else if (roll < 0.42) {
      events.push({ type: 5, timestamp: at + 5, data: { tag: "breadcrumb", payload: { timestamp: (at + 5) / 1000, type: "default", category: "console", level: random() < 0.3 ? "warn" : "log", message: "[cart] recomputed totals for 3 items", data: { arguments: ["[cart] recomputed totals for", 3, "items"], logger: "console" } } } });
    } else if (roll < 0.5) {
      events.push({ type: 3, timestamp: at + 5, data: { source: 0, texts: [], attributes: [{ id: snapshot.buttonIds[Math.floor(random() * snapshot.buttonIds.length)]!, attributes: { class: random() < 0.5 ? "add-to-cart hover" : "add-to-cart" } }], removes: [], adds: [] } });
    }
    if ((at - startedAt) % 30_000 === 0) {
      const start = at / 1000;
      events.push({ type: 5, timestamp: at, data: { tag: "performanceSpan", payload: { op: "memory", description: "memory", startTimestamp: start, endTimestamp: start, data: { memory: { jsHeapSizeLimit: 4294705152, totalJSHeapSize: 10204109 + Math.round(random() * 1e6), usedJSHeapSize: 9131621 + Math.round(random() * 1e6) } } } } });
    }
  }
  return events.sort((a, b) => a.timestamp - b.timestamp);
}

/** The events cut into the SDK's 5-second segments (or longer ones, to tell per-request from per-byte costs). */
export function segmentsOf(events: readonly RrwebEvent[], startedAt: number, segmentMs = sdkSegmentMs): RrwebEvent[][] {
  const segments: RrwebEvent[][] = [];
  for (const event of events) {
    const index = Math.floor((event.timestamp - startedAt) / segmentMs);
    (segments[index] ??= []).push(event);
  }
  return segments.filter(Boolean);
}

export interface ReplayEnvelope {
  body: Uint8Array;
  /** The compressed recording payload's bytes (without the segment header line). */
  segmentBytes: number;
  /** The uncompressed rrweb JSON's bytes. */
  rawBytes: number;
}

/** One segment's envelope: `replay_event` + `replay_recording` (`{"segment_id":N}` + newline + zlib(rrweb JSON)), as the SDK sends it. */
export function replayEnvelope(input: { dsn: string; replayId: string; segmentId: number; startedAt: number; events: readonly unknown[]; errorIds?: string[]; traceIds?: string[]; replayEvent?: Record<string, unknown> }): ReplayEnvelope {
  const json = encoder.encode(JSON.stringify(input.events));
  const compressed = deflateSync(json);
  const recording = new Uint8Array([...encoder.encode(`${JSON.stringify({ segment_id: input.segmentId })}\n`), ...compressed]);
  const lastEvent = input.events.at(-1) as { timestamp?: number } | undefined;
  const last = lastEvent?.timestamp ?? input.startedAt;
  const replayEvent = {
    type: "replay_event",
    replay_id: input.replayId,
    event_id: input.replayId,
    replay_type: "session",
    segment_id: input.segmentId,
    timestamp: last / 1000,
    replay_start_timestamp: input.startedAt / 1000,
    urls: input.segmentId === 0 ? ["https://shop.example.com/category/lamps"] : [],
    error_ids: input.errorIds ?? [],
    trace_ids: input.traceIds ?? [],
    platform: "javascript",
    environment: "production",
    release: "shop@4.2.0",
    sdk: { name: "sentry.javascript.browser", version: "10.27.0", integrations: ["BrowserTracing", "Replay"] },
    request: { url: "https://shop.example.com/category/lamps", headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36" } },
    contexts: { replay: { replay_id: input.replayId, session_sample_rate: 0.1, error_sample_rate: 1 }, trace: { trace_id: input.traceIds?.[0] ?? "4bf92f3577b34da6a3ce929d0e0e4736", span_id: "00f067aa0ba902b7" } },
    user: { id: "user-42", email: "buyer@shop.test", ip_address: "{{auto}}" },
    ...input.replayEvent,
  };
  const body = serializeEnvelope({ event_id: input.replayId, sent_at: new Date(last).toISOString(), sdk: { name: "sentry.javascript.browser", version: "10.27.0" }, dsn: input.dsn }, [
    { header: { type: "replay_event" }, payload: encoder.encode(JSON.stringify(replayEvent)) },
    { header: { type: "replay_recording", length: recording.length }, payload: recording },
  ]);
  return { body, segmentBytes: compressed.length, rawBytes: json.length };
}

/** A whole replay of `minutes` minutes as the envelopes of its segments, in order. */
export function replayEnvelopes(input: { dsn: string; replayId: string; startedAt: number; minutes: number; seed?: number; segmentMs?: number }): ReplayEnvelope[] {
  const segments = segmentsOf(replayEvents(input.startedAt, input.minutes * 60_000, input.seed), input.startedAt, input.segmentMs);
  return segments.map((events, segmentId) => replayEnvelope({ dsn: input.dsn, replayId: input.replayId, segmentId, startedAt: input.startedAt, events }));
}
