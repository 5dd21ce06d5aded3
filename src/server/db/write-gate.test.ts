import { setTimeout as sleep } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { WriteGate } from "./write-gate";

function gatePair(timings?: { giveUpAfterMs: number; recheckEveryMs: number }) {
  const ingest = WriteGate.create("ingest", timings);
  return { ingest, digest: WriteGate.join(ingest.buffer, "digest", timings) };
}

describe("WriteGate", () => {
  it("lets one writer in at a time", async () => {
    const { ingest, digest } = gatePair();
    let inside = 0;
    let mostInside = 0;
    const write = (gate: WriteGate) =>
      gate.hold(async () => {
        inside += 1;
        mostInside = Math.max(mostInside, inside);
        await sleep(1);
        inside -= 1;
      });
    await Promise.all(Array.from({ length: 20 }, (_, index) => write(index % 2 === 0 ? ingest : digest)));
    expect(mostInside).toBe(1);
  });

  it("takes turns when both wait, so a busy ingest cannot starve digest nor digest ingest", async () => {
    const { ingest, digest } = gatePair();
    const order: string[] = [];
    const write = (gate: WriteGate, name: string) =>
      gate.hold(async () => {
        order.push(name);
        await sleep(2);
      });
    // Ingest asks three times in a row and digest twice while ingest holds: they alternate.
    await Promise.all([write(ingest, "ingest"), write(ingest, "ingest"), write(ingest, "ingest"), write(digest, "digest"), write(digest, "digest")]);
    expect(order).toEqual(["ingest", "digest", "ingest", "digest", "ingest"]);
  });

  it("lets a writer in again at once when the other one is not waiting", async () => {
    const { ingest } = gatePair();
    const startedAt = performance.now();
    for (let round = 0; round < 50; round += 1) await ingest.hold(async () => {});
    expect(performance.now() - startedAt).toBeLessThan(1_000);
  });

  it("wakes a waiter on another thread as soon as the holder lets go, and keeps the waiter's thread serving meanwhile", async () => {
    // No rechecks and no giving up within the test: only the holder's notification can end the wait.
    const { ingest, digest } = gatePair({ giveUpAfterMs: 20_000, recheckEveryMs: 20_000 });
    // A second thread takes the gate through the same shared memory and holds it for 300 ms.
    const holder = new Worker(
      `const { workerData, parentPort } = require("node:worker_threads");
       const state = new Int32Array(workerData);
       while (Atomics.compareExchange(state, 0, 0, 1) !== 0);
       Atomics.store(state, 1, 2);
       parentPort.postMessage("holding");
       Atomics.wait(state, 4, Atomics.load(state, 4), 300);
       Atomics.store(state, 0, 0); Atomics.add(state, 4, 1); Atomics.notify(state, 4);`,
      { eval: true, workerData: digest.buffer },
    );
    await new Promise((resolve) => holder.once("message", resolve));
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 10);
    const waitedFrom = performance.now();
    await ingest.hold(async () => {});
    const waited = performance.now() - waitedFrom;
    clearInterval(ticker);
    await holder.terminate();
    expect(waited).toBeGreaterThan(150);
    expect(waited).toBeLessThan(1_000);
    expect(ticks).toBeGreaterThan(5);
  });

  it("goes ahead on SQLite's own lock when the holder never lets go (its thread died)", async () => {
    const { ingest, digest } = gatePair({ giveUpAfterMs: 200, recheckEveryMs: 20 });
    void digest.hold(() => new Promise(() => {}));
    const startedAt = performance.now();
    let ran = false;
    await ingest.hold(async () => void (ran = true));
    expect(ran).toBe(true);
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(190);
  });
});
