#!/usr/bin/env node
// `npm run bench:fuzz` — posts mutated real envelopes (tests/fixtures/envelopes, mutated by the property
// tests' own arbitraries) to a running `lantern start` on a fresh SQLite file, over real HTTP, and counts
// the answers per status and per mutation kind. Besides the envelope mutations: /store/ and /security/
// bodies, the tunnel, gzip/deflate/br bodies (some corrupted), bogus Content-Encodings, tampered auth and
// project ids, and raw-socket requests whose Content-Length lies or whose chunked framing is broken.
// Fails (exit 1) on any 5xx, a connection reset or timeout, the server exiting, a server log line that
// reports an uncaught exception or failed ingest, /api/health not answering 200 at the end, or the digest
// not finishing the backlog.
//   node bench/fuzz.mjs [--count=200000] [--connections=16] [--seed=1] [--skip-build]
import { readdirSync, readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { connect } from "node:net";
import { brotliCompressSync, constants, deflateSync, gunzipSync, gzipSync } from "node:zlib";
import Database from "better-sqlite3";
import fc from "fast-check";
import { cspReportText, eventJsonText, mutatedEnvelope, splitEnvelope } from "../tests/support/envelope-mutations.mjs";
import { startLantern } from "./support/lantern-under-test.mjs";

const option = (name, fallback) => Number(process.argv.find((argument) => argument.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const count = option("count", 200_000);
const connections = option("connections", 16);
const seed = option("seed", 1);
const port = 3297;
const batchSize = 1_000;
/** A request unanswered this long counts as a hang. */
const requestTimeoutMs = 30_000;

const lantern = startLantern({ name: "fuzz", port });
const { dsn, databasePath, logPath } = lantern;
const { username: publicKey, pathname } = new URL(dsn);
const projectId = pathname.slice(1);

// ---- Inputs -------------------------------------------------------------------------------------------------

/** The fixtures addressed to this instance: a DSN in the envelope header (the browser ones) names this project. */
const fixtureDirectory = new URL("../tests/fixtures/envelopes/", import.meta.url);
const fixtures = readdirSync(fixtureDirectory)
  .filter((name) => name.endsWith(".envelope") || name.endsWith(".envelope.gz"))
  .sort()
  .map((name) => {
    const raw = readFileSync(new URL(name, fixtureDirectory));
    return { name, bytes: readdress(new Uint8Array(name.endsWith(".gz") ? gunzipSync(raw) : raw)) };
  });

function readdress(bytes) {
  const split = splitEnvelope(bytes);
  if (!split) return bytes;
  const header = JSON.parse(split.header);
  if (typeof header.dsn !== "string") return bytes;
  const end = bytes.indexOf(0x0a);
  return Buffer.concat([Buffer.from(JSON.stringify({ ...header, dsn })), bytes.subarray(end === -1 ? bytes.length : end)]);
}

const eventTexts = fixtures.flatMap(({ bytes }) => splitEnvelope(bytes)?.items.filter((item) => item.header.type === "event").map((item) => Buffer.from(item.payload).toString("utf8")) ?? []);
const envelopes = mutatedEnvelope(fixtures);
const storeEvents = eventJsonText(eventTexts);

/** A small seeded generator for the HTTP-level choices, so a run can be repeated with its seed. */
function mulberry32(state) {
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(seed);
const pick = (weighted) => {
  let roll = random() * weighted.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [value, weight] of weighted) if ((roll -= weight) < 0) return value;
  return weighted.at(-1)[0];
};
const hex32 = () => Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join("");

/** One request: where it goes, with which headers and body, and over which transport. */
function nextRequest(envelope, storeText, cspText) {
  const endpoint = pick([["envelope", 76], ["store", 8], ["security", 7], ["tunnel", 5], ["odd-path", 4]]);
  let body = endpoint === "store" ? maybeBase64Deflated(storeText) : endpoint === "security" ? Buffer.from(cspText) : Buffer.from(envelope.bytes);
  const path = {
    envelope: `/api/${projectId}/envelope/`,
    store: `/api/${projectId}/store/`,
    security: `/api/${projectId}/security/`,
    tunnel: "/monitoring",
    "odd-path": pick([[`/api/${projectId}0/envelope/`, 1], ["/api/__proto__/envelope/", 1], ["/api/constructor/store/", 1], [`//api//${projectId}//envelope`, 1], ["/api/-1/csp-report/", 1], [`/api/${"9".repeat(40)}/envelope/`, 1]]),
  }[endpoint];

  const headers = {};
  let query = "";
  const auth = endpoint === "tunnel" ? "none" : pick([["query", 70], ["wrong-key", 7], ["malformed-key", 4], ["header-garbage", 6], ["two-keys", 4], ["none", 6], ["header", 3]]);
  if (auth === "query") query = `?sentry_version=7&sentry_key=${publicKey}&sentry_client=fuzz%2F1.0`;
  else if (auth === "wrong-key") query = `?sentry_key=${hex32()}`;
  else if (auth === "malformed-key") query = `?sentry_key=${pick([["", 1], ["__proto__", 1], ["x".repeat(5000), 1], ["%ZZ", 1], [`${publicKey}&sentry_key=${hex32()}`, 1], [`${publicKey}&sentry_version=99`, 1]])}`;
  else if (auth === "header-garbage") headers["x-sentry-auth"] = pick([["Sentry", 1], ["Sentry sentry_key=", 1], ["Sentry sentry_key=__proto__, sentry_version=7", 1], ["garbage,,,===", 1], [`Sentry sentry_key=${publicKey}, sentry_version=abc`, 1], ["\u00ff\u00fe", 1]]);
  else if (auth === "two-keys") {
    query = `?sentry_key=${publicKey}`;
    headers["x-sentry-auth"] = `Sentry sentry_key=${hex32()}, sentry_version=7`;
  } else if (auth === "header") headers["x-sentry-auth"] = `Sentry sentry_key=${publicKey}, sentry_version=7, sentry_client=fuzz/1.0`;

  const encoding = pick([["none", 52], ["gzip", 14], ["deflate", 8], ["br", 4], ["x-gzip", 3], ["bogus", 5], ["claimed-not-compressed", 5], ["corrupted", 5], ["bomb", 1], ["twice-encoded", 3]]);
  if (encoding === "gzip" || encoding === "x-gzip") {
    body = gzipSync(body);
    headers["content-encoding"] = encoding;
  } else if (encoding === "deflate") {
    body = deflateSync(body);
    headers["content-encoding"] = "deflate";
  } else if (encoding === "br") {
    // Quality 5, as a browser or CDN compresses on the fly; the default (11) takes seconds per megabyte.
    body = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    headers["content-encoding"] = "br";
  } else if (encoding === "bogus") {
    headers["content-encoding"] = pick([["zstd", 1], ["gzip, br", 1], ["constructor", 1], ["__proto__", 1], ["compress", 1], ["identity, gzip", 1]]);
  } else if (encoding === "claimed-not-compressed") {
    headers["content-encoding"] = pick([["gzip", 1], ["deflate", 1], ["br", 1]]);
  } else if (encoding === "corrupted") {
    body = Buffer.from(gzipSync(body));
    for (let flips = 1 + Math.floor(random() * 4); flips > 0; flips--) body[Math.floor(random() * body.length)] ^= 1 + Math.floor(random() * 255);
    if (random() < 0.3) body = body.subarray(0, Math.floor(random() * body.length));
    headers["content-encoding"] = "gzip";
  } else if (encoding === "bomb") {
    body = bomb();
    headers["content-encoding"] = "gzip";
  } else if (encoding === "twice-encoded") {
    body = gzipSync(gzipSync(body));
    headers["content-encoding"] = "gzip";
  }
  const transport = pick([["http", 92], ["length-too-long", 2], ["length-too-short", 2], ["bad-chunking", 2], ["method", 2]]);
  const mutation = endpoint === "envelope" || endpoint === "tunnel" ? envelope.kind.split("+")[0] : `(${endpoint} body)`;
  return { labels: { endpoint, mutation, encoding, auth, transport }, path: path + query, headers, body, transport };
}

/** 60 MiB of "{" gzipped to about 60 KB: refused by the decompression ratio, never inflated. */
let bombBody = null;
function bomb() {
  bombBody ??= gzipSync(Buffer.alloc(60 * 1024 * 1024, 0x7b));
  return bombBody;
}

function maybeBase64Deflated(text) {
  return random() < 0.2 ? Buffer.from(deflateSync(Buffer.from(text)).toString("base64")) : Buffer.from(text);
}

// ---- Transport ----------------------------------------------------------------------------------------------

// Idle sockets are closed before the server's keep-alive timeout (5 s) would close them under a new request.
const agent = new Agent({ keepAlive: true, maxSockets: connections, timeout: 4_000 });
let retried = 0;

/** Resolves to a status code, or to a string naming a failure ("error:ECONNRESET", "timeout"). */
function send({ path, headers, body, transport }, isRetry = false) {
  if (transport === "http" || transport === "method") {
    return new Promise((resolve) => {
      const method = transport === "method" ? pick([["GET", 1], ["PUT", 1], ["DELETE", 1], ["PATCH", 1]]) : "POST";
      const outgoing = request({ agent, host: "127.0.0.1", port, path, method, headers: { ...headers, "content-length": body.length }, timeout: requestTimeoutMs }, (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode));
        response.on("error", (error) => resolve(`error:${error.code ?? error.message}`));
      });
      outgoing.on("timeout", () => outgoing.destroy(new Error("timeout")));
      // The server answers a refused body early and closes; the rest of a large body then meets a closed
      // socket. The answer that arrived is what counts.
      outgoing.on("error", (error) => {
        // Node's documented keep-alive race: a reused socket the server closed as the request went out.
        // Sent again once, on a fresh socket; a second reset is a failure.
        if (error.code === "ECONNRESET" && outgoing.reusedSocket && !isRetry) {
          retried += 1;
          resolve(send({ path, headers, body, transport }, true));
        } else resolve(error.message === "timeout" ? "timeout" : `error:${error.code ?? error.message}`);
      });
      outgoing.end(body);
    });
  }
  return sendRaw(path, headers, body, transport);
}

/**
 * Requests Node's client would not send: a Content-Length larger than the body (then the client stops
 * writing), smaller than the body (the rest is garbage for the parser), or chunked framing with bad sizes.
 * The answer may legitimately be none (the server drops a request that never completes): counted apart.
 */
function sendRaw(path, headers, body, transport) {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join("");
    let received = "";
    let settled = false;
    const settle = (outcome) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(outcome);
    };
    socket.setTimeout(requestTimeoutMs, () => settle("timeout"));
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (status) settle(Number(status[1]));
    });
    socket.on("close", () => settle("no answer"));
    socket.on("error", (error) => settle(error.code === "ECONNRESET" ? "no answer (reset)" : `error:${error.code ?? error.message}`));
    socket.on("connect", () => {
      const start = `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n${head}`;
      if (transport === "length-too-long") {
        socket.write(`${start}Content-Length: ${body.length + 1 + Math.floor(random() * 1000)}\r\n\r\n`);
        socket.end(body);
      } else if (transport === "length-too-short") {
        socket.end(Buffer.concat([Buffer.from(`${start}Content-Length: ${Math.floor(random() * body.length)}\r\n\r\n`), body]));
      } else {
        const size = pick([["zz", 1], ["-1", 1], ["ffffffffffffffff", 1], [(body.length + 5).toString(16), 1], ["0", 1]]);
        socket.end(Buffer.concat([Buffer.from(`${start}Transfer-Encoding: chunked\r\n\r\n${size}\r\n`), body, Buffer.from("\r\n0\r\n\r\n")]));
      }
    });
  });
}

// ---- Run ----------------------------------------------------------------------------------------------------

const byStatus = new Map();
/** Per dimension (endpoint, mutation, encoding, auth, transport), per value, answers by status. */
const byLabel = new Map();
const failures = [];
const raw = new Set(["length-too-long", "length-too-short", "bad-chunking"]);
function record(labels, outcome) {
  const key = String(outcome);
  byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
  for (const [dimension, value] of Object.entries(labels)) {
    const values = byLabel.get(dimension) ?? new Map();
    const counts = values.get(value) ?? new Map();
    counts.set(key, (counts.get(key) ?? 0) + 1);
    values.set(value, counts);
    byLabel.set(dimension, values);
  }
  const isFailure = typeof outcome === "number" ? outcome >= 500 : !(raw.has(labels.transport) && outcome.startsWith("no answer"));
  if (isFailure && failures.length < 20) {
    failures.push(`${JSON.stringify(labels)}: ${outcome}`);
    console.log(`  failure: ${failures.at(-1)}`);
  }
  return isFailure;
}

let exitCode = 0;
try {
  await lantern.waitUntilServing();
  console.log(`fuzz: ${count} requests, ${connections} connections, seed ${seed}, ${fixtures.length} fixtures; lantern start on :${port}, log ${logPath}`);
  const startedAt = performance.now();
  let sent = 0;
  let failed = 0;
  let lastReport = startedAt;
  let generationMs = 0;
  const generatorErrors = [];
  for (let batch = 0; sent < count && lantern.exit === null; batch++) {
    const size = Math.min(batchSize, count - sent);
    const generationStartedAt = performance.now();
    let batchEnvelopes, batchStore, batchCsp;
    try {
      batchEnvelopes = fc.sample(envelopes, { numRuns: size, seed: seed * 1_000_003 + batch });
      batchStore = fc.sample(storeEvents, { numRuns: Math.ceil(size / 8), seed: seed * 1_000_033 + batch });
      batchCsp = fc.sample(cspReportText, { numRuns: Math.ceil(size / 8), seed: seed * 1_000_037 + batch });
    } catch (error) {
      // A bug of the generator, not of the server: reported, and the next batch's seed is used instead.
      generatorErrors.push(`batch ${batch}: ${error.message}`);
      console.log(`  generator error (the benchmark's, not the server's) in batch ${batch}: ${error.message}`);
      continue;
    }
    generationMs += performance.now() - generationStartedAt;
    // Generating blocked the event loop: let it see the keep-alive sockets the server closed meanwhile
    // before reusing them (writing into one is a reset of the load generator's making, not the server's).
    await new Promise((resolve) => setImmediate(resolve));
    let next = 0;
    await Promise.all(Array.from({ length: connections }, async () => {
      while (next < size && lantern.exit === null) {
        const index = next++;
        const input = nextRequest(batchEnvelopes[index], batchStore[index % batchStore.length], batchCsp[index % batchCsp.length]);
        if (record(input.labels, await send(input))) failed++;
      }
    }));
    sent += size;
    if (performance.now() - lastReport > 15_000) {
      lastReport = performance.now();
      console.log(`  ${sent} sent in ${((lastReport - startedAt) / 1000).toFixed(0)} s (${Math.round(sent / ((lastReport - startedAt) / 1000))}/s)   failures ${failed}   ${summary(byStatus)}`);
    }
  }
  const seconds = (performance.now() - startedAt) / 1000;
  agent.destroy();

  // The digest thread must get through whatever was accepted, mutated items and all.
  const db = new Database(databasePath, { readonly: true });
  const waiting = () => db.prepare("select count(*) as n from intake where digested_at is null").get().n;
  const drainDeadline = Date.now() + 600_000;
  while (waiting() > 0 && Date.now() < drainDeadline && lantern.exit === null) await new Promise((resolve) => setTimeout(resolve, 500));
  const intake = db.prepare("select count(*) as n, sum(digest_error is not null) as failed, sum(digested_at is null) as waiting from intake").get();
  const events = db.prepare("select count(*) as n from events").get().n;
  const issues = db.prepare("select count(*) as n from issues").get().n;
  db.close();

  const health = await fetch(`http://127.0.0.1:${port}/api/health`).then((response) => response.status, (error) => `error: ${error.message}`);
  const logText = readFileSync(logPath, "utf8");
  const logProblems = logText.split("\n").filter((line) => /uncaught|unhandled|ingest failed|FATAL|Maximum call stack|out of memory/i.test(line));

  console.log(`\nsent ${sent} requests in ${seconds.toFixed(0)} s (${Math.round(sent / seconds)}/s; ${(generationMs / 1000).toFixed(0)} s of it generating mutations, between batches)`);
  console.log(`by status   ${summary(byStatus)}`);
  for (const [dimension, values] of byLabel) {
    console.log(`by ${dimension}`);
    for (const [value, counts] of [...values].sort(([a], [b]) => a.localeCompare(b))) console.log(`  ${value.padEnd(24)} ${summary(counts)}`);
  }
  console.log(`intake      ${intake.n} accepted envelopes; digest recorded problems in ${intake.failed ?? 0}; ${intake.waiting ?? 0} still waiting; ${events} events in ${issues} issues`);
  console.log(`server      ${lantern.exit ? `EXITED ${JSON.stringify(lantern.exit)}` : "running"}   /api/health ${health}   log lines reporting a crash or failed ingest: ${logProblems.length}`);
  const fiveHundreds = [...byStatus].filter(([status]) => Number(status) >= 500).reduce((sum, [, n]) => sum + n, 0);
  console.log(`result      5xx ${fiveHundreds}   transport failures ${failed - fiveHundreds}   crashes ${lantern.exit ? 1 : 0}   (requests sent again after a reset of a reused keep-alive socket: ${retried}; batches skipped for a generator error: ${generatorErrors.length})`);
  for (const line of logProblems.slice(0, 10)) console.log(`  log: ${line.slice(0, 300)}`);
  for (const failure of failures) console.log(`  failure: ${failure}`);
  if (failed > 0 || lantern.exit || health !== 200 || logProblems.length > 0 || (intake.waiting ?? 0) > 0 || sent < count) exitCode = 1;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await lantern.stop({ isPassed: exitCode === 0 });
}
console.log(exitCode === 0 ? "PASS" : "FAIL");
process.exit(exitCode);

function summary(counts) {
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([status, n]) => `${status}: ${n}`).join("   ");
}
