import bytes from "bytes";
import { IngestRefusal } from "../errors";
import { captureEnvelope } from "./capture-envelope";
import { dataCategoryOf, limitedCategoriesFor } from "./data-categories";
import { extractAuth } from "./extract-auth";
import type { IngestService } from "./ingest-service";
import { inspectEnvelope } from "./inspect-envelope";
import { parseEnvelope, type EnvelopeItem } from "./parse-envelope";
import { rateLimitHeaders, type RateLimit } from "./rate-limiter";
import { serializeEnvelope } from "./serialize-envelope";
import { isForeignKeyViolation } from "../db/is-foreign-key-violation";
import { encodeRawBody } from "../intake/raw-body";

export interface IngestResult {
  projectId: number;
  eventId: string | null;
  /** Categories dropped by a rate limit while the rest was accepted (Relay answers 200 and names them). */
  headers: Record<string, string>;
}

interface IngestInput {
  url: URL;
  headers: Headers;
  body: Uint8Array;
  /** The request body as sent when it was gzip: `body` decompressed from it. */
  sentGzip?: Uint8Array | null;
  /** Undefined for the /monitoring tunnel, where the envelope's DSN names the project. */
  pathProjectId?: string;
  clientIp?: string | null;
  /** `Authorization: Bearer <public key>` counts as the key (OTLP endpoints). */
  acceptsBearer?: boolean;
}

/**
 * An envelope after its body is read: parse, authenticate, check limits and quotas, commit to the intake.
 * Resolves only once the row is committed; digest picks it up from there.
 */
/**
 * The client key of an ingest request (query, header or the envelope's dsn) and the project it may send to:
 * 403 for an unknown or disabled key, 400 when the URL, the dsn and the key name different projects.
 */
export async function authenticateIngest(service: IngestService, input: Pick<IngestInput, "url" | "headers" | "pathProjectId" | "acceptsBearer">, envelopeDsn?: unknown) {
  const { pathProjectId } = input;
  if (pathProjectId !== undefined && !/^\d+$/.test(pathProjectId)) throw new IngestRefusal("bad_request", `invalid project id "${pathProjectId}" in the URL`);
  const auth = extractAuth(input.url, input.headers, envelopeDsn, { acceptsBearer: input.acceptsBearer });
  const key = await service.keys.get(auth.publicKey);
  if (!key) throw new IngestRefusal("forbidden", "unknown or disabled public key");
  const projectId = pathProjectId === undefined ? auth.dsnProjectId : Number(pathProjectId);
  if (projectId === undefined) throw new IngestRefusal("bad_request", "the envelope header has no dsn naming a project");
  if (auth.dsnProjectId !== undefined && auth.dsnProjectId !== projectId) {
    throw new IngestRefusal("bad_request", `the envelope's dsn names project ${auth.dsnProjectId}, not project ${projectId}`);
  }
  if (key.projectId !== projectId) throw new IngestRefusal("bad_request", `the public key does not belong to project ${projectId}`);
  return { key, projectId };
}

/** Replay videos, and recordings whose rrweb JSON after the header line is zlib or gzip (the browser SDK's, unless its worker failed). */
function isCompressedReplayItem({ header, payload }: EnvelopeItem): boolean {
  if (header.type === "replay_video") return true;
  if (header.type !== "replay_recording") return false;
  const newline = payload.indexOf(0x0a);
  const first = payload[newline + 1];
  return newline >= 0 && (first === 0x78 || (first === 0x1f && payload[newline + 2] === 0x8b));
}

function isMostlyCompressedReplay(items: EnvelopeItem[], envelopeBytes: number): boolean {
  let replayBytes = 0;
  for (const item of items) if (isCompressedReplayItem(item)) replayBytes += item.payload.length;
  return replayBytes * 2 > envelopeBytes;
}

export async function ingestEnvelope(service: IngestService, input: IngestInput): Promise<IngestResult> {
  const envelope = parseEnvelope(input.body);
  const { key, projectId } = await authenticateIngest(service, input, envelope.header.dsn);

  const facts = inspectEnvelope(envelope, service.config.ingest);
  const { ingest } = service.config;
  if (service.backlog() >= ingest.maxBacklog) {
    const retryAfterSeconds = ingest.backlogRetryAfterSeconds;
    throw new IngestRefusal("rate_limited", "Lantern is digesting a backlog; try again later", rateLimitHeaders([{ retryAfterSeconds, categories: [], scope: "organization", reasonCode: "backlog" }]));
  }
  await refuseBelowFreeSpaceFloor(service);

  const limits = key.rateLimit ? await takeRateLimits(service, key.publicKey, key.rateLimit, facts.itemTypes) : [];
  const limitedCategories = new Set(limits.flatMap((limit) => limit.categories));
  // Items of a limited category are answered as dropped (the header names them) and not kept.
  const kept = limitedCategories.size === 0 ? envelope.items : envelope.items.filter((item) => !limitedCategories.has(dataCategoryOf(item.header.type) ?? ""));
  // Nothing limitable left (client reports are never limited): the whole envelope is refused.
  if (limits.length > 0 && !kept.some((item) => dataCategoryOf(item.header.type) !== null)) {
    throw new IngestRefusal("rate_limited", "the key's rate limit is reached", rateLimitHeaders(limits));
  }

  const isWhole = kept === envelope.items;
  const body = isWhole ? input.body : serializeEnvelope(envelope.header, kept);
  // Kept compressed: the gzip the SDK sent when it is this very envelope, else compressed here — unless most
  // of it is replay segments, which the SDK compressed already (brotli would spend ~6 ms a MB to gain nothing).
  const stored = isMostlyCompressedReplay(kept, body.length) ? { body, encoding: "identity" as const } : await encodeRawBody(body, isWhole ? input.sentGzip : null);
  await appendToIntake(service, {
    project_id: projectId,
    received_at: Date.now(),
    event_id: facts.eventId,
    item_types: kept.map((item) => item.header.type).join(","),
    summary: facts.summary,
    sdk_name: facts.sdkName,
    body_bytes: body.length,
    body: stored.body,
    encoding: stored.encoding,
    client_ip: input.clientIp ?? null,
  });
  if (ingest.captureDirectory) captureEnvelope(ingest.captureDirectory, input.body, facts.sdkName, facts.eventId);
  return { projectId, eventId: facts.eventId, headers: limits.length > 0 ? rateLimitHeaders(limits) : {} };
}

async function takeRateLimits(service: IngestService, publicKey: string, limit: { count: number; windowSeconds: number }, itemTypes: string[]): Promise<RateLimit[]> {
  const categories = new Set(itemTypes.map(dataCategoryOf).filter((category): category is string => category !== null));
  const groups = [...categories].map(limitedCategoriesFor);
  const waits = await Promise.all(groups.map((group) => service.limiter.take(publicKey, group.join(";"), limit)));
  return groups.flatMap((group, index) => (waits[index]! > 0 ? [{ retryAfterSeconds: waits[index]!, categories: group, scope: "key" as const, reasonCode: "key_quota" }] : []));
}

/** The intake write; a project deleted while its key was still cached is refused like a disabled key. */
async function appendToIntake(service: IngestService, row: Parameters<IngestService["writer"]["append"]>[0]): Promise<void> {
  try {
    await service.writer.append(row);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new IngestRefusal("forbidden", "Project does not exist");
    throw error;
  }
}

const diskFullRetryAfterSeconds = 60;

/** 503 while the database's volume is below LANTERN_MIN_FREE_DISK: nothing is written, and SDKs wait a minute. */
async function refuseBelowFreeSpaceFloor(service: IngestService): Promise<void> {
  const freeBytes = await service.freeSpace?.isBelowFloor();
  if (freeBytes === undefined || freeBytes === null) return;
  throw new IngestRefusal(
    "unavailable",
    `the database's disk has ${bytes.format(freeBytes)} free, below LANTERN_MIN_FREE_DISK (${bytes.format(service.freeSpace!.minFreeBytes)}); try again later`,
    rateLimitHeaders([{ retryAfterSeconds: diskFullRetryAfterSeconds, categories: [], scope: "organization", reasonCode: "disk_space" }]),
  );
}
