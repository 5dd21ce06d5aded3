import http from "node:http";
import https from "node:https";
import type { UptimeFailureReason, UptimeMethod } from "@/lib/views/uptime";
import { lookupPublicAddress, parseWebhookUrl, refusalOfHost, refusedTargetCode } from "../alerts/check-webhook-target";

export interface UptimeRequest {
  url: string;
  method: UptimeMethod;
  headers: [string, string][];
  body: string | null;
  timeoutMs: number;
  expectedStatusMin: number;
  expectedStatusMax: number;
}

export interface UptimeResult {
  status: "success" | "failure";
  reason: UptimeFailureReason | null;
  httpStatus: number | null;
  durationMs: number;
}

const tlsErrorCode = /CERT|TLS|SSL|EPROTO|UNABLE_TO|SELF_SIGNED|HOSTNAME_MISMATCH/;
const dnsErrorCodes = new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_FAIL", "ENODATA", "EAI_NONAME"]);

/**
 * One check: the request, with one deadline for connect and answer. The check ends at the answer's status
 * line (its body is not read), so latency is time to the first byte of the answer. Redirects are not followed
 * (a public URL could redirect to a private address): a 3xx is judged by the expected range like any status.
 * The target's addresses are checked again at connect time, as webhooks' are: a name that resolves to a
 * private address now (DNS changed since the monitor was saved) is "refused", unless private targets are allowed.
 */
export function checkUptimeTarget(request: UptimeRequest, allowPrivate: boolean): Promise<UptimeResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = parseWebhookUrl(request.url, "uptime monitor");
  if (typeof url === "string" || (!allowPrivate && refusalOfHost(url.hostname, "uptime monitor"))) {
    return Promise.resolve({ status: "failure", reason: "refused", httpStatus: null, durationMs: 0 });
  }
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: UptimeResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outgoing.destroy();
      resolve(result);
    };
    const transport = url.protocol === "https:" ? https : http;
    const headers: Record<string, string> = { "User-Agent": "LanternUptimeBot/1.0 (uptime monitor)" };
    for (const [name, value] of request.headers) headers[name] = value;
    const body = request.body === null ? undefined : Buffer.from(request.body);
    if (body) headers["Content-Length"] = String(body.length);
    // agent: false — one connection per check, so no pooled socket skips the guarded lookup.
    const outgoing = transport.request(url, { method: request.method, headers, agent: false, ...(allowPrivate ? {} : { lookup: lookupPublicAddress }) });
    const timer = setTimeout(() => finish({ status: "failure", reason: "timeout", httpStatus: null, durationMs: elapsed() }), request.timeoutMs);
    outgoing.on("error", (error: NodeJS.ErrnoException) => finish({ status: "failure", reason: reasonOf(error), httpStatus: null, durationMs: elapsed() }));
    outgoing.on("response", (response) => {
      const status = response.statusCode ?? 0;
      const isExpected = status >= request.expectedStatusMin && status <= request.expectedStatusMax;
      response.resume();
      finish({ status: isExpected ? "success" : "failure", reason: isExpected ? null : "status", httpStatus: status, durationMs: elapsed() });
    });
    outgoing.end(body);
  });
}

function reasonOf(error: NodeJS.ErrnoException): UptimeFailureReason {
  const code = error.code ?? "";
  if (code === refusedTargetCode) return "refused";
  if (dnsErrorCodes.has(code)) return "dns";
  if (tlsErrorCode.test(code) || /certificate|tls|ssl/i.test(error.message)) return "tls";
  return "connect";
}
