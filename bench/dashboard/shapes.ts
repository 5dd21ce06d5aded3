// What the dashboard seed's events look like: five projects (browser, Node, Python, Go), their releases,
// users and routes, one shape per issue (exception, 24 frames with context lines, breadcrumbs) and the
// per-event values (id, time, release, environment, user, user agent, URL, trace, tags). `rawEvent` is the
// event as an SDK sends it; the seed stores what digest makes of it (checked against digest itself).
import { Random, Weighted } from "./random";

export type Kind = "browser" | "node" | "python" | "go";
type Json = Record<string, unknown>;

export interface Route {
  transaction: string;
  method: string | null;
  /** A concrete URL of the route. */
  url: (random: Random) => string;
}

export interface ProjectSpec {
  name: string;
  platform: "javascript" | "javascript-react" | "node" | "python" | "go";
  kind: Kind;
  /** The `platform` SDKs of this kind put on events. */
  eventPlatform: string;
  /** Share of the issues (and, roughly, of the events). */
  issueShare: number;
  users: number;
  releases: string[];
  serverNames: string[];
  routes: Route[];
  sdk: Json;
  /** Contexts the SDK sends besides the trace (servers: runtime, os). */
  sdkContexts: Json;
}

const id = (random: Random, max: number) => String(random.int(1, max));
const slug = (random: Random) => random.pick(["linen-shirt", "trail-runner-2", "ceramic-mug", "wool-beanie", "desk-lamp", "oak-shelf", "yoga-mat", "rain-jacket", "espresso-grinder", "canvas-tote"]) + "-" + random.int(1, 400);

function routes(host: string, list: [string, string | null, (random: Random) => string][]): Route[] {
  return list.map(([transaction, method, path]) => ({ transaction, method, url: (random) => `https://${host}${path(random)}` }));
}

export const projectSpecs: ProjectSpec[] = [
  {
    name: "Storefront",
    platform: "javascript",
    kind: "browser",
    eventPlatform: "javascript",
    issueShare: 0.34,
    users: 21_000,
    releases: ["storefront@4.18.0", "storefront@4.19.0", "storefront@4.19.1", "storefront@4.20.0"],
    serverNames: [],
    routes: routes("shop.example.com", [
      ["/", null, () => "/"],
      ["/products/[slug]", null, (r) => `/products/${slug(r)}`],
      ["/category/[...path]", null, (r) => `/category/${r.pick(["men", "women", "home", "outdoor", "kitchen", "sale"])}/${r.pick(["new", "bestsellers", "under-50", "all"])}`],
      ["/cart", null, () => "/cart"],
      ["/checkout/[step]", null, (r) => `/checkout/${r.pick(["address", "shipping", "payment", "review"])}`],
      ["/search", null, (r) => `/search?q=${r.pick(["shoes", "jacket", "mug", "lamp", "gift", "socks", "bag"])}`],
      ["/account/orders", null, () => "/account/orders"],
      ["/account/orders/[id]", null, (r) => `/account/orders/${id(r, 90_000)}`],
      ["/wishlist", null, () => "/wishlist"],
      ["/login", null, () => "/login"],
    ]),
    sdk: { name: "sentry.javascript.nextjs", version: "10.78.0", integrations: ["InboundFilters", "FunctionToString", "BrowserApiErrors", "Breadcrumbs", "GlobalHandlers", "LinkedErrors", "Dedupe", "HttpContext", "BrowserSession", "BrowserTracing"] },
    sdkContexts: {},
  },
  {
    name: "Checkout API",
    platform: "node",
    kind: "node",
    eventPlatform: "node",
    issueShare: 0.24,
    users: 12_000,
    releases: ["checkout-api@2.41.0", "checkout-api@2.42.0", "checkout-api@2.43.0", "checkout-api@2.43.1"],
    serverNames: Array.from({ length: 12 }, (_, index) => `checkout-api-7d9f8b6c5-${["x2k9p", "q8m4t", "b7c1z", "n3v6h", "w9r2d", "k4s8j", "p1f5g", "t6y3u", "m2e7a", "c5l9o", "h8d4q", "z3n1w"][index]}`),
    routes: routes("api.shop.example.com", [
      ["POST /api/orders", "POST", () => "/api/orders"],
      ["GET /api/orders/:id", "GET", (r) => `/api/orders/${id(r, 90_000)}`],
      ["GET /api/cart/:id", "GET", (r) => `/api/cart/${id(r, 400_000)}`],
      ["PUT /api/cart/:id/items", "PUT", (r) => `/api/cart/${id(r, 400_000)}/items`],
      ["POST /api/payments/intent", "POST", () => "/api/payments/intent"],
      ["POST /api/coupons/apply", "POST", () => "/api/coupons/apply"],
      ["GET /api/shipping/rates", "GET", (r) => `/api/shipping/rates?country=${r.pick(["US", "DE", "FR", "GB", "CA", "JP", "BR"])}`],
      ["GET /api/products/:slug", "GET", (r) => `/api/products/${slug(r)}`],
      ["POST /api/webhooks/carrier", "POST", () => "/api/webhooks/carrier"],
    ]),
    sdk: { name: "sentry.javascript.node", version: "10.78.0", integrations: ["InboundFilters", "FunctionToString", "LinkedErrors", "RequestData", "Console", "Http", "Express", "Postgres", "OnUncaughtException", "OnUnhandledRejection", "ContextLines", "LocalVariables"] },
    sdkContexts: { runtime: { name: "node", version: "v22.12.0" }, os: { name: "Linux", version: "6.1.0-28-cloud-amd64" }, app: { app_memory: 184_549_376 } },
  },
  {
    name: "Admin Console",
    platform: "javascript-react",
    kind: "browser",
    eventPlatform: "javascript",
    issueShare: 0.12,
    users: 1_500,
    releases: ["admin-console@1.62.0", "admin-console@1.63.0", "admin-console@1.64.0", "admin-console@1.65.0"],
    serverNames: [],
    routes: routes("admin.example.com", [
      ["/orders", null, () => "/orders"],
      ["/orders/:id", null, (r) => `/orders/${id(r, 90_000)}`],
      ["/customers/:id", null, (r) => `/customers/${id(r, 60_000)}`],
      ["/products/:id/edit", null, (r) => `/products/${id(r, 4_000)}/edit`],
      ["/reports/:name", null, (r) => `/reports/${r.pick(["revenue", "refunds", "inventory", "cohorts"])}`],
      ["/settings/team", null, () => "/settings/team"],
    ]),
    sdk: { name: "sentry.javascript.react", version: "10.78.0", integrations: ["InboundFilters", "FunctionToString", "BrowserApiErrors", "Breadcrumbs", "GlobalHandlers", "LinkedErrors", "Dedupe", "HttpContext", "BrowserSession"] },
    sdkContexts: {},
  },
  {
    name: "Payments Worker",
    platform: "python",
    kind: "python",
    eventPlatform: "python",
    issueShare: 0.18,
    users: 9_000,
    releases: ["payments-worker@2026.10.28", "payments-worker@2026.11.04", "payments-worker@2026.11.11", "payments-worker@2026.11.18"],
    serverNames: Array.from({ length: 8 }, (_, index) => `payments-worker-${index + 1}.prod.internal`),
    routes: ["payments.tasks.capture_payment", "payments.tasks.refund_payment", "payments.tasks.sync_payouts", "payments.webhooks.handle_stripe_event", "payments.tasks.retry_failed_charges", "payments.reconcile.daily_ledger", "payments.tasks.send_receipt"].map((transaction) => ({ transaction, method: null, url: () => "" })),
    sdk: { name: "sentry.python.celery", version: "2.48.0", packages: [{ name: "pypi:sentry-sdk", version: "2.48.0" }], integrations: ["argv", "atexit", "celery", "dedupe", "django", "excepthook", "logging", "modules", "redis", "stdlib", "threading"] },
    sdkContexts: { runtime: { name: "CPython", version: "3.12.7", build: "3.12.7 (main, Oct  8 2026, 10:12:44) [GCC 12.2.0]" }, os: { name: "Linux" } },
  },
  {
    name: "Notifications",
    platform: "go",
    kind: "go",
    eventPlatform: "go",
    issueShare: 0.12,
    users: 7_000,
    releases: ["notifications@1.14.2", "notifications@1.15.0", "notifications@1.15.1", "notifications@1.16.0"],
    serverNames: Array.from({ length: 6 }, (_, index) => `notifications-${["6f7c9", "8a2d1", "b41e0", "c9d33", "e0f72", "f5a18"][index]}`),
    routes: routes("notify.internal", [
      ["POST /v1/notify", "POST", () => "/v1/notify"],
      ["POST /v1/notify/batch", "POST", () => "/v1/notify/batch"],
      ["worker:send_email", null, () => ""],
      ["worker:send_push", null, () => ""],
      ["worker:send_sms", null, () => ""],
      ["GET /v1/preferences/{userID}", "GET", (r) => `/v1/preferences/${id(r, 200_000)}`],
    ]),
    sdk: { name: "sentry.go", version: "0.36.0", integrations: ["ContextifyFrames", "Environment", "IgnoreErrors", "Modules"] },
    sdkContexts: { runtime: { name: "go", version: "go1.24.4", go_numroutines: 41 }, os: { name: "linux" } },
  },
];

export interface UserAgent {
  header: string;
  browser: string;
  os: string;
  device: "desktop" | "mobile" | "tablet";
}

export const userAgents: [UserAgent, number][] = [
  [{ header: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36", browser: "Chrome", os: "Windows", device: "desktop" }, 28],
  [{ header: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/155.0.0.0 Safari/537.36", browser: "Chrome", os: "Windows", device: "desktop" }, 7],
  [{ header: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36", browser: "Chrome", os: "macOS", device: "desktop" }, 11],
  [{ header: "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36", browser: "Chrome", os: "Android", device: "mobile" }, 10],
  [{ header: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36", browser: "Chrome", os: "Linux", device: "desktop" }, 2],
  [{ header: "Mozilla/5.0 (X11; CrOS x86_64 16181.61.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36", browser: "Chrome", os: "Chrome OS", device: "desktop" }, 1],
  [{ header: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/156.0.7390.41 Mobile/15E148 Safari/604.1", browser: "Chrome", os: "iOS", device: "mobile" }, 2],
  [{ header: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1", browser: "Safari", os: "iOS", device: "mobile" }, 12],
  [{ header: "Mozilla/5.0 (iPad; CPU OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1", browser: "Safari", os: "iOS", device: "tablet" }, 2],
  [{ header: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15", browser: "Safari", os: "macOS", device: "desktop" }, 6],
  [{ header: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:145.0) Gecko/20100101 Firefox/145.0", browser: "Firefox", os: "Windows", device: "desktop" }, 5],
  [{ header: "Mozilla/5.0 (X11; Linux x86_64; rv:145.0) Gecko/20100101 Firefox/145.0", browser: "Firefox", os: "Linux", device: "desktop" }, 1.5],
  [{ header: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36 Edg/156.0.0.0", browser: "Edge", os: "Windows", device: "desktop" }, 6],
  [{ header: "Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/28.0 Chrome/130.0.0.0 Mobile Safari/537.36", browser: "Samsung Internet", os: "Android", device: "mobile" }, 2.5],
  [{ header: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/155.0.0.0 Safari/537.36 OPR/121.0.0.0", browser: "Opera", os: "Windows", device: "desktop" }, 1],
];
export const userAgentWeights = new Weighted(userAgents.map(([, weight], index) => [index, weight] as const));

/** One person using a project: their identity as the SDK sends it, and what stays the same for them. */
export interface PoolUser {
  raw: Json;
  /** The user object as digest stores it. */
  stored: Json;
  storedJson: string;
  /** The user key digest counts (set by the seed with digest's userKeyOf). */
  key: string | null;
  ip: string;
  userAgent: number;
  locale: string;
  tier: string;
  region: string;
  orgId: string | null;
}

const locales = new Weighted([["en-US", 45], ["en-GB", 10], ["de-DE", 10], ["fr-FR", 8], ["es-ES", 6], ["pt-BR", 6], ["ja-JP", 5], ["nl-NL", 3], ["it-IT", 3], ["pl-PL", 2], ["sv-SE", 1], ["ko-KR", 1]] as const);
const tiers = new Weighted([["free", 70], ["pro", 22], ["enterprise", 8]] as const);
const regions = new Weighted([["us-east-1", 40], ["eu-west-1", 25], ["us-west-2", 15], ["eu-central-1", 10], ["ap-southeast-2", 6], ["ap-northeast-1", 4]] as const);
const firstNames = ["ana", "ben", "chen", "dara", "eli", "fatima", "gus", "hana", "ivan", "jo", "kofi", "lena", "mateo", "nina", "omar", "priya", "quinn", "rosa", "sven", "tara", "uma", "vik", "wen", "yusuf", "zoe"];

/** `index`: in the project's pool; `serial`: across all projects, so that every user has their own key. */
export function makeUser(random: Random, project: ProjectSpec, index: number, serial: number): PoolUser {
  const ip = `${project.kind === "browser" ? 198 : 203}.${(serial >> 16) & 255 || 51}.${(serial >> 8) & 255}.${serial & 255}`;
  const roll = random.next();
  const person = `${random.pick(firstNames)}.${serial}`;
  const identity: Json = roll < 0.55 ? { id: `u-${100_000 + serial}` } : roll < 0.7 ? { id: `u-${100_000 + serial}`, email: `${person}@example.com` } : roll < 0.82 ? { email: `${person}@example.org` } : {};
  const isBrowser = project.kind === "browser";
  // Browser SDKs ask for the sender's address; server SDKs read it from the request they handle.
  const raw: Json = { ...identity, ip_address: isBrowser ? "{{auto}}" : ip };
  const stored: Json = { ...identity, ip_address: ip };
  const isKnown = identity.id !== undefined || identity.email !== undefined;
  return {
    raw,
    stored,
    storedJson: JSON.stringify(stored),
    key: null,
    ip,
    userAgent: userAgentWeights.pick(random),
    locale: locales.pick(random),
    tier: tiers.pick(random),
    region: regions.pick(random),
    orgId: isKnown ? `org-${1 + (index % Math.max(1, Math.floor(project.users / 9)))}` : null,
  };
}

/** What all events of one issue share. */
export interface IssueShape {
  level: string;
  logger: string | null;
  exception: Json;
  /** Raw breadcrumbs without their timestamps, each `offsetMs` before the event. */
  crumbs: { offsetMs: number; crumb: Json }[];
  /** The issue's routes (one to three); null: its events carry no transaction. */
  routes: Route[] | null;
  /** Routes its events happen on (the same as `routes` when they carry a transaction). */
  urls: Route[];
  hasRequest: boolean;
  /** Per-issue tag values (payment provider, status code, channel…). */
  fixedTags: [string, string][];
  flag: string | null;
  statusCodes: string[];
  environments: "mixed" | "staging" | "development";
}

const browserModules = ["checkout", "cart", "product", "search", "account", "auth", "api-client", "analytics", "pricing", "promotions", "wishlist", "reviews", "inventory", "shipping", "address", "payment", "currency", "i18n", "recommendations", "header", "minicart", "orders", "customers", "reports", "table", "forms"];
const browserFunctions = ["handleAddToCart", "onSubmit", "fetchCart", "computeTotals", "formatPrice", "applyCoupon", "useCart", "useProduct", "CheckoutForm", "ProductCard", "PriceTag", "loadVariants", "validateAddress", "submitPayment", "trackEvent", "parseResponse", "request", "getJSON", "postJSON", "normalizeItems", "mapLineItems", "getShippingRates", "selectVariant", "renderReviews", "useDebounce", "onChange", "resolveLocale", "OrderTable", "useOrders", "CustomerPanel", "exportCsv", "ReportChart", "buildQuery", "useFilters", "formatDate", "useSession", "refreshToken", "MiniCart", "Header", "SearchBox", "onKeyDown", "prefetchRoute", "hydrateStore", "readCookieConsent", "initPaymentSheet"];
const frameworkFrames: [string, string][] = [
  ["framework", "commitRoot"], ["framework", "commitMutationEffectsOnFiber"], ["framework", "performSyncWorkOnRoot"], ["framework", "flushSyncWorkAcrossRoots"], ["framework", "dispatchDiscreteEvent"],
  ["framework", "processDispatchQueue"], ["framework", "batchedUpdates$1"], ["framework", "renderWithHooks"], ["framework", "beginWork"], ["framework", "performUnitOfWork"], ["framework", "workLoopSync"],
  ["main", "Router.change"], ["main", "navigate"], ["webpack", "__webpack_require__"], ["main", "fetchServerResponse"], ["polyfills", "Promise.then"], ["main", "asyncGeneratorStep"], ["main", "_next"],
];
const browserCode = [
  "  const total = items.reduce((sum, item) => sum + item.price * item.quantity, 0);",
  "  if (!cart) {",
  "    throw new TypeError(`Cannot read properties of undefined (reading 'price')`);",
  "  }",
  "  return total;",
  "  const response = await fetch(`/api/cart/${cartId}`, { credentials: \"include\" });",
  "  const data = await response.json();",
  "  setVariants(data.variants.map(toVariant));",
  "  dispatch({ type: \"cart/updated\", payload: data });",
  "  onSubmit(values);",
  "  return <PriceTag amount={product.price} currency={locale.currency} />;",
  "  const [state, setState] = useState(initialState);",
  "  useEffect(() => {",
  "  }, [product.id]);",
  "  if (response.status >= 400) throw new ApiError(response.status, await response.text());",
  "  const rates = await getShippingRates(address.country, cart.weight);",
  "  analytics.track(\"checkout_step\", { step, value: totals.grand });",
  "  router.push(`/checkout/${nextStep}`);",
];

const nodeFiles = ["services/order-service", "services/cart-service", "services/payment-service", "services/coupon-service", "services/shipping-service", "routes/orders", "routes/cart", "routes/payments", "routes/webhooks", "repositories/order-repository", "repositories/cart-repository", "clients/stripe-client", "clients/inventory-client", "clients/carrier-client", "middleware/auth", "middleware/validate", "lib/money", "lib/retry", "lib/db", "jobs/expire-carts"];
const nodeFunctions = ["OrderService.create", "OrderService.get", "CartService.addItem", "CartService.recalculate", "PaymentService.createIntent", "PaymentService.confirm", "CouponService.apply", "ShippingService.quote", "handler", "createOrder", "getOrder", "updateCart", "OrderRepository.insert", "OrderRepository.findById", "CartRepository.save", "StripeClient.request", "InventoryClient.reserve", "CarrierClient.track", "authenticate", "validateBody", "toCents", "withRetry", "query", "transaction", "expireCarts", "mapOrder", "serializeCart", "loadCustomer", "applyTaxes", "reserveStock"];
const nodeLibraryFrames: [string, string, string][] = [
  ["/app/node_modules/express/lib/router/layer.js", "express.lib.router:layer", "Layer.handle [as handle_request]"],
  ["/app/node_modules/express/lib/router/index.js", "express.lib.router:index", "next"],
  ["/app/node_modules/express/lib/router/route.js", "express.lib.router:route", "Route.dispatch"],
  ["/app/node_modules/express/lib/router/index.js", "express.lib.router:index", "Function.process_params"],
  ["/app/node_modules/pg/lib/client.js", "pg.lib:client", "Client._handleErrorMessage"],
  ["/app/node_modules/pg-pool/index.js", "pg-pool:index", "Pool.connect"],
  ["/app/node_modules/axios/lib/core/Axios.js", "axios.lib.core:Axios", "Axios.request"],
  ["/app/node_modules/stripe/cjs/RequestSender.js", "stripe.cjs:RequestSender", "RequestSender._request"],
  ["node:internal/process/task_queues", "task_queues", "process.processTicksAndRejections"],
  ["node:internal/timers", "timers", "listOnTimeout"],
  ["node:events", "events", "EventEmitter.emit"],
  ["node:net", "net", "Socket.emit"],
];
const nodeCode = [
  "    const order = await this.orders.insert({ ...input, status: \"pending\" });",
  "    if (!cart) throw new NotFoundError(`cart ${cartId}`);",
  "    const intent = await this.stripe.paymentIntents.create({ amount, currency, customer: customer.stripeId });",
  "    return withRetry(() => this.inventory.reserve(items), { attempts: 3 });",
  "    const { rows } = await db.query(sql, params);",
  "    res.status(201).json(serializeOrder(order));",
  "  } catch (error) {",
  "    logger.error({ err: error, orderId }, \"order creation failed\");",
  "    throw error;",
  "  }",
  "  const total = lines.reduce((sum, line) => sum + toCents(line.price) * line.quantity, 0);",
  "  await client.query(\"BEGIN\");",
  "  const quote = await carrier.rates({ from: warehouse.zip, to: address.zip, weight });",
  "  if (!coupon || coupon.expiresAt < Date.now()) return { applied: false };",
];

const pythonModules = ["payments.tasks", "payments.services.capture", "payments.services.refunds", "payments.providers.stripe", "payments.providers.adyen", "payments.providers.paypal", "payments.ledger", "payments.models", "payments.webhooks", "payments.reconcile", "payments.receipts", "payments.utils.money", "payments.utils.retry", "payments.fx"];
const pythonFunctions = ["capture_payment", "refund_payment", "sync_payouts", "handle_stripe_event", "retry_failed_charges", "daily_ledger", "send_receipt", "capture", "create_refund", "post_entry", "to_minor_units", "convert", "get_rate", "fetch_charge", "mark_paid", "lock_order", "build_receipt", "render_template", "load_account", "verify_signature", "dispatch_event", "apply_fee", "settle", "record_dispute"];
const pythonLibraryFrames: [string, string, string][] = [
  ["celery/app/trace.py", "celery.app.trace", "trace_task"],
  ["celery/app/trace.py", "celery.app.trace", "__protected_call__"],
  ["celery/app/autoretry.py", "celery.app.autoretry", "run"],
  ["django/db/backends/utils.py", "django.db.backends.utils", "execute"],
  ["django/db/backends/utils.py", "django.db.backends.utils", "_execute"],
  ["django/db/models/query.py", "django.db.models.query", "get"],
  ["django/db/transaction.py", "django.db.transaction", "__exit__"],
  ["stripe/_api_requestor.py", "stripe._api_requestor", "request"],
  ["stripe/_api_requestor.py", "stripe._api_requestor", "_interpret_response"],
  ["requests/adapters.py", "requests.adapters", "send"],
  ["urllib3/connectionpool.py", "urllib3.connectionpool", "urlopen"],
  ["redis/connection.py", "redis.connection", "connect"],
];
const pythonCode = [
  "    charge = provider.capture(payment.reference, amount=to_minor_units(payment.amount))",
  "    order = Order.objects.select_for_update().get(pk=order_id)",
  "    if payment.status != PaymentStatus.AUTHORIZED:",
  "        raise InvalidState(f\"payment {payment.pk} is {payment.status}\")",
  "    entry = LedgerEntry.objects.create(account=account, amount=amount, kind=kind)",
  "    rate = fx.get_rate(source=currency, target=account.currency)",
  "    return Decimal(amount) * rate",
  "    response = self.session.post(url, json=payload, timeout=10)",
  "    response.raise_for_status()",
  "    data = response.json()[\"data\"]",
  "    with transaction.atomic():",
  "    for attempt in range(max_attempts):",
  "    logger.warning(\"retrying %s after %s\", task.name, exc)",
];

const goPackages = ["internal/email", "internal/push", "internal/sms", "internal/preferences", "internal/templates", "internal/queue", "internal/store", "internal/api", "internal/ratelimit"];
const goFunctions = ["(*Service).Send", "(*Service).SendBatch", "(*Sender).deliver", "(*Client).Post", "(*Store).GetPreferences", "(*Store).SaveAttempt", "(*Renderer).Render", "(*Consumer).handle", "(*Handler).Notify", "(*Limiter).Allow", "loadTemplate", "buildMessage", "resolveRecipient", "(*Worker).run", "(*Pool).Acquire"];
const goLibraryFrames: [string, string][] = [
  ["net/http", "(*conn).serve"],
  ["net/http", "serverHandler.ServeHTTP"],
  ["net/http", "HandlerFunc.ServeHTTP"],
  ["github.com/go-chi/chi/v5", "(*Mux).ServeHTTP"],
  ["github.com/go-chi/chi/v5", "(*Mux).routeHTTP"],
  ["database/sql", "(*DB).QueryRowContext"],
  ["github.com/jackc/pgx/v5/pgxpool", "(*Pool).Acquire"],
  ["github.com/getsentry/sentry-go/http", "(*Handler).handle.func1"],
  ["runtime", "goexit"],
];
const goCode = [
  "\tmsg, err := s.renderer.Render(ctx, tmpl, data)",
  "\tif err != nil {",
  "\t\treturn fmt.Errorf(\"render %s: %w\", tmpl.Name, err)",
  "\t}",
  "\tresp, err := s.client.Do(req.WithContext(ctx))",
  "\tprefs, err := s.store.GetPreferences(ctx, userID)",
  "\tif !s.limiter.Allow(recipient) {",
  "\treturn s.queue.Publish(ctx, topic, payload)",
  "\tdefer rows.Close()",
];

const props = ["price", "id", "items", "length", "map", "user", "data", "variant", "sku", "quantity", "address", "country", "currency", "total", "discount", "image", "name", "slug", "status", "options", "lines", "amount", "customer", "token", "rates"];
const httpCodes = ["400", "401", "403", "404", "409", "422", "429", "500", "502", "503", "504"];

function browserException(random: Random, host: string): Json {
  const prop = random.pick(props);
  const object = random.pick(["cart", "product", "order", "customer", "response", "this.props", "state", "config", "window.dataLayer", "variant"]);
  const choice = new Weighted<() => [string, string]>([
    [() => ["TypeError", `Cannot read properties of undefined (reading '${prop}')`], 24],
    [() => ["TypeError", `Cannot read properties of null (reading '${prop}')`], 10],
    [() => ["TypeError", `${object}.${random.pick(["map", "forEach", "filter", "then", "toFixed", "trim"])} is not a function`], 8],
    [() => ["TypeError", `undefined is not an object (evaluating '${object}.${prop}')`], 6],
    [() => ["TypeError", random.pick(["Failed to fetch", "Load failed", "NetworkError when attempting to fetch resource."])], 6],
    [() => ["ReferenceError", `${random.pick(["gtag", "fbq", "Intercom", "dataLayer", "__NEXT_DATA__", "hj", "Stripe", "klaviyo"])} is not defined`], 6],
    [() => ["ChunkLoadError", `Loading chunk ${random.int(100, 9999)} failed.\n(error: https://${host}/_next/static/chunks/${random.int(100, 9999)}.${random.hex16().slice(0, 8)}.js)`], 6],
    [() => ["Error", `Request failed with status code ${random.pick(httpCodes)}`], 8],
    [() => ["Error", `Minified React error #${random.pick([185, 301, 418, 423, 425, 310, 421])}; visit https://react.dev/errors/${random.int(100, 500)} for the full message or use the non-minified dev environment for full errors and additional helpful warnings.`], 5],
    [() => ["Error", "Hydration failed because the server rendered HTML didn't match the client."], 3],
    [() => ["SyntaxError", random.pick(["Unexpected token '<', \"<!DOCTYPE \"... is not valid JSON", "JSON.parse: unexpected character at line 1 column 1 of the JSON data", "Unexpected end of JSON input"])], 5],
    [() => ["RangeError", random.pick(["Maximum call stack size exceeded", "Invalid time value", "toFixed() digits argument must be between 0 and 100"])], 4],
    [() => ["AbortError", random.pick(["The operation was aborted.", "signal is aborted without reason", "The user aborted a request."])], 3],
    [() => ["NotAllowedError", "play() failed because the user didn't interact with the document first."], 1],
    [() => ["QuotaExceededError", `Failed to execute 'setItem' on 'Storage': Setting the value of '${random.pick(["cart", "recent", "filters", "draft-order"])}' exceeded the quota.`], 2],
    [() => ["UnhandledRejection", `Non-Error promise rejection captured with value: ${random.pick(["undefined", "null", "Timeout", "Object Not Found Matching Id:3, MethodName:update, ParamCount:4"])}`], 3],
  ]).pick(random)();
  return { type: choice[0], value: choice[1] };
}

function nodeException(random: Random): Json {
  const prop = random.pick(props);
  const choice = new Weighted<() => [string, string]>([
    [() => ["Error", `connect ECONNREFUSED 10.0.${random.int(0, 9)}.${random.int(2, 250)}:${random.pick([5432, 6379, 8080, 9200])}`], 10],
    [() => ["Error", `getaddrinfo ENOTFOUND ${random.pick(["inventory", "carrier-gateway", "tax-service", "fraud-check", "pricing"])}.internal`], 6],
    [() => ["Error", random.pick(["read ECONNRESET", "socket hang up", "write EPIPE"])], 6],
    [() => ["AxiosError", `timeout of ${random.pick([2000, 5000, 10000, 30000])}ms exceeded`], 6],
    [() => ["AxiosError", `Request failed with status code ${random.pick(httpCodes)}`], 8],
    [() => ["TypeError", `Cannot read properties of undefined (reading '${prop}')`], 14],
    [() => ["TypeError", `Cannot read properties of null (reading '${prop}')`], 6],
    [() => ["DatabaseError", random.pick([`duplicate key value violates unique constraint "${random.pick(["orders", "payments", "cart_items", "coupons_redemptions"])}_pkey"`, "canceling statement due to statement timeout", "deadlock detected", "remaining connection slots are reserved for non-replication superuser connections", `null value in column "${prop}" violates not-null constraint`])], 10],
    [() => ["StripeCardError", random.pick(["Your card was declined.", "Your card has insufficient funds.", "Your card's security code is incorrect.", "An error occurred while processing your card. Try again in a little bit."])], 6],
    [() => ["ValidationError", `"${random.pick(["items", "shippingAddress.zip", "couponCode", "quantity", "email", "paymentMethodId"])}" ${random.pick(["is required", "must be a positive number", "must be a valid email", "length must be less than or equal to 32 characters long"])}`], 8],
    [() => ["NotFoundError", `${random.pick(["cart", "order", "product", "customer", "coupon"])} ${random.int(1, 99999)} not found`], 5],
    [() => ["RangeError", "Invalid array length"], 2],
    [() => ["Error", `Unhandled promise rejection: ${random.pick(["OptimisticLockError: version mismatch", "Error: Lock wait timeout", "TimeoutError: ResourceRequest timed out"])}`], 4],
  ]).pick(random)();
  return { type: choice[0], value: choice[1] };
}

function pythonException(random: Random): Json {
  const choice = new Weighted<() => [string, string, string]>([
    [() => ["KeyError", `'${random.pick(["customer_id", "amount", "currency", "payment_intent", "data", "object", "metadata", "charge", "account"])}'`, "builtins"], 12],
    [() => ["ValueError", `invalid literal for int() with base 10: '${random.pick(["", "n/a", "12.50", "abc", "None"])}'`, "builtins"], 6],
    [() => ["AttributeError", `'NoneType' object has no attribute '${random.pick(["id", "amount", "currency", "account", "status", "reference", "customer"])}'`, "builtins"], 12],
    [() => ["TypeError", random.pick(["unsupported operand type(s) for +: 'NoneType' and 'Decimal'", "'<' not supported between instances of 'NoneType' and 'datetime.datetime'", "Object of type Decimal is not JSON serializable"]), "builtins"], 8],
    [() => ["OperationalError", random.pick(["could not connect to server: Connection refused", "server closed the connection unexpectedly", "canceling statement due to lock timeout", "SSL SYSCALL error: EOF detected"]), "django.db.utils"], 10],
    [() => ["IntegrityError", `duplicate key value violates unique constraint "${random.pick(["payments_payment", "ledger_entry", "payouts_payout", "refunds_refund"])}_${random.pick(["pkey", "reference_key", "idempotency_key"])}"`, "django.db.utils"], 8],
    [() => ["DoesNotExist", `${random.pick(["Payment", "Order", "Account", "Refund", "Payout"])} matching query does not exist.`, "payments.models"], 8],
    [() => ["ConnectionError", `HTTPSConnectionPool(host='${random.pick(["api.stripe.com", "checkout-test.adyen.com", "api-m.paypal.com", "api.exchangerate.host"])}', port=443): Max retries exceeded with url: /v1/${random.pick(["charges", "refunds", "payouts", "payment_intents", "rates"])}`, "requests.exceptions"], 8],
    [() => ["CardError", random.pick(["Your card was declined.", "Your card has expired.", "Your card does not support this type of purchase."]), "stripe._error"], 6],
    [() => ["SoftTimeLimitExceeded", "SoftTimeLimitExceeded()", "billiard.exceptions"], 4],
    [() => ["InvalidOperation", "[<class 'decimal.ConversionSyntax'>]", "decimal"], 3],
  ]).pick(random)();
  return { type: choice[0], value: choice[1], module: choice[2] };
}

function goException(random: Random): Json {
  const choice = new Weighted<() => [string, string]>([
    [() => ["*errors.errorString", "sql: no rows in result set"], 8],
    [() => ["*net.OpError", `dial tcp 10.0.${random.int(0, 9)}.${random.int(2, 250)}:${random.pick([6379, 5432, 4222])}: connect: connection refused`], 8],
    [() => ["*url.Error", `Post "https://${random.pick(["api.sendgrid.com/v3/mail/send", "fcm.googleapis.com/v1/projects/shop/messages:send", "api.twilio.com/2010-04-01/Messages.json", "api.push.apple.com/3/device"])}": context deadline exceeded`], 10],
    [() => ["runtime.Error", "runtime error: invalid memory address or nil pointer dereference"], 6],
    [() => ["runtime.Error", `runtime error: index out of range [${random.int(1, 9)}] with length ${random.int(0, 1)}`], 4],
    [() => ["*json.UnmarshalTypeError", `json: cannot unmarshal ${random.pick(["string", "number", "array"])} into Go struct field ${random.pick(["Message", "Recipient", "Preferences", "Template"])}.${random.pick(["priority", "locale", "channels", "sendAt", "userID"])} of type ${random.pick(["int", "string", "[]string", "time.Time"])}`], 6],
    [() => ["*fmt.wrapError", `render ${random.pick(["order_shipped", "password_changed", "weekly_digest", "cart_reminder", "refund_issued"])}: template: ${random.pick(["missing key", "nil data", "function \"currency\" not defined"])}`], 6],
    [() => ["*errors.errorString", `rate limited by ${random.pick(["sendgrid", "fcm", "twilio", "apns"])}: retry after ${random.int(1, 60)}s`], 5],
  ]).pick(random)();
  return { type: choice[0], value: choice[1] };
}

/** Three lines of context on each side (SDKs send 3–7). */
function contextOf(random: Random, code: string[]): Json {
  const start = random.int(0, code.length - 7);
  return { pre_context: code.slice(start, start + 3), context_line: code[start + 3], post_context: code.slice(start + 4, start + 7) };
}

/** 24 frames, oldest first: framework frames below, the project's own code above, the crash on top. */
function frames(random: Random, project: ProjectSpec): Json[] {
  const list: Json[] = [];
  const host = project.routes[0]!.url(random).split("/")[2] ?? "example.com";
  for (let position = 0; position < 24; position++) {
    const isApp = position >= 8 ? random.chance(0.78) : random.chance(0.12);
    const line = random.int(1, 900);
    if (project.kind === "browser") {
      const [file, fn] = isApp ? [random.pick(browserModules), random.pick(browserFunctions)] : random.pick(frameworkFrames);
      const chunk = `${file}-${random.hex16().slice(0, 12)}`;
      list.push({ filename: `https://${host}/_next/static/chunks/${chunk}.js`, function: fn, lineno: 1, colno: line * 37, in_app: isApp, ...contextOf(random, browserCode) });
    } else if (project.kind === "node") {
      if (isApp) {
        const file = random.pick(nodeFiles);
        list.push({ filename: `/app/dist/${file}.js`, module: `dist.${file.replace("/", ":")}`, function: random.pick(nodeFunctions), lineno: line, colno: random.int(5, 60), in_app: true, ...contextOf(random, nodeCode) });
      } else {
        const [filename, module, fn] = random.pick(nodeLibraryFrames);
        list.push({ filename, module, function: fn, lineno: line, colno: random.int(5, 60), in_app: false, ...contextOf(random, nodeCode) });
      }
    } else if (project.kind === "python") {
      if (isApp) {
        const moduleName = random.pick(pythonModules);
        const path = `${moduleName.replaceAll(".", "/")}.py`;
        list.push({
          filename: path,
          abs_path: `/srv/app/${path}`,
          module: moduleName,
          function: random.pick(pythonFunctions),
          lineno: line,
          in_app: true,
          ...contextOf(random, pythonCode),
          vars: { payment_id: `'pay_${random.hex16()}'`, amount: `Decimal('${random.int(1, 900)}.${random.int(10, 99)}')`, attempt: String(random.int(0, 3)), self: `<${random.pick(["CaptureService", "StripeProvider", "LedgerWriter", "RefundService"])} object at 0x7f${random.hex16().slice(0, 10)}>` },
        });
      } else {
        const [filename, module, fn] = random.pick(pythonLibraryFrames);
        list.push({ filename, abs_path: `/usr/local/lib/python3.12/site-packages/${filename}`, module, function: fn, lineno: line, in_app: false, ...contextOf(random, pythonCode) });
      }
    } else if (isApp) {
      const pkg = random.pick(goPackages);
      const file = `${pkg.split("/")[1]}.go`;
      list.push({ filename: `${pkg}/${file}`, abs_path: `/src/${pkg}/${file}`, module: `github.com/acme/notifications/${pkg}`, function: random.pick(goFunctions), lineno: line, in_app: true, ...contextOf(random, goCode) });
    } else {
      const [module, fn] = random.pick(goLibraryFrames);
      list.push({ filename: `${module.split("/").pop()}/server.go`, abs_path: `/usr/local/go/src/${module}/server.go`, module, function: fn, lineno: line, in_app: false, ...contextOf(random, goCode) });
    }
  }
  return list;
}

function crumbs(random: Random, project: ProjectSpec): { offsetMs: number; crumb: Json }[] {
  const count = project.kind === "go" ? random.int(4, 12) : project.kind === "python" ? random.int(8, 25) : random.int(18, 40);
  const list: Json[] = [];
  for (let index = 0; index < count; index++) {
    const route = random.pick(project.routes);
    const roll = random.next();
    if (project.kind === "browser") {
      if (roll < 0.25) list.push({ category: "ui.click", message: `${random.pick(["button", "a", "div", "input"])}.${random.pick(["add-to-cart", "product-card", "checkout-next", "size-option", "qty-plus", "apply-coupon", "nav-link", "filter-chip"])}${random.chance(0.5) ? `[data-testid="${random.pick(["buy", "next", "close", "menu"])}"]` : ""}` });
      else if (roll < 0.45) list.push({ type: "http", category: "fetch", data: { method: random.pick(["GET", "GET", "POST", "PUT"]), url: `https://api.shop.example.com/api/${random.pick(["cart", "products", "orders", "shipping/rates", "coupons/apply", "search"])}`, status_code: random.pick([200, 200, 200, 201, 204, 304, 400, 404, 500]) } });
      else if (roll < 0.6) list.push({ category: "navigation", data: { from: new URL(route.url(random)).pathname, to: new URL(random.pick(project.routes).url(random)).pathname } });
      else if (roll < 0.85) list.push({ category: "console", level: random.pick(["log", "info", "warning"]), message: random.pick(["cart updated", "variant selected", "[analytics] event queued", "price recalculated", "Warning: Each child in a list should have a unique \"key\" prop.", "prefetching route"]) });
      else list.push({ category: "ui.input", message: `input[name="${random.pick(["email", "zip", "coupon", "qty", "search"])}"]` });
    } else if (project.kind === "python") {
      if (roll < 0.45) list.push({ category: "query", message: random.pick(["SELECT \"payments_payment\".\"id\", \"payments_payment\".\"status\" FROM \"payments_payment\" WHERE \"payments_payment\".\"id\" = %s FOR UPDATE", "INSERT INTO \"ledger_entry\" (\"account_id\", \"amount\", \"kind\") VALUES (%s, %s, %s) RETURNING \"ledger_entry\".\"id\"", "UPDATE \"payments_payment\" SET \"status\" = %s WHERE \"payments_payment\".\"id\" = %s"]), data: { "db.system": "postgresql" } });
      else if (roll < 0.7) list.push({ type: "http", category: "httplib", data: { method: "POST", url: `https://api.stripe.com/v1/${random.pick(["charges", "refunds", "payment_intents"])}`, status_code: random.pick([200, 200, 402, 429, 500]) } });
      else if (roll < 0.85) list.push({ category: "redis", message: random.pick(["GET fx:EUR:USD", "SETEX lock:payment 30", "INCR retries"]) });
      else list.push({ category: "payments.tasks", level: random.pick(["info", "warning"]), message: random.pick(["capturing payment", "retrying after provider timeout", "ledger entry posted", "payout batch started"]) });
    } else {
      if (roll < 0.4) list.push({ category: "query", message: random.pick(["SELECT * FROM carts WHERE id = $1", "UPDATE orders SET status = $1, updated_at = now() WHERE id = $2", "INSERT INTO order_lines (order_id, sku, quantity, price) VALUES ($1, $2, $3, $4)", "SELECT preferences FROM users WHERE id = $1"]), data: { "db.system": "postgresql" } });
      else if (roll < 0.75) list.push({ type: "http", category: "http", data: { method: random.pick(["GET", "POST"]), url: `http://${random.pick(["inventory", "pricing", "tax-service", "fraud-check"])}.internal/v1/${random.pick(["reserve", "quote", "check", "items"])}`, status_code: random.pick([200, 200, 200, 404, 409, 503]) } });
      else list.push({ category: "console", level: random.pick(["info", "warning"]), message: random.pick(["cache miss for cart", "retrying request", "stock reserved", "coupon not applicable"]) });
    }
  }
  let offset = random.int(50, 400);
  const withOffsets: { offsetMs: number; crumb: Json }[] = [];
  for (let index = list.length - 1; index >= 0; index--) {
    withOffsets.unshift({ offsetMs: offset, crumb: list[index]! });
    offset += random.int(150, 6000);
  }
  return withOffsets;
}

export function makeIssueShape(random: Random, project: ProjectSpec): IssueShape {
  const host = project.routes[0]!.url(random).split("/")[2] ?? "example.com";
  const main = project.kind === "browser" ? browserException(random, host) : project.kind === "node" ? nodeException(random) : project.kind === "python" ? pythonException(random) : goException(random);
  const level = new Weighted(
    project.kind === "browser"
      ? ([["error", 86], ["warning", 10], ["info", 2], ["fatal", 2]] as const)
      : project.kind === "go"
        ? ([["error", 78], ["fatal", 10], ["warning", 12]] as const)
        : ([["error", 82], ["fatal", 5], ["warning", 13]] as const),
  ).pick(random);
  const handled = level === "warning" || level === "info" || random.chance(0.35);
  const mechanism =
    project.kind === "browser"
      ? { type: handled ? "generic" : random.pick(["auto.browser.global_handlers.onerror", "auto.browser.global_handlers.onunhandledrejection", "auto.browser.browserapierrors.setTimeout"]), handled }
      : project.kind === "node"
        ? { type: handled ? "generic" : random.pick(["auto.middleware.express", "auto.node.onunhandledrejection", "auto.node.onuncaughtexception"]), handled }
        : project.kind === "python"
          ? { type: handled ? "logging" : "celery", handled }
          : { type: handled ? "generic" : "go.panic", handled };
  const values: Json[] = [];
  // A fifth of Python errors carry the exception they were raised from.
  if (project.kind === "python" && random.chance(0.2)) {
    values.push({ ...pythonException(random), mechanism: { type: "chained", handled: true, source: "__context__", exception_id: 1, parent_id: 0 }, stacktrace: { frames: frames(random, project).slice(16) } });
  }
  values.push({ ...main, mechanism: values.length > 0 ? { ...mechanism, exception_id: 0, is_exception_group: false } : mechanism, stacktrace: { frames: frames(random, project) } });
  const routeCount = random.chance(0.6) ? 1 : random.int(2, 3);
  const hasTransaction = project.kind === "browser" ? random.chance(0.75) : random.chance(0.93);
  // Go: an issue happens either in HTTP handlers (with a request) or in queue workers (without).
  const isHttp = project.kind === "browser" || project.kind === "node" || (project.kind === "go" && random.chance(0.5));
  const candidates = project.kind === "go" ? project.routes.filter((route) => (route.method !== null) === isHttp) : project.routes;
  const urls = random.sample(candidates, routeCount);
  const fixedTags: [string, string][] = [];
  if (project.kind === "python") fixedTags.push(["payment.provider", random.pick(["stripe", "stripe", "adyen", "paypal"])], ["celery.queue", random.pick(["payments", "payments-high", "ledger", "receipts"])]);
  if (project.kind === "go") fixedTags.push(["channel", random.pick(["email", "email", "push", "sms"])], ["provider", random.pick(["sendgrid", "ses", "fcm", "apns", "twilio"])]);
  const environmentRoll = random.next();
  return {
    level,
    logger: project.kind === "python" ? random.pick(["celery.app.trace", "payments.tasks", "django.request"]) : null,
    exception: { values },
    crumbs: crumbs(random, project),
    routes: hasTransaction ? urls : null,
    urls,
    hasRequest: project.kind !== "python" && isHttp,
    fixedTags,
    flag: random.chance(0.4) ? random.pick(["new-checkout", "fast-search", "one-click-pay", "pdp-v2"]) : null,
    statusCodes: random.sample(["500", "500", "502", "503", "504", "400", "409", "422"], random.int(1, 2)),
    environments: environmentRoll < 0.07 ? "staging" : environmentRoll < 0.09 ? "development" : "mixed",
  };
}

/** What changes from one event of an issue to the next. */
export interface EventValues {
  eventId: string;
  timestampMs: number;
  receivedMs: number;
  environment: string;
  release: string;
  transaction: string | null;
  serverName: string | null;
  request: { url: string; method?: string; headers: [string, string][] } | null;
  traceId: string;
  spanId: string;
  userAgent: number;
  user: PoolUser;
  /** Tags as the SDK sends them (server_name comes separately). */
  tags: [string, string][];
}

/**
 * 16 hex digits with at least one letter: an all-decimal one can pass the Luhn check, and digest's data
 * scrubbing then filters it as a card number (about 1 in 18,000 random ids).
 */
function id16(random: Random): string {
  for (;;) {
    const value = random.hex16();
    if (!/^\d+$/.test(value)) return value;
  }
}

const templates = ["order_shipped", "order_confirmed", "password_changed", "weekly_digest", "cart_reminder", "refund_issued", "price_drop", "back_in_stock"];

/** Draws one event's values. */
export function drawEventValues(random: Random, project: ProjectSpec, shape: IssueShape, user: PoolUser, releaseName: string, environment: string, timestampMs: number, receivedMs: number): EventValues {
  const userAgent = random.chance(0.9) ? user.userAgent : random.int(0, userAgents.length - 1);
  const agent = userAgents[userAgent]![0];
  const route = random.pick(shape.urls);
  const url = route.url(random);
  const values: EventValues = {
    eventId: random.hex32(),
    timestampMs,
    receivedMs,
    environment,
    release: releaseName,
    transaction: shape.routes ? route.transaction : null,
    serverName: project.serverNames.length > 0 ? random.pick(project.serverNames) : null,
    request: null,
    traceId: random.hex32(),
    spanId: id16(random),
    userAgent,
    user,
    tags: [],
  };
  const tags = values.tags;
  const path = url.split("?")[0]!;
  if (project.kind === "browser") {
    values.request = { url, headers: random.chance(0.6) ? [["User-Agent", agent.header], ["Referer", `https://${url.split("/")[2]}/`]] : [["User-Agent", agent.header]] };
    tags.push(["browser", agent.browser], ["os", agent.os], ["device", agent.device], ["url", path], ["locale", user.locale], ["customer.tier", user.tier]);
  } else if (project.kind === "node") {
    values.request = { url, method: route.method ?? "GET", headers: [["host", url.split("/")[2]!], ["user-agent", agent.header], ["content-type", "application/json"], ["x-request-id", id16(random)]] };
    tags.push(["url", path], ["http.method", route.method ?? "GET"], ["http.status_code", random.pick(shape.statusCodes)], ["region", user.region], ["customer.tier", user.tier]);
  } else if (project.kind === "python") {
    tags.push(...shape.fixedTags, ["region", user.region], ["customer.tier", user.tier], ["retries", String(random.int(0, 3))], ["queue.priority", random.pick(["high", "normal", "normal", "low"])]);
  } else {
    if (shape.hasRequest) values.request = { url, method: route.method ?? "POST", headers: [["User-Agent", "checkout-api/2.43 (+go-http-client)"], ["Content-Type", "application/json"]] };
    tags.push(...shape.fixedTags, ["region", user.region], ["customer.tier", user.tier], ["locale", user.locale], ["template", random.pick(templates)]);
  }
  if (user.orgId) tags.push(["org.id", user.orgId]);
  if (shape.flag) tags.push([`feature.${shape.flag}`, random.chance(0.5) ? "on" : "off"]);
  if (project.kind === "browser" && random.chance(0.3)) tags.push(["experiment", `pdp-layout-${random.pick(["a", "b", "c"])}`]);
  return values;
}

/** The event as the SDK sends it. */
export function rawEvent(project: ProjectSpec, shape: IssueShape, values: EventValues): Json {
  const event: Json = { event_id: values.eventId, timestamp: values.timestampMs / 1000, platform: project.eventPlatform, level: shape.level };
  if (shape.logger) event.logger = shape.logger;
  if (values.serverName) event.server_name = values.serverName;
  event.environment = values.environment;
  event.release = values.release;
  if (values.transaction) event.transaction = values.transaction;
  event.exception = shape.exception;
  event.breadcrumbs = { values: shape.crumbs.map(({ offsetMs, crumb }) => ({ timestamp: (values.timestampMs - offsetMs) / 1000, ...crumb })) };
  if (values.request) event.request = { ...values.request, headers: Object.fromEntries(values.request.headers) };
  event.contexts = { trace: { trace_id: values.traceId, span_id: values.spanId }, ...project.sdkContexts };
  event.user = values.user.raw;
  event.tags = Object.fromEntries(values.tags);
  event.sdk = project.sdk;
  return event;
}
