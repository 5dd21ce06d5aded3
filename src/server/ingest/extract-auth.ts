import { IngestRefusal } from "../errors";
import { parseDsn } from "../projects/build-dsn";

export interface SentryAuth {
  publicKey: string;
  /** The project named by the envelope header's DSN, when that is where the key came from. */
  dsnProjectId?: number;
}

/**
 * Finds the client key among the places SDKs put it (sentry-protocol §1.3): `X-Sentry-Auth`,
 * `Authorization: Sentry …`, `sentry_key` in the query, and — when nothing else is there — the
 * envelope header's `dsn`. Two different sources at once are refused, as Relay does. With `acceptsBearer`
 * (the OTLP endpoints, whose exporters can only set a static header), `Authorization: Bearer <public key>`
 * too; elsewhere a Bearer token is some proxy's business and is not read.
 */
export function extractAuth(url: URL, headers: Headers, envelopeDsn: unknown, options: { acceptsBearer?: boolean } = {}): SentryAuth {
  const sources: Record<string, string>[] = [];
  const headerAuth = headers.get("x-sentry-auth");
  if (headerAuth) sources.push(parseAuthHeader(headerAuth));
  const authorization = headers.get("authorization");
  if (authorization && /^sentry\s/i.test(authorization)) sources.push(parseAuthHeader(authorization));
  const bearer = options.acceptsBearer && authorization ? /^bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  if (bearer) sources.push({ sentry_key: bearer[1]! });
  const query = Object.fromEntries([...url.searchParams].filter(([name]) => name.startsWith("sentry_")));
  if (Object.keys(query).length > 0) sources.push(query);

  const keys = new Set(sources.map((source) => source.sentry_key).filter(Boolean));
  if (keys.size > 1) throw new IngestRefusal("unauthorized", "multiple authorization payloads detected");
  for (const source of sources) {
    const version = source.sentry_version;
    if (version !== undefined && !(Number(version) <= 7)) throw new IngestRefusal("bad_request", `unsupported sentry_version ${version}`);
  }

  const dsn = typeof envelopeDsn === "string" ? parseDsn(envelopeDsn) : null;
  if (typeof envelopeDsn === "string" && !dsn) throw new IngestRefusal("bad_request", "the envelope header's dsn is not a valid DSN");

  const [publicKey] = keys;
  if (publicKey) {
    if (dsn && dsn.publicKey !== publicKey) throw new IngestRefusal("bad_request", "the envelope header's dsn does not match the request's sentry_key");
    return { publicKey, dsnProjectId: dsn?.projectId };
  }
  if (dsn) return { publicKey: dsn.publicKey, dsnProjectId: dsn.projectId };
  throw new IngestRefusal("unauthorized", "missing authorization information");
}

function parseAuthHeader(value: string): Record<string, string> {
  const pairs = value.replace(/^sentry\s+/i, "").split(",");
  return Object.fromEntries(
    pairs
      .map((pair) => pair.split("="))
      .filter((parts) => parts.length === 2)
      .map(([name, pairValue]) => [name!.trim(), pairValue!.trim()]),
  );
}
