import http from "node:http";
import https from "node:https";
import type { AlertMessage, AttemptOutcome, ChannelKind } from "./alert-message";
import { lookupPublicAddress, parseWebhookUrl, refusalOfHost, refusedTargetCode } from "./check-webhook-target";
import { formatDiscord } from "./format-discord";
import { formatSlack } from "./format-slack";
import { formatTeams } from "./format-teams";
import { formatWebhook } from "./format-webhook";
import { signWebhookBody } from "./sign-webhook-body";

export interface ChannelTarget {
  kind: ChannelKind;
  url: string;
  secret: string | null;
}

export interface PostOptions {
  /** The whole attempt — connect, send, answer — ends after this long. */
  timeoutMs: number;
  /** LANTERN_WEBHOOK_ALLOW_PRIVATE: loopback, private and link-local targets are allowed. */
  allowPrivate: boolean;
}

/** Enough of an answer to show why it failed; the rest is never read. */
const maxAnswerBytes = 64 * 1024;
const maxErrorLength = 500;
const maxRetryAfterMs = 24 * 60 * 60 * 1000;

/**
 * One delivery attempt to a notification channel: renders the channel kind's body and POSTs it as JSON.
 * The outcome tells the sender what comes next — 2xx is done; timeouts, network errors, 429 and 5xx are
 * retried (after Retry-After when given); other 4xx, redirects and refused targets are not, since sending
 * the same request again would get the same answer. Redirects are never followed: a public URL could
 * redirect to a private one.
 */
export async function postToChannel(channel: ChannelTarget, message: AlertMessage, deliveryId: string, options: PostOptions): Promise<AttemptOutcome> {
  const url = parseWebhookUrl(channel.url);
  if (typeof url === "string") return { ok: false, responseCode: null, error: url, retry: false };
  const refusal = options.allowPrivate ? null : refusalOfHost(url.hostname);
  if (refusal) return { ok: false, responseCode: null, error: refusal, retry: false };

  const body = Buffer.from(JSON.stringify(renderChannelBody(channel.kind, message, deliveryId)));
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "Content-Length": String(body.length),
    "User-Agent": "Lantern-Alerts",
    "Lantern-Delivery": deliveryId,
    "Lantern-Event": message.reason,
  };
  if (channel.kind === "webhook" && channel.secret) headers["Lantern-Signature"] = signWebhookBody(body, channel.secret);
  return sendRequest(url, headers, body, options);
}

export function renderChannelBody(kind: ChannelKind, message: AlertMessage, deliveryId: string): unknown {
  switch (kind) {
    case "slack":
      return formatSlack(message);
    case "discord":
      return formatDiscord(message);
    case "msteams":
      return formatTeams(message);
    case "webhook":
      return formatWebhook(message, deliveryId);
  }
}

function sendRequest(url: URL, headers: Record<string, string>, body: Buffer, options: PostOptions): Promise<AttemptOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(outcome);
    };
    const transport = url.protocol === "https:" ? https : http;
    // agent: false — one connection per attempt, so no pooled socket outlives it or skips the guarded lookup.
    const request = transport.request(url, { method: "POST", headers, agent: false, ...(options.allowPrivate ? {} : { lookup: lookupPublicAddress }) });
    // One deadline for the whole attempt: a receiver that accepts and then answers a byte a minute still ends.
    const timer = setTimeout(() => finish({ ok: false, responseCode: null, error: `No answer within ${options.timeoutMs} ms.`, retry: true }), options.timeoutMs);

    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === refusedTargetCode) finish({ ok: false, responseCode: null, error: error.message, retry: false });
      else finish({ ok: false, responseCode: null, error: clip(`Could not deliver: ${error.code ? `${error.code} ` : ""}${error.message}`), retry: true });
    });
    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 200 && status < 300) return finish({ ok: true, responseCode: status });
      if (status >= 300 && status < 400) return finish({ ok: false, responseCode: status, error: `HTTP ${status}: redirects are not followed; use the final URL.`, retry: false });
      const chunks: Buffer[] = [];
      let received = 0;
      const answer = () => {
        const text = Buffer.concat(chunks).subarray(0, maxAnswerBytes).toString("utf8").replace(/\s+/g, " ").trim();
        const isRetried = status === 429 || status >= 500;
        const retryAfterMs = isRetried ? parseRetryAfter(response.headers["retry-after"]) : undefined;
        finish({ ok: false, responseCode: status, error: clip(`HTTP ${status}${text ? `: ${text}` : ""}`), retry: isRetried, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) });
      };
      response.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.length;
        if (received >= maxAnswerBytes) answer();
      });
      response.on("end", answer);
      response.on("error", answer);
    });
    request.end(body);
  });
}

/** Retry-After as delay-seconds or an HTTP date (RFC 9110 §10.2.3), in ms from now, at most 24 h. */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.min(Math.round(Number(trimmed) * 1000), maxRetryAfterMs);
  // An HTTP date names its weekday and month; Date.parse alone would take "-5" for a year.
  const date = /[a-z]{3}/i.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  if (Number.isNaN(date)) return undefined;
  return Math.min(Math.max(date - now, 0), maxRetryAfterMs);
}

function clip(text: string): string {
  return text.length <= maxErrorLength ? text : `${text.slice(0, maxErrorLength - 1)}…`;
}
