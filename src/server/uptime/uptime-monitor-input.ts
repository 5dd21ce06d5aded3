import { z } from "zod";
import { uptimeIntervals, uptimeMethods } from "@/lib/views/uptime";
import { assertPublicWebhookUrl } from "../alerts/check-webhook-target";
import type { LanternConfig } from "../config";
import { AppError } from "../errors";

/** Sentry's limit: the request line, the headers and the body of one check together. */
export const maxRequestBytes = 1000;
const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** A monitor's fields as the API (camelCase, Sentry's names) and the form send them. */
export const UptimeMonitorFields = z.object({
  url: z.string().trim().min(1, "url: give the URL to check").max(255, "url: at most 255 characters"),
  name: z.string().trim().min(1, "name: give the monitor a name").max(128, "name: at most 128 characters"),
  intervalSeconds: z.coerce
    .number()
    .refine((value) => (uptimeIntervals as readonly number[]).includes(value), `intervalSeconds: one of ${uptimeIntervals.join(", ")}`),
  timeoutMs: z.coerce.number().int("timeoutMs: whole milliseconds").min(1000, "timeoutMs: at least 1000").max(60_000, "timeoutMs: at most 60000"),
  method: z.enum(uptimeMethods, { message: `method: one of ${uptimeMethods.join(", ")}` }),
  headers: z
    .array(z.tuple([z.string().regex(headerName, "headers: a header name is letters, digits and -"), z.string().regex(/^[^\r\n]*$/, "headers: a header value is one line")]), {
      message: "headers: a list of [name, value] pairs",
    })
    .max(30, "headers: at most 30"),
  body: z.string().nullable(),
  status: z.enum(["active", "disabled"], { message: "status: active or disabled" }),
  environment: z.string().trim().max(64, "environment: at most 64 characters").nullable(),
  downtimeThreshold: z.coerce.number().int().min(1, "downtimeThreshold: at least 1").max(100, "downtimeThreshold: at most 100"),
  recoveryThreshold: z.coerce.number().int().min(1, "recoveryThreshold: at least 1").max(100, "recoveryThreshold: at most 100"),
  expectedStatusMin: z.coerce.number().int().min(100, "expectedStatusMin: 100–599").max(599, "expectedStatusMin: 100–599"),
  expectedStatusMax: z.coerce.number().int().min(100, "expectedStatusMax: 100–599").max(599, "expectedStatusMax: 100–599"),
  showOnStatusPage: z.boolean(),
});
export type UptimeMonitorFields = z.infer<typeof UptimeMonitorFields>;

/** What a new monitor gets for what was not given (Sentry's defaults: GET, 3 failures down, 1 success up). */
export const uptimeDefaults: Omit<UptimeMonitorFields, "name" | "url" | "intervalSeconds"> = {
  timeoutMs: 5000,
  method: "GET",
  headers: [],
  body: null,
  status: "active",
  environment: null,
  downtimeThreshold: 3,
  recoveryThreshold: 1,
  expectedStatusMin: 200,
  expectedStatusMax: 299,
  showOnStatusPage: false,
};

/**
 * Parses what was sent over `base` (the defaults, or the monitor being changed) and checks the whole: the
 * status range, the request size, and the target against the same SSRF policy as webhooks (its host must not
 * be or resolve to a loopback, private or link-local address unless LANTERN_WEBHOOK_ALLOW_PRIVATE is set).
 */
export async function parseUptimeMonitorFields(config: LanternConfig, input: Record<string, unknown>, base: Partial<UptimeMonitorFields>): Promise<UptimeMonitorFields> {
  const given = Object.fromEntries(Object.entries(input).filter(([key, value]) => key in UptimeMonitorFields.shape && value !== undefined));
  if (typeof given.url === "string" && base.name === undefined && given.name === undefined) given.name = `Uptime Monitoring for ${given.url.trim()}`.slice(0, 128);
  const parsed = UptimeMonitorFields.safeParse({ ...base, ...given });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? "monitor");
    // Messages of this schema name their field; zod's own ("expected string, received undefined") do not.
    throw new AppError("bad_request", issue ? (issue.message.startsWith(`${field}:`) ? issue.message : `${field}: ${issue.message}`) : "This uptime monitor cannot be saved.");
  }
  const fields = { ...parsed.data, environment: parsed.data.environment || null, body: parsed.data.body || null };
  if (fields.expectedStatusMin > fields.expectedStatusMax) throw new AppError("bad_request", "expectedStatusMin: must not be above expectedStatusMax");
  if (requestBytes(fields) > maxRequestBytes) throw new AppError("bad_request", `The request (method, URL, headers and body) must be at most ${maxRequestBytes} bytes.`);
  await assertPublicWebhookUrl(fields.url, config.alerts.allowPrivateTargets, "uptime monitor");
  return fields;
}

function requestBytes(fields: UptimeMonitorFields): number {
  const line = `${fields.method} ${fields.url} HTTP/1.1\r\n`;
  const headers = fields.headers.map(([name, value]) => `${name}: ${value}\r\n`).join("");
  return Buffer.byteLength(line + headers + (fields.body ?? ""));
}
