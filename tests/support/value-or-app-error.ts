import { readdirSync, readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { AppError } from "@/server/errors";

/**
 * The property every parser of outside input must have: it returns a value or throws AppError (a 4xx with
 * a reason), and it answers within a bound. Anything else — a TypeError, a stack overflow, a hang — fails
 * the property with the input's description. The bound is a hang check the issue asks for, not a speed goal.
 */
export const hangBoundMs = 1_000;

export function valueOrAppError<T>(run: () => T, describeInput: () => string): T | AppError {
  const startedAt = performance.now();
  let outcome: T | AppError;
  try {
    outcome = run();
  } catch (error) {
    if (!(error instanceof AppError)) throw new Error(`not an AppError for ${describeInput()}: ${(error as Error)?.stack ?? String(error)}`);
    outcome = error;
  }
  checkBound(startedAt, describeInput);
  return outcome;
}

export async function valueOrAppErrorAsync<T>(run: () => Promise<T>, describeInput: () => string): Promise<T | AppError> {
  const startedAt = performance.now();
  let outcome: T | AppError;
  try {
    outcome = await run();
  } catch (error) {
    if (!(error instanceof AppError)) throw new Error(`not an AppError for ${describeInput()}: ${(error as Error)?.stack ?? String(error)}`);
    outcome = error;
  }
  checkBound(startedAt, describeInput);
  return outcome;
}

function checkBound(startedAt: number, describeInput: () => string): void {
  const elapsed = performance.now() - startedAt;
  if (elapsed > hangBoundMs) throw new Error(`took ${Math.round(elapsed)} ms (bound ${hangBoundMs} ms) for ${describeInput()}`);
}

/** The start of an input, printable, for failure messages. */
export function preview(input: Uint8Array | string, length = 300): string {
  const text = typeof input === "string" ? input : Buffer.from(input).toString("latin1");
  return `${input.length} ${typeof input === "string" ? "chars" : "bytes"}: ${JSON.stringify(text.slice(0, length))}${text.length > length ? "…" : ""}`;
}

const fixtureDirectory = new URL("../fixtures/envelopes/", import.meta.url);

/** Every envelope fixture as the envelope's bytes (the gzipped request body is unzipped, named `….gz`). */
export function envelopeFixtures(): { name: string; bytes: Uint8Array }[] {
  return readdirSync(fixtureDirectory)
    .filter((name) => name.endsWith(".envelope") || name.endsWith(".envelope.gz"))
    .sort()
    .map((name) => {
      const raw = readFileSync(new URL(name, fixtureDirectory));
      return { name, bytes: new Uint8Array(name.endsWith(".gz") ? gunzipSync(raw) : raw) };
    });
}

/** The raw request bodies of the fixtures, as they arrived (the .gz one still gzipped). */
export function rawFixtureBodies(): { name: string; bytes: Uint8Array; encoding: string }[] {
  return readdirSync(fixtureDirectory)
    .filter((name) => name.endsWith(".envelope") || name.endsWith(".envelope.gz"))
    .sort()
    .map((name) => ({ name, bytes: new Uint8Array(readFileSync(new URL(name, fixtureDirectory))), encoding: name.endsWith(".gz") ? "gzip" : "" }));
}

/** Property-test settings: fast-check prints the seed and path of any failure, so a run can be replayed. */
export const propertyRuns = (numRuns: number) => ({ numRuns, endOnFailure: true });
