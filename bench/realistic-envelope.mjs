// A realistic browser error envelope, as @sentry/browser sends one: 24 stack frames with context lines,
// 30 breadcrumbs (clicks, console, fetch, navigation), request, contexts, user, tags — about 10 KB.
import { randomUUID } from "node:crypto";
import { createEventEnvelope, makeDsn, serializeEnvelope } from "@sentry/core";

const files = ["app", "vendor", "checkout", "cart", "router", "api-client"];

function frame(index) {
  const file = files[index % files.length];
  return {
    filename: `https://shop.example.com/_next/static/chunks/${file}-${(index * 7919).toString(16)}.js`,
    function: ["handleClick", "dispatch", "runMiddleware", "fetchCart", "renderRoute", "commitRoot", "invokeGuardedCallback"][index % 7],
    lineno: 1 + (index % 3),
    colno: 1000 + index * 37,
    in_app: file !== "vendor",
    pre_context: ["  const total = items.reduce((sum, item) => sum + item.price, 0);", "  if (!cart) {"],
    context_line: "    throw new TypeError(`Cannot read properties of undefined (reading 'price')`);",
    post_context: ["  }", "  return total;"],
  };
}

function breadcrumb(index, now) {
  const kinds = [
    { category: "ui.click", message: `button#add-to-cart-${index}` },
    { category: "console", level: "log", message: `cart updated: ${index} items` },
    { type: "http", category: "fetch", data: { method: "GET", url: `https://shop.example.com/api/cart?v=${index}`, status_code: 200 } },
    { category: "navigation", data: { from: `/products/${index}`, to: `/cart` } },
  ];
  return { timestamp: now / 1000 - (30 - index), ...kinds[index % kinds.length] };
}

/** The envelope bytes for one event, addressed to `dsn` (in its header, as through a tunnel). */
export function realisticEnvelope(dsn, eventId = randomUUID().replaceAll("-", "")) {
  const now = Date.now();
  const event = {
    event_id: eventId,
    timestamp: now / 1000,
    platform: "javascript",
    level: "error",
    environment: "production",
    release: "shop-web@2.14.0",
    exception: {
      values: [{ type: "TypeError", value: "Cannot read properties of undefined (reading 'price')", mechanism: { type: "auto.browser.global_handlers.onerror", handled: false }, stacktrace: { frames: Array.from({ length: 24 }, (_, index) => frame(index)) } }],
    },
    breadcrumbs: Array.from({ length: 30 }, (_, index) => breadcrumb(index, now)),
    request: { url: "https://shop.example.com/cart", headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36", Referer: "https://shop.example.com/products/42" } },
    contexts: { trace: { trace_id: randomUUID().replaceAll("-", ""), span_id: randomUUID().replaceAll("-", "").slice(0, 16) }, browser: { name: "Chrome", version: "156.0.0" }, os: { name: "Linux" } },
    user: { id: "u-1842", ip_address: "{{auto}}" },
    tags: { "ui.route": "/cart", "feature.flag": "new-checkout" },
    sdk: { name: "sentry.javascript.browser", version: "10.78.0", integrations: ["InboundFilters", "FunctionToString", "BrowserApiErrors", "Breadcrumbs", "GlobalHandlers", "LinkedErrors", "Dedupe", "HttpContext", "BrowserSession"] },
  };
  const serialized = serializeEnvelope(createEventEnvelope(event, makeDsn(dsn), { sdk: { name: "sentry.javascript.browser", version: "10.78.0" } }, "/tunnel"));
  return Buffer.from(serialized);
}
