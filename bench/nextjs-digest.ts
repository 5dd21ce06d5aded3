// Per-event cost of deriving the Next.js digest at digest (src/server/digest/derive-nextjs-digest.ts), on the
// server component error the real @sentry/nextjs 10.78 sent (one console breadcrumb that carries the digest)
// and on its worst case: 100 console breadcrumbs (the SDK's maximum), none of which logged the event's error,
// so every crumb's arguments are read. Prints µs per event as the median of 7 rounds after a warm-up.
// Run: npm run bench:nextjs-digest
import { readFileSync } from "node:fs";
import { deriveNextjsDigest } from "../src/server/digest/derive-nextjs-digest";
import { normalizeExceptions } from "../src/server/digest/normalize-exceptions";
import { ErrorCollector } from "../src/server/digest/collect-errors";

type Json = Record<string, unknown>;
const captured = JSON.parse(readFileSync(new URL("../src/server/digest/nextjs-sdk-events/10.x-server-component.json", import.meta.url), "utf8")) as Json;
const [own] = captured.breadcrumbs as Json[];
const logged = ((own!.data as Json).arguments as Json[])[1]!;
const unrelated = Array.from({ length: 100 }, (_, index) => ({ ...own, data: { arguments: ["⨯", { ...logged, message: `another failure ${index}`, digest: String(index) }] } }));
const cases: [string, Json][] = [
  ["server component error, its own breadcrumb", captured],
  ["100 breadcrumbs of other errors (worst case)", { ...captured, breadcrumbs: unrelated }],
];
const eventsPerRound = 20_000;
const rounds = 7;

for (const [name, raw] of cases) {
  const sources = { platform: "node", exceptions: normalizeExceptions(raw.exception, new ErrorCollector()), rawBreadcrumbs: raw.breadcrumbs, rawContexts: raw.contexts };
  const times: number[] = [];
  let found: string | null = null;
  for (let round = 0; round < rounds + 1; round++) {
    const start = performance.now();
    for (let index = 0; index < eventsPerRound; index++) found = deriveNextjsDigest(sources);
    if (round > 0) times.push(((performance.now() - start) * 1000) / eventsPerRound);
  }
  times.sort((a, b) => a - b);
  console.log(`${name}: ${times[Math.floor(times.length / 2)]!.toFixed(2)} µs/event (digest: ${found ?? "none"})`);
}
