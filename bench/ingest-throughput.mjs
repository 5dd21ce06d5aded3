#!/usr/bin/env node
// Envelope ingest throughput: Lantern's POST /api/{id}/envelope/ (production build, SQLite) against a bare
// Node http server that only reads, gunzips and JSON-parses the same body. Both run here, one after the
// other, loaded by autocannon from this process; compare the ratio, not the absolute numbers.
//
//   npx next build && node bench/ingest-throughput.mjs [envelope file] [seconds] [connections]
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import autocannon from "autocannon";

const [fixture = "tests/fixtures/envelopes/browser-nextjs-unhandled-error.envelope", seconds = "10", connections = "32"] = process.argv.slice(2);
const captured = readFileSync(fixture);
const lanternPort = 3290;
const baselinePort = 3291;

/** The captured envelope, its header's dsn (if any) replaced by the bench project's, so auth agrees. */
function withDsn(bytes, dsn) {
  const end = bytes.indexOf(0x0a);
  const header = JSON.parse(bytes.subarray(0, end).toString("utf8"));
  if (header.dsn) header.dsn = dsn;
  return Buffer.concat([Buffer.from(JSON.stringify(header)), bytes.subarray(end)]);
}

let body = gzipSync(captured);

function load(url) {
  return autocannon({ url, method: "POST", body, headers: { "content-encoding": "gzip" }, connections: Number(connections), duration: Number(seconds) });
}

function describe(name, result) {
  return `${name.padEnd(10)} ${String(Math.round(result.requests.average)).padStart(7)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   non-2xx ${result.non2xx}   errors ${result.errors}`;
}

const baseline = createServer((request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    const text = gunzipSync(Buffer.concat(chunks)).toString("utf8");
    for (const line of text.split("\n")) if (line.startsWith("{")) JSON.parse(line);
    response.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
});
await new Promise((resolve) => baseline.listen(baselinePort, "127.0.0.1", resolve));
const baselineResult = await load(`http://127.0.0.1:${baselinePort}/api/1/envelope/`);
baseline.close();

const directory = mkdtempSync(join(tmpdir(), "lantern-bench-"));
const env = { ...process.env, PORT: String(lanternPort), HOST: "127.0.0.1", DATABASE_URL: `file:${join(directory, "lantern.db")}`, LANTERN_URL: `http://127.0.0.1:${lanternPort}`, LANTERN_SELF_TRACES_SAMPLE_RATE: "0" };
const dsn = execFileSync(process.execPath, ["cli/lantern.mjs", "project", "create", "bench"], { env, encoding: "utf8" }).trim();
const [, publicKey, projectId] = /^http:\/\/(\w+)@[^/]+\/(\d+)$/.exec(dsn);
const envelope = withDsn(captured, dsn);
body = gzipSync(envelope);
const server = spawn(process.execPath, ["cli/lantern.mjs", "start"], { env, stdio: "ignore" });
try {
  for (let attempt = 0; ; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${lanternPort}/projects`)).ok) break;
    } catch {
      if (attempt > 200) throw new Error("lantern start did not answer");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const lanternResult = await load(`http://127.0.0.1:${lanternPort}/api/${projectId}/envelope/?sentry_key=${publicKey}&sentry_version=7`);
  console.log(`envelope: ${fixture} (${envelope.length} bytes, ${body.length} gzipped), ${connections} connections, ${seconds} s each`);
  console.log(describe("baseline", baselineResult));
  console.log(describe("lantern", lanternResult));
  console.log(`ratio lantern/baseline: ${(lanternResult.requests.average / baselineResult.requests.average).toFixed(2)}`);
} finally {
  server.kill("SIGTERM");
  rmSync(directory, { recursive: true, force: true });
}
