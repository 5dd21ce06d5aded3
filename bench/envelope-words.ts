// What issue 26's Received words cost at ingest: inspectEnvelope on a session update and on a client report
// (the real @sentry/node envelopes in tests/fixtures/envelopes), with and without describing the item in words.
// CPU per envelope, median of 5 rounds of 20,000 calls each. Run: npm run bench:envelope-words
import { readFileSync } from "node:fs";
import { describeItem } from "../src/lib/describe-envelope-items";
import { readJsonObject } from "../src/lib/read-json-object";
import { loadConfig } from "../src/server/config";
import { inspectEnvelope } from "../src/server/ingest/inspect-envelope";
import { parseEnvelope } from "../src/server/ingest/parse-envelope";

const limits = loadConfig({ DATABASE_URL: "file:/tmp/unused.db" }).ingest;
const calls = 20_000;

function microsecondsPerCall(work: () => void): number {
  const rounds: number[] = [];
  for (let round = 0; round < 5; round++) {
    const started = process.cpuUsage();
    for (let index = 0; index < calls; index++) work();
    const used = process.cpuUsage(started);
    rounds.push((used.user + used.system) / calls);
  }
  return rounds.sort((a, b) => a - b)[2]!;
}

for (const name of ["node-session", "node-client-report"]) {
  const envelope = parseEnvelope(readFileSync(`tests/fixtures/envelopes/${name}.envelope`));
  const item = envelope.items[0]!;
  const value = readJsonObject(item.payload)!;
  const inspect = microsecondsPerCall(() => inspectEnvelope(envelope, limits));
  const words = microsecondsPerCall(() => describeItem(item.header.type, value));
  console.log(`${name}: inspectEnvelope ${inspect.toFixed(2)} µs per envelope, of which describeItem ${words.toFixed(2)} µs; words: ${JSON.stringify(describeItem(item.header.type, value))}`);
}
