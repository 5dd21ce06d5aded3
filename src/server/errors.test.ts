import { describe, expect, it } from "vitest";
import { AppError, IngestRefusal, httpStatusOf, isAppError } from "./errors";
import { extractAuth } from "./ingest/extract-auth";
import { parseEnvelope } from "./ingest/parse-envelope";

/** The "    at …" lines of an error's stack: none when no stack was recorded. */
const stackFrames = (error: Error): string[] => (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));

function thrownBy(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error("nothing was thrown");
}

describe("AppError's stack", () => {
  it("is recorded for an AppError, which may be a bug's trail", () => {
    const error = new AppError("not_found", "no such issue");
    expect(stackFrames(error).length).toBeGreaterThan(0);
    expect(stackFrames(error)[0]).toContain("errors.test.ts");
  });

  it("is not recorded for a refused ingest request, which is still an AppError with its status and headers", () => {
    const error = new IngestRefusal("rate_limited", "the key's rate limit is reached", { "Retry-After": "60" });
    expect(stackFrames(error)).toEqual([]);
    expect(isAppError(error)).toBe(true);
    expect(error.name).toBe("AppError");
    expect(error.message).toBe("the key's rate limit is reached");
    expect(httpStatusOf(error)).toBe(429);
    expect(error.headers).toEqual({ "Retry-After": "60" });
  });

  it("is not recorded when ingest refuses a malformed envelope or a request without a key", () => {
    const malformed = thrownBy(() => parseEnvelope(new TextEncoder().encode("not json\n")));
    const unauthenticated = thrownBy(() => extractAuth(new URL("http://127.0.0.1/api/1/envelope/"), new Headers(), undefined));
    for (const error of [malformed, unauthenticated]) {
      expect(error).toBeInstanceOf(IngestRefusal);
      expect(stackFrames(error)).toEqual([]);
    }
  });

  it("leaves the process's stack limit as it was", () => {
    const before = Error.stackTraceLimit;
    void new IngestRefusal("bad_request", "invalid envelope");
    expect(Error.stackTraceLimit).toBe(before);
    expect(stackFrames(new Error("a bug")).length).toBeGreaterThan(0);
  });
});
