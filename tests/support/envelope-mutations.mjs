// Hostile inputs as fast-check arbitraries: mutations of real envelopes (bytes, lengths, headers, the JSON
// inside items), hostile JSON with keys such as `__proto__`, event-shaped JSON and CSP reports. The
// property tests run them against the parsers and normalizers; bench/fuzz.mjs samples them to post to a
// running `lantern start`. Plain JavaScript (types in the .d.mts beside it) so that both can load it.
import fc from "fast-check";

const newline = 0x0a;
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** Object's own members, keys the normalizers and grouping look for, and keys that are hard to hold. */
export const hostileKeys = [
  "__proto__", "constructor", "prototype", "toString", "valueOf", "hasOwnProperty", "toJSON", "then", "length", "",
  "values", "frames", "stacktrace", "raw_stacktrace", "exception", "threads", "type", "value", "module", "mechanism",
  "message", "logentry", "formatted", "params", "tags", "contexts", "user", "request", "headers", "cookies", "query_string",
  "data", "breadcrumbs", "fingerprint", "in_app", "function", "raw_function", "filename", "abs_path", "package", "lineno",
  "colno", "context_line", "pre_context", "vars", "platform", "event_id", "timestamp", "start_timestamp", "level",
  "release", "dist", "environment", "extra", "sdk", "checksum", "culprit", "transaction", "logger", "server_name",
  "ip_address", "email", "id", "username", "geo", "trace", "os", "browser", "runtime", "device", "csp", "errors", "_meta",
  "exception_id", "parent_id", "is_exception_group", "sources", "effective-directive", "blocked-uri", "csp-report", "body",
  "password", "authorization", "Cookie", "User-Agent", "url", "method", "env", "main", "instruction_addr", "symbol",
];

const hostileStrings = [
  "", " ", "{{auto}}", "{{ default }}", "{{default}}", "{{ error.type }}", "{{ transaction }}", "{{ message }}", "{{ tags.x }}",
  "__proto__", "constructor", "null", "undefined", "NaN", "-0", "1e309", "\u0000", "\uFFFF", "\uD800", "\uDFFF\uD800", "\u202E",
  "\r\n", "\n", "../../etc/passwd", "<script>alert(1)</script>", "javascript:alert(1)", "%s %d %%", "%(name)s", "${x}",
  "http://", "https://example.com:99999/a?b=c#d", "//evil", "127.0.0.1", "::1", "10.0.0.1, 192.168.0.1", "a@b.c",
  "4111111111111111", "Bearer abcdefghijklmnop", "-----BEGIN PRIVATE KEY-----", "9ec79c33ec9942ab8353589fcb2e04dc",
  "9EC79C33-EC99-42AB-8353-589FCB2E04DC", "2026-13-45T99:99:99Z", "1970-01-01T00:00:00Z", "anonymous", "native", "javascript",
  "python", "cocoa", "csharp", "java", "node", "error", "fatal", "warning", "info", "debug", "critical", "log", "transaction",
  "default", "csp", "expectct", "generic", "?", "<anonymous>", "Object.<anonymous>", "node:internal/x", "app:///main.js",
  "webpack-internal:///./x.js", "/usr/lib/python3.12/x.py", "C:\\Windows\\x.dll", "0x0000000100000000", "_ZN3foo3barEv",
];

const hostileNumbers = ["0", "-0", "1", "-1", "0.5", "1e308", "-1e308", "1e-320", "9007199254740993", "123456789012345678901234567890", "1e21", "1795363590.563", "-62135596800", "253402300800"];

function jsonString(arbitrary) {
  return arbitrary.map((text) => JSON.stringify(text));
}

/** Keys for objects: mostly the hostile list, sometimes arbitrary text (lone surrogates included). */
export const hostileKey = fc.oneof(
  { arbitrary: fc.constantFrom(...hostileKeys), weight: 4 },
  { arbitrary: fc.string({ maxLength: 12 }), weight: 1 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 8 }), weight: 1 },
);

/** Large or deep values that stress limits: long strings, deep nesting, wide arrays (cheap to generate). */
const stressText = fc.oneof(
  fc.integer({ min: 1_000, max: 100_000 }).map((length) => JSON.stringify("x".repeat(length))),
  fc.integer({ min: 1_000, max: 40_000 }).map((length) => JSON.stringify("\u00e9\ud83d\ude00\u0000%s{{ default }}".repeat(length / 10))),
  fc.integer({ min: 40, max: 20_000 }).map((depth) => "[".repeat(depth) + "]".repeat(depth)),
  fc.integer({ min: 40, max: 20_000 }).map((depth) => '{"values":'.repeat(depth) + "null" + "}".repeat(depth)),
  fc.tuple(fc.constantFrom(...hostileKeys), fc.integer({ min: 40, max: 5_000 })).map(([key, depth]) => `{${JSON.stringify(key)}:`.repeat(depth) + "{}" + "}".repeat(depth)),
  fc.integer({ min: 100, max: 20_000 }).map((width) => `[${Array.from({ length: width }, (_, index) => index % 3 === 0 ? '{"function":"f","in_app":true}' : String(index)).join(",")}]`),
  fc.integer({ min: 100, max: 5_000 }).map((width) => `{${Array.from({ length: width }, (_, index) => `"k${index}":"v"`).join(",")}}`),
);

/** JSON text of hostile values: wrong types, odd numbers and strings, hostile keys, sometimes huge or deep. */
export const hostileJsonText = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small", maxDepth: 5 }, tie("leaf"), tie("array"), tie("object")),
  leaf: fc.oneof(
    { arbitrary: fc.constantFrom("null", "true", "false", "{}", "[]"), weight: 3 },
    { arbitrary: fc.constantFrom(...hostileNumbers), weight: 2 },
    { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }).map((number) => JSON.stringify(number)), weight: 1 },
    { arbitrary: jsonString(fc.constantFrom(...hostileStrings)), weight: 4 },
    { arbitrary: jsonString(fc.string({ unit: "binary", maxLength: 30 })), weight: 2 },
  ),
  array: fc.array(tie("value"), { maxLength: 5 }).map((items) => `[${items.join(",")}]`),
  object: fc.array(fc.tuple(hostileKey, tie("value")), { maxLength: 6 }).map((entries) => `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(",")}}`),
})).value;

/** Hostile JSON, now and then large or deep. */
export const hostileOrStressJsonText = fc.oneof({ arbitrary: hostileJsonText, weight: 12 }, { arbitrary: stressText, weight: 1 });

// ---- JSON-level mutation: replace subtrees at random paths -----------------------------------------------

const sentinelOf = (index) => `\u0000fuzz-subtree-${index}\u0000`;

/** Paths to every node (breadth first, at most `limit`), so a mutation can pick any subtree. */
function pathsOf(root, limit = 4_000) {
  const paths = [[]];
  const queue = [{ value: root, path: [] }];
  for (let next = 0; next < queue.length && paths.length < limit; next += 1) {
    const { value, path } = queue[next];
    if (value === null || typeof value !== "object" || path.length > 40) continue;
    for (const key of Array.isArray(value) ? value.keys() : Object.keys(value)) {
      const child = [...path, key];
      paths.push(child);
      queue.push({ value: value[key], path: child });
    }
  }
  return paths;
}

/**
 * Replaces the subtrees at the chosen paths of a JSON document with the given JSON texts (or removes an
 * object member when its replacement is null). Done on the text of one JSON.stringify, so the replacements
 * may be deeper than JSON.stringify could handle.
 */
export function replaceSubtrees(jsonText, replacements) {
  let root;
  try {
    root = JSON.parse(jsonText);
  } catch {
    return jsonText;
  }
  const paths = pathsOf(root);
  const texts = [];
  for (const [index, { pick, text }] of replacements.entries()) {
    const path = paths[pick % paths.length];
    if (path.length === 0) return text ?? "{}";
    let parent = root;
    for (const key of path.slice(0, -1)) parent = parent?.[key];
    if (parent === null || typeof parent !== "object") continue;
    const key = path.at(-1);
    if (text === null && !Array.isArray(parent)) {
      delete parent[key];
      continue;
    }
    // An own `__proto__` member (JSON.parse makes one) must stay an own member, not set the prototype.
    Object.defineProperty(parent, key, { value: sentinelOf(index), enumerable: true, writable: true, configurable: true });
    texts.push([index, text ?? "null"]);
  }
  let result;
  try {
    result = JSON.stringify(root);
  } catch {
    // Nested deeper than JSON.stringify's stack (an earlier mutation made it so): left as it was.
    return jsonText;
  }
  for (const [index, text] of texts) result = result.split(JSON.stringify(sentinelOf(index))).join(text);
  return result;
}

/** One to four subtree replacements; a quarter of them delete the member instead. */
export const subtreeReplacements = fc.array(
  fc.record({ pick: fc.nat(), text: fc.oneof({ arbitrary: hostileOrStressJsonText, weight: 3 }, { arbitrary: fc.constant(null), weight: 1 }) }),
  { minLength: 1, maxLength: 4 },
);

// ---- Envelopes --------------------------------------------------------------------------------------------

/**
 * Splits an envelope by its grammar (header line; item header line; `length` bytes or up to the next
 * newline), or null when it does not follow it: those fixtures get only byte-level mutations.
 */
export function splitEnvelope(bytes) {
  let offset = 0;
  const readLine = () => {
    const end = bytes.indexOf(newline, offset);
    const line = bytes.subarray(offset, end === -1 ? bytes.length : end);
    offset = end === -1 ? bytes.length : end + 1;
    return line;
  };
  try {
    const header = strictUtf8.decode(readLine());
    JSON.parse(header);
    const items = [];
    while (offset < bytes.length) {
      const headerLine = readLine();
      if (headerLine.length === 0) continue;
      const itemHeader = JSON.parse(strictUtf8.decode(headerLine));
      let payload;
      if (typeof itemHeader.length === "number") {
        if (offset + itemHeader.length > bytes.length) return null;
        payload = bytes.subarray(offset, offset + itemHeader.length);
        offset += itemHeader.length + 1;
      } else {
        payload = readLine();
      }
      items.push({ header: itemHeader, headerText: decoder.decode(headerLine), payload });
    }
    return { header, items };
  } catch {
    return null;
  }
}

/** The bytes of a split envelope; `length` is rewritten to the payload's when the item had one. */
export function joinEnvelope({ header, items }, { keepLengths = false } = {}) {
  const parts = [encoder.encode(header)];
  for (const item of items) {
    const itemHeader = !keepLengths && typeof item.header === "object" && typeof item.header.length === "number" ? { ...item.header, length: item.payload.length } : item.header;
    parts.push(encoder.encode(`\n${typeof itemHeader === "string" ? itemHeader : stringifyHeader(itemHeader, item.headerText)}\n`), item.payload);
  }
  return concat(parts);
}

function stringifyHeader(header, originalText) {
  try {
    return JSON.stringify(header);
  } catch {
    return originalText ?? "{}";
  }
}

function concat(parts) {
  const result = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    result.set(part, offset);
    offset += part.length;
  }
  return result;
}

const interestingInserts = ["\n", "\r\n", "\n\n", "{", "}", '"', "\\", "\u0000", '{"type":"event"}\n', '{"type":"attachment","length":99999999}\n', '{"type":"session"}\n{}\n', "\n{}\n", "\ud800", '","__proto__":{"x":1},"', "]]]]", "[[[["];

const itemTypes = ["event", "transaction", "attachment", "session", "sessions", "client_report", "user_report", "feedback", "check_in", "span", "log", "profile", "replay_event", "statsd", "__proto__", "constructor", "", "EVENT", "unknown"];

const lengthTampering = fc.oneof(
  fc.constantFrom(-1, 0, 1, 0.5, 2 ** 31, 2 ** 53, 2 ** 53 + 2, 1e300, -0, "12", null, true, [], {}),
  fc.integer({ min: -2, max: 2 }).map((delta) => ({ delta })),
  fc.nat(100_000),
);

/** `kind` names what was done, so the bench can count answers per mutation kind. */
function mutationsOf(fixture) {
  const { bytes } = fixture;
  const split = splitEnvelope(bytes);
  const position = fc.nat(Math.max(0, bytes.length));
  const kinds = [
    ["byte-flip", fc.array(fc.tuple(position, fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 8 }).map((flips) => {
      const copy = bytes.slice();
      for (const [at, mask] of flips) if (copy.length > 0) copy[at % copy.length] ^= mask;
      return copy;
    })],
    ["truncate", position.map((at) => bytes.slice(0, at))],
    ["insert", fc.tuple(position, fc.oneof(fc.constantFrom(...interestingInserts).map((text) => encoder.encode(text)), fc.uint8Array({ minLength: 1, maxLength: 24 }))).map(([at, inserted]) => concat([bytes.subarray(0, at), inserted, bytes.subarray(at)]))],
    ["delete-range", fc.tuple(position, fc.integer({ min: 1, max: 200 })).map(([at, count]) => concat([bytes.subarray(0, at), bytes.subarray(at + count)]))],
    ["arbitrary-bytes", fc.uint8Array({ maxLength: 2_000 })],
  ];
  if (split) {
    const itemIndex = fc.nat(Math.max(0, split.items.length - 1));
    kinds.push(
      ["header-json", subtreeReplacements.map((replacements) => joinEnvelope({ ...split, header: replaceSubtrees(split.header, replacements) }))],
      ["header-replaced", hostileOrStressJsonText.map((header) => joinEnvelope({ ...split, header: header.replaceAll("\n", " ") }))],
      ["length-tamper", fc.tuple(itemIndex, lengthTampering).map(([index, length]) => {
        const items = split.items.map((item, at) => {
          if (at !== index) return item;
          const declared = length !== null && typeof length === "object" && "delta" in length ? item.payload.length + length.delta : length;
          return { ...item, header: { ...item.header, length: declared } };
        });
        return joinEnvelope({ ...split, items }, { keepLengths: true });
      })],
      ["length-dropped", fc.constant(joinEnvelope({ ...split, items: split.items.map((item) => ({ ...item, header: { type: item.header.type } })) }, { keepLengths: true }))],
    );
    if (split.items.length > 0) {
      kinds.push(
        ["item-json", fc.tuple(itemIndex, subtreeReplacements, fc.boolean()).map(([index, replacements, keepLengths]) => {
          const items = split.items.map((item, at) => (at === index ? { ...item, payload: mutateJsonPayload(item.payload, replacements) } : item));
          return joinEnvelope({ ...split, items }, { keepLengths });
        })],
        ["item-header-json", fc.tuple(itemIndex, subtreeReplacements).map(([index, replacements]) => {
          const items = split.items.map((item, at) => (at === index ? { ...item, header: replaceSubtrees(stringifyHeader(item.header, item.headerText), replacements).replaceAll("\n", " ") } : item));
          return joinEnvelope({ ...split, items }, { keepLengths: true });
        })],
        ["item-type", fc.tuple(itemIndex, fc.constantFrom(...itemTypes)).map(([index, type]) => joinEnvelope({ ...split, items: split.items.map((item, at) => (at === index ? { ...item, header: { ...item.header, type } } : item)) }))],
        // More items than the item limit (1,000) where they are small; at most about 512 KB in all.
        ["item-repeat", fc.tuple(itemIndex, fc.integer({ min: 2, max: 1_100 })).map(([index, times]) => {
          const repeated = Math.min(times, Math.floor(512_000 / (split.items[index].payload.length + 64)));
          return joinEnvelope({ ...split, items: [...split.items, ...Array.from({ length: Math.max(1, repeated) }, () => split.items[index])] });
        })],
      );
    }
  }
  return kinds;
}

/** Printed by fast-check in a failure report: the bytes are replayed from the seed, not listed. */
function mutated(fixture, kind, bytes) {
  return { fixture, kind, bytes, [fc.toStringMethod]: () => `${kind} of ${fixture} (${bytes.length} bytes: ${JSON.stringify(decoder.decode(bytes.subarray(0, 120)))}…)` };
}

function mutateJsonPayload(payload, replacements) {
  const text = decoder.decode(payload);
  return encoder.encode(replaceSubtrees(text, replacements));
}

/**
 * One mutation of one of the fixtures: `{ fixture, kind, bytes }`. Every fixture and every kind is drawn
 * equally often; two kinds in a row are applied a fifth of the time (kind "a+b").
 */
export function mutatedEnvelope(fixtures) {
  return fc.constantFrom(...fixtures).chain((fixture) => {
    const single = fc.oneof(...mutationsOf(fixture).map(([kind, arbitrary]) => arbitrary.map((bytes) => mutated(fixture.name, kind, bytes))));
    const twice = single.chain((first) => fc.oneof(...mutationsOf({ ...fixture, bytes: first.bytes }).map(([kind, arbitrary]) => arbitrary.map((bytes) => mutated(fixture.name, `${first.kind}+${kind}`, bytes)))));
    return fc.oneof({ arbitrary: single, weight: 4 }, { arbitrary: twice, weight: 1 });
  });
}

// ---- Events and CSP reports -------------------------------------------------------------------------------

const frame = (platform, index) => ({
  filename: index % 4 === 0 ? "node:internal/process/task_queues" : `/srv/app/src/module-${index}.${platform === "python" ? "py" : "js"}`,
  abs_path: `app:///src/module-${index}.js`,
  module: `app.module${index}`,
  function: ["handle", "Object.<anonymous>", "async runTask", "_ZN3foo3barEv", "<lambda>", "?"][index % 6],
  lineno: 10 + index,
  colno: index,
  in_app: index % 2 === 0,
  context_line: "  throw new Error(`x`)",
  pre_context: ["a", "b"],
  vars: { password: "hunter2", count: index },
  instruction_addr: `0x${(4096 + index).toString(16)}`,
  package: "/usr/lib/libfoo.so",
});

/** An event using every part the normalizers and grouping read: the template that JSON mutations start from. */
export const richEventTemplate = {
  event_id: "9ec79c33ec9942ab8353589fcb2e04dc",
  timestamp: 1795363590.563,
  start_timestamp: 1795363589,
  platform: "javascript",
  level: "error",
  logger: "app.checkout",
  transaction: "/checkout",
  culprit: "app/checkout in handle",
  server_name: "web-1",
  release: "shop@1.2.3",
  dist: "42",
  environment: "production",
  checksum: null,
  fingerprint: ["{{ default }}", "{{ error.type }}", "custom", 1, true],
  message: "Checkout failed for %s",
  logentry: { message: "Checkout failed for %s", params: ["cart"], formatted: "Checkout failed for cart" },
  exception: {
    values: [
      { type: "TypeError", value: "Cannot read properties of undefined (reading 'price')", module: "app", mechanism: { type: "generic", handled: true, exception_id: 1, parent_id: 0, source: "cause" }, stacktrace: { frames: Array.from({ length: 6 }, (_, index) => frame("javascript", index)) }, raw_stacktrace: { frames: [frame("javascript", 9)] } },
      { type: "Error", value: "Checkout failed", mechanism: { type: "onerror", handled: false, exception_id: 0, is_exception_group: true }, stacktrace: { frames: Array.from({ length: 3 }, (_, index) => frame("python", index)) }, thread_id: 1 },
    ],
  },
  threads: { values: [{ id: 1, crashed: true, current: true, name: "main", stacktrace: { frames: [frame("native", 1), frame("native", 2)] } }] },
  breadcrumbs: { values: [{ timestamp: 1795363580, category: "ui.click", message: "button#buy", level: "info", data: { url: "https://shop.example.com/?token=abc" } }, { timestamp: "2026-11-22T16:06:29.909Z", type: "http", data: { method: "GET", status_code: 500 } }] },
  request: { url: "https://shop.example.com/cart?session=abc", method: "POST", headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0", Cookie: "sid=1", Authorization: "Bearer x" }, cookies: "a=b; c=d", query_string: "a=1&token=2", data: { card: "4111111111111111" }, env: { REMOTE_ADDR: "10.0.0.1" } },
  user: { id: "u-1", email: "a@b.c", ip_address: "{{auto}}", username: "ann", geo: { city: "Berlin" }, data: { plan: "pro" } },
  contexts: { trace: { trace_id: "0123456789abcdef0123456789abcdef", span_id: "0123456789abcdef", op: "http.server" }, browser: { name: "Chrome", version: "156" }, os: { name: "Linux" }, runtime: { name: "node", version: "v20" }, device: { family: "Desktop" }, custom: { nested: { deep: [1, 2, 3] } } },
  tags: { "ui.route": "/cart", "feature.flag": "new-checkout", environment: "staging", level: "warning" },
  extra: { report: "row;".repeat(10), nested: { a: [1, { b: 2 }] } },
  sdk: { name: "sentry.javascript.browser", version: "10.78.0", integrations: ["Breadcrumbs"], packages: [{ name: "npm:@sentry/browser", version: "10.78.0" }] },
  modules: { react: "19.0.0" },
  errors: [{ type: "invalid_data", name: "x" }],
  csp: { effective_directive: "script-src", blocked_uri: "https://evil.example/x.js" },
  _meta: { "": { err: ["x"] } },
};

/**
 * Event-shaped JSON text: an object of event fields with hostile values, or the rich template (or a given
 * real event) with subtrees replaced — so the normalizers see both plausible shapes and wrong types.
 */
export function eventJsonText(realEvents = []) {
  const templates = [JSON.stringify(richEventTemplate), ...realEvents];
  const eventKeys = fc.constantFrom(...Object.keys(richEventTemplate), "type", "__proto__", "constructor", "values", "exception");
  return fc.oneof(
    fc.array(fc.tuple(eventKeys, hostileOrStressJsonText), { maxLength: 12 }).map((entries) => `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(",")}}`),
    fc.tuple(fc.constantFrom(...templates), subtreeReplacements).map(([template, replacements]) => replaceSubtrees(template, replacements)),
    fc.tuple(fc.constantFrom(...templates), subtreeReplacements, subtreeReplacements).map(([template, first, second]) => replaceSubtrees(replaceSubtrees(template, first), second)),
  );
}

const cspReportTemplate = {
  "document-uri": "https://shop.example.com/cart",
  referrer: "https://shop.example.com/",
  "violated-directive": "script-src-elem",
  "effective-directive": "script-src-elem",
  "original-policy": "default-src 'self'; report-uri /api/1/security/?sentry_key=0123456789abcdef0123456789abcdef",
  disposition: "enforce",
  "blocked-uri": "https://evil.example/x.js",
  "status-code": 200,
  "script-sample": "",
  "line-number": 12,
  "column-number": 7,
  "source-file": "https://shop.example.com/app.js",
};

/** CSP report bodies in both wire formats (report-uri's object, the Reporting API's list) with hostile parts. */
export const cspReportText = fc.oneof(
  subtreeReplacements.map((replacements) => replaceSubtrees(JSON.stringify({ "csp-report": cspReportTemplate }), replacements)),
  fc.tuple(fc.integer({ min: 1, max: 30 }), subtreeReplacements).map(([count, replacements]) =>
    replaceSubtrees(JSON.stringify(Array.from({ length: count }, (_, index) => ({ type: index % 5 === 4 ? "deprecation" : "csp-violation", age: index, url: "https://shop.example.com/", body: { documentURL: "https://shop.example.com/", blockedURL: index % 3 === 0 ? "inline" : "https://cdn.example/x.js", effectiveDirective: "img-src", originalPolicy: "img-src 'none'", disposition: "report", statusCode: 200, lineNumber: index, sample: "" } }))), replacements),
  ),
  hostileOrStressJsonText,
);
