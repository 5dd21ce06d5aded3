import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { inflateSync, type Gzip, type BrotliCompress } from "node:zlib";
import type { Kysely } from "kysely";
import type { Database } from "@/server/db/schema";
import type { IngestServer } from "./start-ingest-server";

/**
 * Helpers of the ingest tests in tests/ingest: run the real @sentry/node in a child process, talk to the
 * real ingest server over HTTP, read back what digest stored.
 */

export interface ScriptRun {
  /** Exit code (null when killed by a signal). */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** The JSON line the script reported on stdout (tests/fixtures/sdk-scripts/init-from-environment.mjs). */
  facts: Record<string, unknown>;
}

export function sdkScriptPath(name: string): string {
  return fileURLToPath(new URL(`../fixtures/sdk-scripts/${name}`, import.meta.url));
}

/** The line of a script that carries `marker` (e.g. "@throw-site"), 1-based as stack frames count. */
export function lineOfMarker(scriptName: string, marker: string): number {
  const lines = readFileSync(sdkScriptPath(scriptName), "utf8").split("\n");
  const index = lines.findIndex((line) => line.includes(marker));
  if (index === -1) throw new Error(`${scriptName} has no line marked ${marker}`);
  return index + 1;
}

/**
 * Runs one script of tests/fixtures/sdk-scripts with `node`, asynchronously (the ingest server answering
 * it lives in this process). Only PATH and the given variables are passed, so no SENTRY_* or NODE_OPTIONS
 * of the test runner leak into the SDK.
 */
export function runSdkScript(name: string, environment: Record<string, string>, timeoutMs = 20_000): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const env: Record<string, string> = { PATH: process.env.PATH ?? "", ...environment };
    const child = spawn(process.execPath, [sdkScriptPath(name)], {
      env: env as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => (stdout += text));
    child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${name} did not finish within ${timeoutMs} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, timeoutMs);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const line = stdout.split("\n").find((text) => text.startsWith("{"));
      resolve({ code, signal, stdout, stderr, facts: line ? (JSON.parse(line) as Record<string, unknown>) : {} });
    });
  });
}

/** `http://<key>@127.0.0.1:<port>/<projectId>` — what the SDK is configured with. */
export function dsnFor(server: IngestServer, publicKey: string, projectId: number): string {
  return `http://${publicKey}@127.0.0.1:${server.port}/${projectId}`;
}

/** A value no other test (or earlier run) uses, for messages, releases and tags. */
export function uniqueToken(prefix = "t"): string {
  return `${prefix}${randomBytes(5).toString("hex")}`;
}

export function newEventId(): string {
  return randomBytes(16).toString("hex");
}

/** The normalized event digest stored: `payload` is deflated JSON. */
export function inflateEvent(payload: Uint8Array): Record<string, unknown> {
  return JSON.parse(inflateSync(payload).toString("utf8")) as Record<string, unknown>;
}

export async function eventRows(db: Kysely<Database>, projectId: number) {
  return db.selectFrom("events").selectAll().where("project_id", "=", projectId).orderBy("id").execute();
}

/** Session counts of one release and environment, summed over hours, by status. */
export async function sessionCounts(db: Kysely<Database>, projectId: number, release: string, environment: string): Promise<Record<string, number>> {
  const rows = await db.selectFrom("session_counts").select(["status", "quantity"]).where("project_id", "=", projectId).where("release", "=", release).where("environment", "=", environment).execute();
  const counts: Record<string, number> = {};
  for (const row of rows) counts[row.status] = (counts[row.status] ?? 0) + Number(row.quantity);
  return counts;
}

/** Envelopes as SDKs write them (sentry-protocol §2.1): JSON items without `length`, binary items with it. */
export function buildEnvelope(header: Record<string, unknown>, items: { header: Record<string, unknown>; payload: string | Uint8Array; withLength?: boolean }[]): Buffer {
  const parts: Buffer[] = [Buffer.from(JSON.stringify(header))];
  for (const item of items) {
    const payload = typeof item.payload === "string" ? Buffer.from(item.payload, "utf8") : Buffer.from(item.payload);
    const withLength = item.withLength ?? typeof item.payload !== "string";
    const itemHeader = withLength ? { ...item.header, length: payload.length } : item.header;
    parts.push(Buffer.from(`\n${JSON.stringify(itemHeader)}\n`), payload);
  }
  return Buffer.concat(parts);
}

/** One error event in an envelope, with its id in the header. */
export function eventEnvelope(event: Record<string, unknown> = {}): { eventId: string; body: Buffer } {
  const eventId = newEventId();
  const payload = { event_id: eventId, timestamp: Date.now() / 1000, platform: "node", level: "error", message: `envelope ${eventId}`, ...event };
  return { eventId, body: buildEnvelope({ event_id: eventId, sent_at: new Date().toISOString() }, [{ header: { type: "event" }, payload: JSON.stringify(payload) }]) };
}

interface PostOptions {
  /** Put `?sentry_key=` (and sentry_version=7) on the URL, as the browser and Node SDKs do. */
  key?: string;
  headers?: Record<string, string>;
  /** The path after the server's origin; default `/api/<projectId>/envelope/`. */
  path?: string;
  method?: string;
}

/** One request to the ingest server; never follows redirects (SDKs do not). */
export function postToIngest(server: IngestServer, projectId: number | string, body: Uint8Array | null, options: PostOptions = {}): Promise<Response> {
  const path = options.path ?? `/api/${projectId}/envelope/`;
  const query = options.key ? `${path.includes("?") ? "&" : "?"}sentry_version=7&sentry_key=${options.key}&sentry_client=lantern-tests%2F1.0` : "";
  return fetch(`${server.url}${path}${query}`, {
    method: options.method ?? "POST",
    headers: options.headers,
    body: body === null ? undefined : new Uint8Array(body),
    redirect: "manual",
  });
}

/**
 * A compression bomb: `totalBytes` zeros through `compressor`, fed 1 MiB at a time so the zeros are never
 * held at once; only the (small) compressed output is kept.
 */
export async function compressZeros(compressor: Gzip | BrotliCompress, totalBytes: number): Promise<Buffer> {
  const output: Buffer[] = [];
  compressor.on("data", (chunk: Buffer) => output.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    compressor.on("end", resolve);
    compressor.on("error", reject);
  });
  const zeros = Buffer.alloc(1024 * 1024);
  for (let written = 0; written < totalBytes; written += zeros.length) {
    if (!compressor.write(zeros)) await new Promise((resolve) => compressor.once("drain", resolve));
  }
  compressor.end();
  await ended;
  return Buffer.concat(output);
}
