import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { exampleAlertMessage } from "../../../tests/support/alert-message-example";
import type { ChannelKind } from "./alert-message";
import { formatDiscord } from "./format-discord";
import { formatSlack } from "./format-slack";
import { formatTeams } from "./format-teams";
import { formatWebhook } from "./format-webhook";
import { parseRetryAfter, postToChannel } from "./post-to-channel";
import { verifyWebhookSignature } from "./sign-webhook-body";

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A real HTTP receiver on 127.0.0.1 that records each request and answers with `respond`. */
async function startReceiver(respond: (request: http.IncomingMessage, response: http.ServerResponse, received: Received[]) => void) {
  const received: Received[] = [];
  const sockets = new Set<import("node:net").Socket>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ method: request.method ?? "", url: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks) });
      respond(request, response, received);
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const receiver = {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    openSockets: () => sockets.size,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  receivers.push(receiver);
  return receiver;
}

const receivers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

const message = exampleAlertMessage();
const local = { timeoutMs: 5000, allowPrivate: true };

describe("postToChannel", () => {
  it.each([
    ["slack", formatSlack(message)],
    ["discord", formatDiscord(message)],
    ["msteams", formatTeams(message)],
    ["webhook", formatWebhook(message, "d-42")],
  ] as const)("POSTs the %s body as JSON with the delivery headers", async (kind, expected) => {
    const receiver = await startReceiver((_request, response) => response.writeHead(204).end());
    const outcome = await postToChannel({ kind: kind as ChannelKind, url: receiver.url, secret: null }, message, "d-42", local);
    expect(outcome).toEqual({ ok: true, responseCode: 204 });
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request!.method).toBe("POST");
    expect(request!.url).toBe("/hook");
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.headers["user-agent"]).toBe("Lantern-Alerts");
    expect(request!.headers["lantern-delivery"]).toBe("d-42");
    expect(request!.headers["lantern-event"]).toBe("new");
    expect(request!.headers["lantern-signature"]).toBeUndefined();
    expect(JSON.parse(request!.body.toString("utf8"))).toEqual(expected);
  });

  it("signs the generic webhook body with the channel secret (and only the generic webhook)", async () => {
    const receiver = await startReceiver((_request, response) => response.writeHead(200).end("ok"));
    expect(await postToChannel({ kind: "webhook", url: receiver.url, secret: "channel-secret" }, message, "d-7", local)).toEqual({ ok: true, responseCode: 200 });
    expect(await postToChannel({ kind: "slack", url: receiver.url, secret: "channel-secret" }, message, "d-8", local)).toEqual({ ok: true, responseCode: 200 });
    const [webhook, slack] = receiver.received;
    const signature = String(webhook!.headers["lantern-signature"]);
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(webhook!.body, "channel-secret", signature)).toBe(true);
    expect(verifyWebhookSignature(webhook!.body, "another-secret", signature)).toBe(false);
    expect(slack!.headers["lantern-signature"]).toBeUndefined();
  });

  it("retries a 503, with the receiver's Retry-After in seconds", async () => {
    const receiver = await startReceiver((_request, response) => response.writeHead(503, { "Retry-After": "120" }).end("maintenance"));
    expect(await postToChannel({ kind: "webhook", url: receiver.url, secret: null }, message, "d-1", local)).toEqual({ ok: false, responseCode: 503, error: "HTTP 503: maintenance", retry: true, retryAfterMs: 120_000 });
  });

  it("retries a 429 with Retry-After as an HTTP date, and caps Retry-After at 24 hours", async () => {
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    const receiver = await startReceiver((_request, response, received) => response.writeHead(429, { "Retry-After": received.length === 1 ? inAMinute : "999999" }).end());
    const first = await postToChannel({ kind: "discord", url: receiver.url, secret: null }, message, "d-1", local);
    expect(first).toMatchObject({ ok: false, responseCode: 429, retry: true });
    expect(!first.ok && first.retryAfterMs).toBeGreaterThan(55_000);
    expect(!first.ok && first.retryAfterMs).toBeLessThanOrEqual(60_000);
    expect(await postToChannel({ kind: "discord", url: receiver.url, secret: null }, message, "d-1", local)).toMatchObject({ retry: true, retryAfterMs: 24 * 60 * 60 * 1000 });
  });

  it("does not retry a 400, and keeps the receiver's reason", async () => {
    const receiver = await startReceiver((_request, response) => response.writeHead(400, { "Content-Type": "text/plain" }).end("invalid_blocks\n"));
    expect(await postToChannel({ kind: "slack", url: receiver.url, secret: null }, message, "d-1", local)).toEqual({ ok: false, responseCode: 400, error: "HTTP 400: invalid_blocks", retry: false });
  });

  it("does not follow a redirect, nor retry it", async () => {
    const target = await startReceiver((_request, response) => response.writeHead(200).end());
    const receiver = await startReceiver((_request, response) => response.writeHead(302, { Location: target.url }).end());
    const outcome = await postToChannel({ kind: "webhook", url: receiver.url, secret: null }, message, "d-1", local);
    expect(outcome).toEqual({ ok: false, responseCode: 302, error: "HTTP 302: redirects are not followed; use the final URL.", retry: false });
    expect(target.received).toHaveLength(0);
  });

  it("gives up at the timeout and retries later", async () => {
    const receiver = await startReceiver(() => {
      // never answers
    });
    const outcome = await postToChannel({ kind: "webhook", url: receiver.url, secret: null }, message, "d-1", { timeoutMs: 300, allowPrivate: true });
    expect(outcome).toEqual({ ok: false, responseCode: null, error: "No answer within 300 ms.", retry: true });
  });

  it("reads at most 64 KB of an endless answer, hangs up, and keeps 500 characters of it", async () => {
    let sent = 0;
    const receiver = await startReceiver((_request, response) => {
      response.writeHead(500, { "Content-Type": "text/plain" });
      const chunk = Buffer.alloc(16 * 1024, "x");
      const pump = () => {
        for (let isFlowing = true; isFlowing && !response.destroyed; ) {
          isFlowing = response.write(chunk);
          sent += chunk.length;
        }
      };
      response.on("drain", pump);
      pump();
    });
    const outcome = await postToChannel({ kind: "webhook", url: receiver.url, secret: null }, message, "d-1", { timeoutMs: 10_000, allowPrivate: true });
    expect(outcome).toMatchObject({ ok: false, responseCode: 500, retry: true });
    expect(!outcome.ok && outcome.error.length).toBeLessThanOrEqual(500);
    expect(!outcome.ok && outcome.error).toMatch(/^HTTP 500: x+…$/);
    // Lantern hung up: the receiver's connection closes although its answer never ends.
    await expect.poll(() => receiver.openSockets(), { timeout: 5000 }).toBe(0);
    expect(sent).toBeGreaterThan(64 * 1024);
  });

  it("retries when nothing listens", async () => {
    const receiver = await startReceiver((_request, response) => response.end());
    const url = receiver.url;
    await receiver.close();
    const outcome = await postToChannel({ kind: "webhook", url, secret: null }, message, "d-1", local);
    expect(outcome).toMatchObject({ ok: false, responseCode: null, retry: true });
    expect(!outcome.ok && outcome.error).toContain("ECONNREFUSED");
  });

  it("refuses a loopback target without LANTERN_WEBHOOK_ALLOW_PRIVATE, by address and by name, and sends nothing", async () => {
    const receiver = await startReceiver((_request, response) => response.end());
    const strict = { timeoutMs: 5000, allowPrivate: false };
    for (const url of [receiver.url, `http://localhost:${receiver.port}/hook`, `http://[::ffff:127.0.0.1]:${receiver.port}/hook`]) {
      const outcome = await postToChannel({ kind: "webhook", url, secret: null }, message, "d-1", strict);
      expect(outcome).toMatchObject({ ok: false, responseCode: null, retry: false });
      expect(!outcome.ok && outcome.error).toMatch(/loopback address; such targets are refused unless LANTERN_WEBHOOK_ALLOW_PRIVATE=true/);
    }
    expect(await postToChannel({ kind: "webhook", url: "ftp://example.com/", secret: null }, message, "d-1", strict)).toMatchObject({ ok: false, retry: false });
    expect(receiver.received).toHaveLength(0);
  });
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2026-11-25T10:00:00Z");
  it("reads seconds and HTTP dates, never below 0 or above 24 hours", () => {
    expect(parseRetryAfter("30", now)).toBe(30_000);
    expect(parseRetryAfter("1.5", now)).toBe(1500);
    expect(parseRetryAfter("Wed, 25 Nov 2026 10:02:00 GMT", now)).toBe(120_000);
    expect(parseRetryAfter("Wed, 25 Nov 2026 09:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter(String(3 * 24 * 3600), now)).toBe(24 * 3600 * 1000);
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter("-5", now)).toBeUndefined();
  });
});
