import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { defaultResource, resourceFromAttributes } from "@opentelemetry/resources";
import { BasicTracerProvider, type SpanProcessor } from "@opentelemetry/sdk-trace-base";

export interface CheckoutTrace {
  provider: BasicTracerProvider;
  traceId: string;
  rootSpanId: string;
  dbSpanId: string;
  paymentSpanId: string;
  linkedTraceId: string;
  linkedSpanId: string;
  /** When the root span started (ms since the epoch); the children start 10, 40 ms after it. */
  startMs: number;
}

/**
 * A request as the real OpenTelemetry JS SDK records it, handed to `processor`: a server span
 * `GET /checkout` with a database query that fails (an exception event, a plain event, error status) and an
 * outbound payment call with a link, on a resource that names the service, its version and environment.
 */
export function recordCheckoutTrace(processor: SpanProcessor, token: string): CheckoutTrace {
  const provider = new BasicTracerProvider({
    // The SDK's own resource (telemetry.sdk.language "nodejs", …) with the service's.
    resource: defaultResource().merge(resourceFromAttributes({ "service.name": "shop", "service.version": `shop@${token}`, "deployment.environment.name": "production" })),
    spanProcessors: [processor],
  });
  const tracer = provider.getTracer("shop-checkout", "0.3.0");
  const startMs = Date.now() - 1000;
  const root = tracer.startSpan("GET /checkout", {
    kind: SpanKind.SERVER,
    startTime: startMs,
    attributes: { "http.request.method": "GET", "http.route": "/checkout", "http.response.status_code": 500, "cart.total": 41.5, "cart.express": true, "cart.skus": ["sku-1", "sku-2"], "checkout.cart": token },
  });
  const inRoot = trace.setSpan(ROOT_CONTEXT, root);
  const db = tracer.startSpan("SELECT shop.orders", { kind: SpanKind.CLIENT, startTime: startMs + 10, attributes: { "db.system.name": "postgresql", "db.query.text": "SELECT * FROM orders WHERE id = $1" } }, inRoot);
  db.addEvent("cache.miss", { "cache.key": "orders:42" }, startMs + 12);
  const failure = new TypeError(`card declined for ${token}`);
  db.recordException(failure, startMs + 20);
  db.setStatus({ code: SpanStatusCode.ERROR, message: "card declined" });
  db.end(startMs + 30);
  const linkedTraceId = "0af7651916cd43dd8448eb211c80319c";
  const linkedSpanId = "b7ad6b7169203331";
  const payment = tracer.startSpan(
    "POST",
    {
      kind: SpanKind.CLIENT,
      startTime: startMs + 40,
      attributes: { "http.request.method": "POST", "url.full": "https://pay.example/charge" },
      links: [{ context: { traceId: linkedTraceId, spanId: linkedSpanId, traceFlags: 1 }, attributes: { "link.reason": "retry" } }],
    },
    inRoot,
  );
  payment.end(startMs + 80);
  root.setStatus({ code: SpanStatusCode.OK });
  root.end(startMs + 100);
  return {
    provider,
    traceId: root.spanContext().traceId,
    rootSpanId: root.spanContext().spanId,
    dbSpanId: db.spanContext().spanId,
    paymentSpanId: payment.spanContext().spanId,
    linkedTraceId,
    linkedSpanId,
    startMs,
  };
}
