import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { extractAuth } from "./extract-auth";

const key = "0123456789abcdef0123456789abcdef";
const otherKey = "fedcba9876543210fedcba9876543210";
const endpoint = "https://lantern.example.com/api/7/envelope/";

function authError(url: string, headers: Record<string, string>, envelopeDsn?: unknown): AppError {
  try {
    extractAuth(new URL(url), new Headers(headers), envelopeDsn);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("extractAuth accepted the request");
}

describe("extractAuth finds the public key", () => {
  it("in X-Sentry-Auth, as the Python SDK sends it", () => {
    const headers = new Headers({ "x-sentry-auth": `Sentry sentry_key=${key}, sentry_version=7, sentry_client=sentry.python/2.40.0, sentry_timestamp=1700000000` });
    expect(extractAuth(new URL(endpoint), headers, undefined)).toEqual({ publicKey: key, dsnProjectId: undefined });
  });

  it("in X-Sentry-Auth with a lower-case prefix and no spaces", () => {
    expect(extractAuth(new URL(endpoint), new Headers({ "x-sentry-auth": `sentry sentry_key=${key},sentry_version=7` }), undefined).publicKey).toBe(key);
  });

  it("in Authorization: Sentry …", () => {
    expect(extractAuth(new URL(endpoint), new Headers({ authorization: `Sentry sentry_key=${key}, sentry_version=7` }), undefined).publicKey).toBe(key);
  });

  it("in the query, as the JavaScript SDKs send it", () => {
    const url = new URL(`${endpoint}?sentry_version=7&sentry_key=${key}&sentry_client=sentry.javascript.node%2F10.78.0`);
    expect(extractAuth(url, new Headers(), undefined).publicKey).toBe(key);
  });

  it("in the envelope header's dsn when nothing else is there, with the project it names", () => {
    expect(extractAuth(new URL(endpoint), new Headers(), `https://${key}@lantern.example.com/7`)).toEqual({ publicKey: key, dsnProjectId: 7 });
  });

  it("in the query while the envelope's dsn agrees with it", () => {
    const auth = extractAuth(new URL(`${endpoint}?sentry_key=${key}`), new Headers(), `https://${key}@lantern.example.com/sub/7`);
    expect(auth).toEqual({ publicKey: key, dsnProjectId: 7 });
  });

  it("ignores an Authorization header of another scheme", () => {
    const url = new URL(`${endpoint}?sentry_key=${key}`);
    expect(extractAuth(url, new Headers({ authorization: "Bearer abc.def" }), undefined).publicKey).toBe(key);
  });

  it("in Authorization: Bearer <public key> on the OTLP endpoints, which take it", () => {
    const otlpEndpoint = new URL("https://lantern.example.com/api/7/integration/otlp/v1/traces");
    expect(extractAuth(otlpEndpoint, new Headers({ authorization: `Bearer ${key}` }), undefined, { acceptsBearer: true })).toEqual({ publicKey: key, dsnProjectId: undefined });
    expect(extractAuth(otlpEndpoint, new Headers({ authorization: `bearer   ${key} ` }), undefined, { acceptsBearer: true }).publicKey).toBe(key);
  });
});

describe("extractAuth refuses", () => {
  it("a request without any key: unauthorized", () => {
    const error = authError(endpoint, {});
    expect(error.code).toBe("unauthorized");
    expect(error.message).toBe("missing authorization information");
  });

  it("an Authorization header of another scheme as the only credential: unauthorized", () => {
    expect(authError(endpoint, { authorization: `Bearer ${key}` }).code).toBe("unauthorized");
  });

  it("a Bearer key that differs from the X-Sentry-Auth key on the OTLP endpoints: unauthorized, multiple payloads", () => {
    const headers = new Headers({ authorization: `Bearer ${otherKey}`, "x-sentry-auth": `sentry sentry_key=${key}` });
    expect(() => extractAuth(new URL(endpoint), headers, undefined, { acceptsBearer: true })).toThrow(/multiple authorization payloads/);
  });

  it("two different keys in header and query: unauthorized, multiple payloads", () => {
    const error = authError(`${endpoint}?sentry_key=${otherKey}`, { "x-sentry-auth": `Sentry sentry_key=${key}` });
    expect(error.code).toBe("unauthorized");
    expect(error.message).toContain("multiple");
  });

  it("two different keys in X-Sentry-Auth and Authorization: unauthorized, multiple payloads", () => {
    const error = authError(endpoint, { "x-sentry-auth": `Sentry sentry_key=${key}`, authorization: `Sentry sentry_key=${otherKey}` });
    expect(error.code).toBe("unauthorized");
    expect(error.message).toContain("multiple");
  });

  it.each([
    ["the query", `${endpoint}?sentry_key=${key}&sentry_version=8`, {}],
    ["X-Sentry-Auth", endpoint, { "x-sentry-auth": `Sentry sentry_key=${key}, sentry_version=8` }],
    ["Authorization", endpoint, { authorization: `Sentry sentry_key=${key}, sentry_version=8` }],
  ])("sentry_version 8 in %s: bad_request", (_, url, headers) => {
    const error = authError(url, headers);
    expect(error.code).toBe("bad_request");
    expect(error.message).toContain("sentry_version 8");
  });

  it("a non-numeric sentry_version: bad_request", () => {
    expect(authError(`${endpoint}?sentry_key=${key}&sentry_version=seven`, {}).code).toBe("bad_request");
  });

  it("an envelope dsn whose key differs from the request's key: bad_request", () => {
    const error = authError(`${endpoint}?sentry_key=${key}`, {}, `https://${otherKey}@lantern.example.com/7`);
    expect(error.code).toBe("bad_request");
    expect(error.message).toContain("does not match");
  });

  it("an envelope dsn that is not a DSN: bad_request", () => {
    const error = authError(`${endpoint}?sentry_key=${key}`, {}, "https://lantern.example.com/7");
    expect(error.code).toBe("bad_request");
    expect(error.message).toContain("not a valid DSN");
  });
});
