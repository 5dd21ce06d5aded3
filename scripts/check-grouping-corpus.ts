/**
 * Compares Lantern's grouping with the hashes Sentry recorded for `newstyle:2023-01-11` (the shared grouping
 * corpus, sentry-protocol §7.1). Not part of the test suite: the corpus is not in this repository (its
 * licence is not established), so this reads it from where it lies.
 *
 *   npx tsx scripts/check-grouping-corpus.ts [dir]     (default: ../shared/grouping-corpus/cases)
 *
 * Each case's event is stripped of `_`-prefixed keys (test-harness settings, not event data), normalized
 * like an ingested event, and grouped without project rules. Every expected variant must be present with
 * the same hash (or null); variants Sentry did not produce must be absent.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { normalizeEvent } from "../src/server/digest/normalize-event";
import { isRecord, type JsonObject } from "../src/lib/json-values";
import { computeGrouping, emptyGroupingConfig } from "../src/server/grouping/compute-grouping";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dir = path.resolve(repoRoot, process.argv[2] ?? "../shared/grouping-corpus/cases");

function checkCase(file: string): string[] {
  const data: unknown = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
  if (!isRecord(data) || !isRecord(data.event) || !isRecord(data.expected)) return ["not a corpus case (needs event and expected)"];
  const raw: JsonObject = {};
  for (const [key, value] of Object.entries(data.event)) if (!key.startsWith("_")) raw[key] = value;
  const { event } = normalizeEvent(raw, { receivedAt: Date.now() });
  const actual = new Map(computeGrouping(event, emptyGroupingConfig).variants.map((variant) => [variant.key, variant.hash]));
  const differences: string[] = [];
  for (const [key, expected] of Object.entries(data.expected)) {
    if (!actual.has(key)) differences.push(`${key}: expected ${expected ?? "null"}, variant missing`);
    else if (actual.get(key) !== expected) differences.push(`${key}: expected ${expected ?? "null"}, got ${actual.get(key) ?? "null"}`);
  }
  for (const [key, hash] of actual) {
    if (!(key in data.expected)) differences.push(`${key}: not produced by Sentry, got ${hash ?? "null"}`);
  }
  return differences;
}

const files = readdirSync(dir).filter((name) => name.endsWith(".json")).sort();
let agreeing = 0;
for (const file of files) {
  let differences: string[];
  try {
    differences = checkCase(file);
  } catch (error) {
    differences = [`error: ${error instanceof Error ? error.message : String(error)}`];
  }
  if (differences.length === 0) agreeing++;
  console.log(`${differences.length === 0 ? "agree " : "differ"}  ${file.replace(/\.json$/, "")}`);
  for (const difference of differences) console.log(`          ${difference}`);
}
console.log(`${agreeing} of ${files.length} cases agree`);
