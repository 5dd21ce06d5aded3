// Per-event cost of digest's CPU steps on the realistic envelope of bench/ingest (24 frames, 30 breadcrumbs)
// and on a 250-frame stack (the most frames normalization keeps): JSON parse + normalization, grouping
// (built-in stack-trace rules, components, hashes), and payload storage (JSON + deflate); data scrubbing
// (default settings) is timed on its own, on a parsed copy. Prints µs per
// event as the median of several rounds after a warm-up, so one slow round does not decide the figure.
// Run: npm run bench:digest-steps
import { constants, deflateSync } from "node:zlib";
import { normalizeEvent } from "../src/server/digest/normalize-event";
import { defaultScrubSettings, scrubEvent } from "../src/server/digest/scrub-event";
import { computeGrouping, emptyGroupingConfig } from "../src/server/grouping/compute-grouping";
import { parseEnvelope } from "../src/server/ingest/parse-envelope";
import { realisticEnvelope } from "./realistic-envelope.mjs";

const dsn = "http://0123456789abcdef0123456789abcdef@localhost/1";
const eventsPerRound = 2000;
const rounds = 7;

function payloadOf(envelope: Uint8Array): string {
  return new TextDecoder().decode(parseEnvelope(envelope).items[0]!.payload);
}

function deepStack(payload: string): string {
  const event = JSON.parse(payload) as { exception: { values: { stacktrace: { frames: unknown[] } }[] } };
  const frames = event.exception.values[0]!.stacktrace.frames;
  event.exception.values[0]!.stacktrace.frames = Array.from({ length: 250 }, (_, index) => ({ ...(frames[index % frames.length] as object), lineno: index + 1 }));
  return JSON.stringify(event);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function measure(name: string, payload: string): void {
  const times = { scrub: [] as number[], normalize: [] as number[], grouping: [] as number[], store: [] as number[] };
  for (let round = 0; round < rounds + 1; round++) {
    const parsed = Array.from({ length: eventsPerRound }, () => JSON.parse(payload) as Record<string, unknown>);
    let start = performance.now();
    for (const event of parsed) scrubEvent(event, defaultScrubSettings);
    const scrub = (performance.now() - start) / eventsPerRound;
    start = performance.now();
    const events = [];
    for (let index = 0; index < eventsPerRound; index++) events.push(normalizeEvent(JSON.parse(payload), { receivedAt: Date.now() }).event);
    const normalize = (performance.now() - start) / eventsPerRound;
    start = performance.now();
    for (const event of events) computeGrouping(event, emptyGroupingConfig);
    const grouping = (performance.now() - start) / eventsPerRound;
    start = performance.now();
    for (const event of events) deflateSync(JSON.stringify(event), { level: constants.Z_BEST_SPEED });
    const store = (performance.now() - start) / eventsPerRound;
    if (round === 0) continue; // warm-up
    times.scrub.push(scrub * 1000);
    times.normalize.push(normalize * 1000);
    times.grouping.push(grouping * 1000);
    times.store.push(store * 1000);
  }
  const [scrub, normalize, grouping, store] = [median(times.scrub), median(times.normalize), median(times.grouping), median(times.store)];
  const total = scrub + normalize + grouping + store;
  console.log(`${name.padEnd(22)} scrub ${scrub.toFixed(0).padStart(4)} µs   parse+normalize ${normalize.toFixed(0).padStart(5)} µs   grouping ${grouping.toFixed(0).padStart(5)} µs   JSON+deflate ${store.toFixed(0).padStart(4)} µs   total ${total.toFixed(0).padStart(5)} µs/event`);
}

const realistic = payloadOf(realisticEnvelope(dsn));
measure("realistic (24 frames)", realistic);
measure("deep (250 frames)", deepStack(realistic));
