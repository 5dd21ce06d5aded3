// An open-loop load at a fixed rate: request i is due at start + i / rate, and is sent then whether or not
// earlier ones were answered (over up to `connections` keep-alive sockets; beyond that it waits in the
// agent's queue). Its latency is counted from when it was due, so a stalled server is not flattered by
// requests that were never sent (no coordinated omission).
//
// autocannon's `overallRate` is not this: each connection sends its whole per-second quota back to back at
// the top of every second and then waits, so "1,000/s" arrives as one burst of 1,000 requests a second;
// and it corrects for coordinated omission with an interval of ceil(1 / rate) = 1 ms, which records a
// response of n ms n times. bench/ingest.mjs used it until 2026-11-23 (docs/performance.md).
import { Agent, request } from "node:http";

/**
 * `bodyAt(index)` instead of `bodies` makes each body when it is due (a long run would not fit in memory);
 * `onAnswer(index, status)` hears each answer (status 0: the request failed).
 * @param {{ url: string, bodies?: Buffer[], bodyAt?: (index: number) => Buffer, onAnswer?: (index: number, status: number) => void, rate: number, seconds: number, connections?: number, headers?: Record<string, string> }} options
 * @returns {Promise<{ sent: number, non2xx: number, errors: number, p50: number, p99: number, max: number }>}
 */
export async function pacedLoad({ url, bodies, bodyAt = (index) => bodies[index % bodies.length], onAnswer, rate, seconds, connections = 32, headers = {} }) {
  // Idle sockets close on this side before the server's keep-alive timeout (5 s) closes them under a new
  // request, which would count as a failed request of the load generator's making.
  const agent = new Agent({ keepAlive: true, maxSockets: connections, timeout: 4_000 });
  const target = new URL(url);
  const total = Math.round(rate * seconds);
  const latencies = [];
  let non2xx = 0;
  let errors = 0;
  let sent = 0;
  const startedAt = performance.now();

  const send = (index) =>
    new Promise((resolve) => {
      const dueAt = startedAt + (index * 1000) / rate;
      const body = bodyAt(index);
      const outgoing = request(
        { agent, host: target.hostname, port: target.port, path: target.pathname + target.search, method: "POST", headers: { ...headers, "content-length": body.length } },
        (response) => {
          response.resume();
          response.on("end", () => {
            if (response.statusCode < 200 || response.statusCode >= 300) non2xx += 1;
            latencies.push(performance.now() - dueAt);
            onAnswer?.(index, response.statusCode);
            resolve();
          });
        },
      );
      outgoing.on("error", () => {
        errors += 1;
        onAnswer?.(index, 0);
        resolve();
      });
      outgoing.end(body);
    });

  const pending = [];
  await new Promise((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - startedAt) * rate) / 1000) + 1);
      while (sent < due) pending.push(send(sent++));
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  await Promise.all(pending);
  agent.destroy();

  latencies.sort((a, b) => a - b);
  const at = (fraction) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(fraction * latencies.length))] ?? 0);
  return { sent, non2xx, errors, p50: at(0.5), p99: at(0.99), max: Math.round(latencies.at(-1) ?? 0) };
}
