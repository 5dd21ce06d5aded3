import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError } from "@/server/errors";
import { parseEnvelope } from "@/server/ingest/parse-envelope";
import { normalizeEvent } from "@/server/digest/normalize-event";
import { computeGrouping, emptyGroupingConfig, type GroupingConfig } from "@/server/grouping/compute-grouping";
import { parseFingerprintRules } from "@/server/grouping/parse-fingerprint-rules";
import { parseStacktraceRules } from "@/server/grouping/parse-stacktrace-rules";
import { eventJsonText } from "../support/envelope-mutations.mjs";
import { envelopeFixtures, preview, propertyRuns, valueOrAppError } from "../support/value-or-app-error";

/**
 * Property: any event-shaped JSON, once normalized, groups without an exception and within the hang bound,
 * into at least one md5 hash — with no rules, with realistic rules, and with rules assembled from hostile
 * tokens (which parse to rules or are refused with an AppError).
 */
const md5Hex = /^[0-9a-f]{32}$/;
const eventTexts = envelopeFixtures()
  .filter(({ name }) => !name.startsWith("hostile-"))
  .flatMap(({ bytes }) => parseEnvelope(bytes).items.filter((item) => item.header.type === "event"))
  .map((item) => new TextDecoder().decode(item.payload));

const realisticConfig: GroupingConfig = {
  stacktraceRules: parseStacktraceRules(["path:**/node_modules/** -app", "module:app.* +app", "function:handle* ^-group", "[ function:dispatch ] | function:* -group", "family:native package:/usr/lib/** -app", "category:internal max-frames=3"].join("\n")),
  fingerprintRules: parseFingerprintRules(['error.type:TypeError -> {{ default }}, typed title="Typed: {{ error.value }}"', "message:*timeout* -> timeouts", "tags.environment:production -> prod, {{ transaction }}", "function:handle -> {{ function }}, {{ module }}"].join("\n")),
};

const matcherKeys = ["path", "module", "function", "package", "family", "app", "category", "type", "value", "message", "logger", "level", "tags.environment", "sdk", "release", "mechanism", "error.type", "stack.function", "__proto__", "constructor", '"quoted key"'];
const patterns = ["*", "**", "**/", "*a*a*a*a*a*a*a*b", "?", "[a-z]", "[!x]", "\\*", "app.*", "**/node_modules/**", "handle*", "native", "javascript,native", "yes", "no", "{{ default }}", "constructor", "__proto__", '"quoted value"', '"unterminated', "[", "]", "|", "#"];
const actions = ["+app", "-app", "+group", "-group", "^+app", "v-group", "max-frames=2", "min-frames=99999999999999999999", "category=internal", "title=x", "-> a", "->", "{{ default }}, x", 'title="T {{ error.type }}"', "=", "+", "x"];
const ruleText = fc
  .array(fc.oneof(fc.tuple(fc.boolean(), fc.constantFrom(...matcherKeys), fc.constantFrom(...patterns)).map(([negated, key, pattern]) => `${negated ? "!" : ""}${key}:${pattern}`), fc.constantFrom(...actions), fc.string({ maxLength: 8 })), { minLength: 1, maxLength: 7 })
  .map((tokens) => tokens.join(" "));
const rulesText = fc.array(ruleText, { maxLength: 4 }).map((lines) => lines.join("\n"));

/** Long repetitive values, where a backtracking glob would take exponential time. */
const repetitiveEventText = fc.tuple(fc.constantFrom("a", "ab", "/a", "a.", "aA"), fc.integer({ min: 50, max: 3_000 })).map(([unit, times]) => {
  const text = unit.repeat(times);
  const frame = { function: text, module: text, filename: text, abs_path: text, package: text, in_app: true };
  return JSON.stringify({ platform: "javascript", logger: text, message: text, tags: { environment: text }, exception: { values: [{ type: text, value: text, stacktrace: { frames: [frame, frame] } }] } });
});

function groupChecked(text: string, config: GroupingConfig): void {
  const raw: unknown = JSON.parse(text);
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return;
  const normalized = normalizeEvent(raw, { receivedAt: 1_795_363_590_563 });
  const result = computeGrouping(normalized.event, config);
  expect(result.hashes.length).toBeGreaterThan(0);
  for (const hash of result.hashes) expect(hash).toMatch(md5Hex);
  expect(typeof JSON.stringify(result.variants)).toBe("string");
}

describe("computeGrouping of normalized hostile events", () => {
  it("groups every event-shaped JSON into md5 hashes, without rules and with realistic rules", () => {
    fc.assert(
      fc.property(eventJsonText(eventTexts), fc.boolean(), (text, withRules) => {
        const outcome = valueOrAppError(() => groupChecked(text, withRules ? realisticConfig : emptyGroupingConfig), () => preview(text));
        expect(outcome).not.toBeInstanceOf(AppError);
      }),
      propertyRuns(500),
    );
  });

  it("parses rules assembled from hostile tokens to rules or an AppError, and groups with those that parse", () => {
    fc.assert(
      fc.property(rulesText, rulesText, fc.oneof(eventJsonText(eventTexts), repetitiveEventText), (stackText, fingerprintText, eventText) => {
        const describeInput = () => `stack rules ${JSON.stringify(stackText)}, fingerprint rules ${JSON.stringify(fingerprintText)}, event ${preview(eventText)}`;
        const stacktraceRules = valueOrAppError(() => parseStacktraceRules(stackText), describeInput);
        const fingerprintRules = valueOrAppError(() => parseFingerprintRules(fingerprintText), describeInput);
        const config = {
          stacktraceRules: stacktraceRules instanceof AppError ? [] : stacktraceRules,
          fingerprintRules: fingerprintRules instanceof AppError ? [] : fingerprintRules,
        };
        expect(valueOrAppError(() => groupChecked(eventText, config), describeInput)).not.toBeInstanceOf(AppError);
      }),
      propertyRuns(400),
    );
  });

  it("groups a long function name under a many-star rule within the bound (regression: the glob's regex backtracked for seconds)", () => {
    const config = { stacktraceRules: parseStacktraceRules("function:*a*a*a*a*a*a*b +app"), fingerprintRules: parseFingerprintRules("value:*a*a*a*a*a*a*b -> x") };
    const text = "a".repeat(2_000);
    const event = JSON.stringify({ platform: "python", exception: { values: [{ type: "E", value: text, stacktrace: { frames: [{ function: text, module: text, filename: text }] } }] } });
    expect(valueOrAppError(() => groupChecked(event, config), () => "function and value of 2,000 a's")).not.toBeInstanceOf(AppError);
  });
});
