#!/usr/bin/env node
// Regenerates tests/fixtures/envelopes/: envelopes captured from the real @sentry/node SDK on the wire,
// plus the hand-made hostile and edge-case envelopes (written byte by byte, not by an SDK).
//
//   node scripts/capture-envelopes.mjs
//
// The SDK sends to a plain node:http server on a random loopback port, which keeps every request body
// exactly as received (and its gunzipped form when the SDK compressed it).
import { once } from "node:events";
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { gunzipSync } from "node:zlib";
import * as Sentry from "@sentry/node";

const outputDirectory = new URL("../tests/fixtures/envelopes/", import.meta.url);
const publicKey = "0123456789abcdef0123456789abcdef";

/** @type {{ url: string, headers: import("node:http").IncomingHttpHeaders, raw: Buffer, body: Buffer }[]} */
const received = [];

const server = createServer((request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    const raw = Buffer.concat(chunks);
    const body = request.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw;
    received.push({ url: request.url ?? "", headers: request.headers, raw, body });
    response.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
});
server.listen(0, "127.0.0.1");
await once(server, "listening");
const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());

Sentry.init({
  dsn: `http://${publicKey}@127.0.0.1:${port}/1`,
  release: "lantern-fixtures@1.0.0",
  environment: "fixtures",
  // Keeps the capturing machine's host name out of the committed files.
  serverName: "fixture-host",
  // Dropping one event makes the SDK report it in a client_report on the next flush.
  beforeSend: (event) => (event.message === "dropped by beforeSend" ? null : event),
});

/** Runs one SDK action, waits until its requests have arrived, and returns them. */
async function capture(action) {
  const start = received.length;
  action();
  // The first flush waits for the event pipeline; outcomes it records (client reports) go out with the second.
  await Sentry.flush(5000);
  await Sentry.flush(5000);
  // The transport resolves when the response starts; give the server's "end" handler a moment.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return received.slice(start);
}

/** The SDK's JSON items carry no length and no raw newline, so headers and payloads alternate line by line. */
function itemTypesOf(body) {
  const lines = body.toString("utf8").split("\n");
  return lines.filter((_, index) => index % 2 === 1).map((line) => JSON.parse(line).type);
}

function pick(requests, type, what) {
  const request = requests.find((candidate) => itemTypesOf(candidate.body).includes(type));
  if (!request) throw new Error(`${what}: no envelope with a "${type}" item among ${JSON.stringify(requests.map((candidate) => itemTypesOf(candidate.body)))}`);
  return request;
}

const fixtures = {};
const write = (name, bytes) => {
  writeFileSync(new URL(name, outputDirectory), bytes);
  fixtures[name] = bytes.length;
};
mkdirSync(outputDirectory, { recursive: true });

const exceptionRequests = await capture(() => {
  Sentry.captureException(new Error("Checkout failed", { cause: new TypeError("Cannot read properties of undefined (reading 'price')") }));
});
const exception = pick(exceptionRequests, "event", "captureException");
write("node-exception.envelope", exception.body);

const message = pick(await capture(() => Sentry.captureMessage("Nightly export finished with warnings", "warning")), "event", "captureMessage");
write("node-message.envelope", message.body);

const largeRequests = await capture(() => {
  // Above the transport's 32 KiB threshold, so the SDK gzips the request body.
  Sentry.captureException(new RangeError("Report too large to render"), { extra: { report: "row;".repeat(12_000) } });
});
const large = pick(largeRequests, "event", "large captureException");
if (large.headers["content-encoding"] !== "gzip") throw new Error("the large event was not gzipped by the SDK");
write("node-large-exception.envelope", large.body);
write("node-large-exception.envelope.gz", large.raw);

const clientReport = pick(await capture(() => Sentry.captureMessage("dropped by beforeSend")), "client_report", "client report");
write("node-client-report.envelope", clientReport.body);

const session = pick(await capture(() => Sentry.endSession()), "session", "endSession");
write("node-session.envelope", session.body);

await Sentry.close(2000);
server.close();

writeHandMadeFixtures();

console.log(`@sentry/node ${Sentry.SDK_VERSION}, node ${process.version}`);
// The SDK also sends "sessions" aggregates and the session of its start; they are not kept.
console.log(`all requests: ${JSON.stringify(received.map((request) => itemTypesOf(request.body)))}`);
console.log(`request URL of the SDK: ${exception.url}`);
for (const [name, size] of Object.entries(fixtures)) console.log(`${name.padEnd(40)} ${size} bytes`);

/** Hostile and edge-case envelopes no SDK sends on purpose; each is built byte by byte here. */
function writeHandMadeFixtures() {
  const eventId = "9ec79c33ec9942ab8353589fcb2e04dc";
  const text = (value) => Buffer.from(value, "utf8");

  // The attachment item declares 64 bytes, but only 20 follow.
  write(
    "hostile-truncated-length.envelope",
    text(`{"event_id":"${eventId}"}\n{"type":"attachment","length":64,"filename":"log.txt"}\nonly twenty bytes...`),
  );

  // 0xC3 0x28 is an invalid two-byte UTF-8 sequence inside the envelope header's JSON string.
  write(
    "hostile-invalid-utf8-header.envelope",
    Buffer.concat([text(`{"event_id":"${eventId}","sdk":{"name":"`), Buffer.from([0xc3, 0x28]), text(`"}}\n{"type":"event"}\n{"message":"x"}\n`)]),
  );

  write("hostile-not-json.envelope", text("POST /api/1/envelope/ HTTP/1.1\nthis is not an envelope\n"));

  // Every byte value 0x00–0xff, so the payload contains 0x0a (newline) and invalid UTF-8.
  const binary = Buffer.from(Array.from({ length: 256 }, (_, index) => index));
  const event = `{"event_id":"${eventId}","level":"info"}`;
  write(
    "binary-attachment.envelope",
    Buffer.concat([
      text(`{"event_id":"${eventId}"}\n`),
      text(`{"type":"attachment","length":${binary.length},"filename":"bytes.bin","content_type":"application/octet-stream"}\n`),
      binary,
      text(`\n{"type":"event","length":${Buffer.byteLength(event)}}\n${event}\n`),
    ]),
  );

  write("empty.envelope", text(`{"event_id":"${eventId}","sent_at":"2026-01-01T00:00:00.000Z"}\n`));
}
