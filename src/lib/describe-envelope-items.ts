/**
 * Envelope items in words, for the received list and each envelope's page: item types as a person names them
 * (sentry-protocol §2.2's `type`), and what a session update, session aggregate or client report says when it
 * carries no event to summarize. Everything read here came from an SDK: only numbers and strings of the
 * expected shape are used, and lists are cut short.
 */

const itemTypeLabels: Record<string, string> = {
  event: "Event",
  transaction: "Transaction",
  attachment: "Attachment",
  session: "Session update",
  sessions: "Session aggregates",
  client_report: "Client report",
  check_in: "Check-in",
  log: "Log",
  otel_log: "Log",
  span: "Span",
  otel_span: "Span",
  user_report: "User feedback",
  feedback: "User feedback",
  profile: "Profile",
  profile_chunk: "Profile chunk",
  replay_event: "Replay",
  replay_recording: "Replay recording",
  replay_video: "Replay video",
  statsd: "Metrics",
  metric_buckets: "Metrics",
  trace_metric: "Metric",
  raw_security: "Security report",
  nel: "Network error report",
};

const maxTypeLength = 40;

/** "session" → "Session update"; a type this version does not know is quoted as sent (cut to 40 characters). */
export function itemTypeLabel(type: string): string {
  return Object.hasOwn(itemTypeLabels, type) ? itemTypeLabels[type]! : `Item “${type.slice(0, maxTypeLength)}”`;
}

/** What an envelope is when nothing in it has a summary: its item types in words, each once, in order. */
export function describeItemTypes(types: readonly string[]): string {
  if (types.length === 0) return "Empty envelope";
  const labels = [...new Set(types.map(itemTypeLabel))];
  const [first, ...rest] = labels;
  return [first!, ...rest.map((label) => (label.startsWith("Item “") ? label : label.toLowerCase()))].join(", ");
}

type Counts = { total: number; groups: Map<string, { category: string; reason: string; quantity: number }> };

/** Sentry's data categories (relay-base-schema `DataCategory`) as the nouns a client report counts. */
const categoryNouns: Record<string, [string, string]> = {
  default: ["event", "events"],
  error: ["event", "events"],
  transaction: ["transaction", "transactions"],
  span: ["span", "spans"],
  session: ["session", "sessions"],
  attachment: ["attachment", "attachments"],
  profile: ["profile", "profiles"],
  profile_chunk: ["profile chunk", "profile chunks"],
  replay: ["replay", "replays"],
  monitor: ["check-in", "check-ins"],
  log_item: ["log", "logs"],
  log_byte: ["byte of logs", "bytes of logs"],
  feedback: ["feedback report", "feedback reports"],
  user_report_v2: ["feedback report", "feedback reports"],
  security: ["security report", "security reports"],
  internal: ["internal item", "internal items"],
};

/** The SDKs' discard reasons (the client reports spec) in words; others keep their code, underscores as spaces. */
const reasonWords: Record<string, string> = {
  before_send: "beforeSend",
  event_processor: "an event processor",
  sample_rate: "sample rate",
  network_error: "network error",
  queue_overflow: "queue full",
  buffer_overflow: "buffer full",
  cache_overflow: "cache full",
  ratelimit_backoff: "rate-limit back-off",
  send_error: "send error",
  internal_sdk_error: "internal SDK error",
  insufficient_data: "insufficient data",
  backpressure: "backpressure",
};

const maxGroups = 5;
const maxWordLength = 64;

function noun(category: string, quantity: number): string {
  const known = Object.hasOwn(categoryNouns, category) ? categoryNouns[category]! : null;
  if (known) return quantity === 1 ? known[0] : known[1];
  return `“${category.slice(0, maxWordLength)}” ${quantity === 1 ? "item" : "items"}`;
}

function reasonInWords(reason: string): string {
  return Object.hasOwn(reasonWords, reason) ? reasonWords[reason]! : reason.slice(0, maxWordLength).replaceAll("_", " ");
}

function count(entries: unknown): Counts {
  const counts: Counts = { total: 0, groups: new Map() };
  if (!Array.isArray(entries)) return counts;
  for (const entry of entries as { reason?: unknown; category?: unknown; quantity?: unknown }[]) {
    if (typeof entry !== "object" || entry === null) continue;
    const { reason, category, quantity } = entry;
    if (typeof reason !== "string" || typeof category !== "string" || typeof quantity !== "number" || !Number.isFinite(quantity) || quantity < 1) continue;
    const whole = Math.floor(quantity);
    const key = `${category}\u0000${reason}`;
    const group = counts.groups.get(key) ?? { category, reason, quantity: 0 };
    group.quantity += whole;
    counts.groups.set(key, group);
    counts.total += whole;
  }
  return counts;
}

function describeCounts({ total, groups }: Counts, verb: string): string {
  const list = [...groups.values()].sort((a, b) => b.quantity - a.quantity);
  const categories = new Set(list.map((group) => group.category));
  const totalNoun = categories.size === 1 ? noun(list[0]!.category, total) : total === 1 ? "item" : "items";
  const head = `${total.toLocaleString("en")} ${totalNoun} ${verb}`;
  if (list.length === 1) return `${head}, reason: ${reasonInWords(list[0]!.reason)}`;
  const shown = list.slice(0, maxGroups).map((group) => `${group.quantity.toLocaleString("en")} ${noun(group.category, group.quantity)} (${reasonInWords(group.reason)})`);
  const more = list.length > maxGroups ? `, and ${list.length - maxGroups} more` : "";
  return `${head}: ${shown.join(", ")}${more}`;
}

/**
 * A client report (sentry-protocol §2.2.9): what the SDK dropped, was rate-limited or filtered, by category and
 * reason — "Client report: 3 events dropped by the SDK, reason: beforeSend".
 */
export function describeClientReport(report: Record<string, unknown>): string {
  const parts = (
    [
      ["discarded_events", "dropped by the SDK"],
      ["rate_limited_events", "rate-limited"],
      ["filtered_events", "filtered"],
    ] as const
  ).flatMap(([field, verb]) => {
    const counts = count(report[field]);
    return counts.total > 0 ? [describeCounts(counts, verb)] : [];
  });
  return `Client report: ${parts.length > 0 ? parts.join("; ") : "nothing dropped"}`;
}

function plural(quantity: number, one: string, many: string): string {
  return `${quantity.toLocaleString("en")} ${quantity === 1 ? one : many}`;
}

/** A session update (sentry-protocol §2.2.6): "Session update: started", "…: ended (1 error)", "…: crashed". */
export function describeSessionUpdate(session: Record<string, unknown>): string {
  const errors = typeof session.errors === "number" && Number.isFinite(session.errors) && session.errors > 0 ? Math.floor(session.errors) : 0;
  const withErrors = errors > 0 ? ` (${plural(errors, "error", "errors")})` : "";
  switch (session.status) {
    case "exited":
      return `Session update: ended${withErrors}`;
    case "crashed":
      return "Session update: crashed";
    case "abnormal":
      return "Session update: ended abnormally";
    case "errored":
      return `Session update: errored${withErrors}`;
    default:
      return session.init === true ? "Session update: started" : `Session update${withErrors}`;
  }
}

/** Session aggregates (sentry-protocol §2.2.7), as server SDKs send them: how many sessions, and how they ended. */
export function describeSessionAggregates(value: Record<string, unknown>): string {
  const totals = { exited: 0, errored: 0, abnormal: 0, crashed: 0 };
  for (const aggregate of Array.isArray(value.aggregates) ? (value.aggregates as unknown[]) : []) {
    if (typeof aggregate !== "object" || aggregate === null) continue;
    for (const status of Object.keys(totals) as (keyof typeof totals)[]) {
      const quantity = (aggregate as Record<string, unknown>)[status];
      if (typeof quantity === "number" && Number.isFinite(quantity) && quantity > 0) totals[status] += Math.floor(quantity);
    }
  }
  const sessions = totals.exited + totals.errored + totals.abnormal + totals.crashed;
  const endings = ([
    ["crashed", totals.crashed],
    ["errored", totals.errored],
    ["ended abnormally", totals.abnormal],
  ] as const)
    .filter(([, quantity]) => quantity > 0)
    .map(([word, quantity]) => `${quantity.toLocaleString("en")} ${word}`);
  return `Session aggregates: ${plural(sessions, "session", "sessions")}${endings.length > 0 ? ` (${endings.join(", ")})` : ""}`;
}

/** The words for an item that is not an event, when its type says more than its name; null for the others. */
export function describeItem(type: string, value: Record<string, unknown>): string | null {
  if (type === "client_report") return describeClientReport(value);
  if (type === "session") return describeSessionUpdate(value);
  if (type === "sessions") return describeSessionAggregates(value);
  return null;
}
