import type { JsonObject } from "@/lib/json-values";
import { builtInFingerprintRules } from "./built-in-fingerprint-rules";
import { matchFingerprintRules } from "./match-fingerprint-rules";
import type { FingerprintRule } from "./parse-fingerprint-rules";
import { classifyFingerprint, resolveFingerprintVariables, resolveTitleTemplate } from "./resolve-fingerprint";

export interface FingerprintChoice {
  /** Entries with their variables resolved; `{{ default }}` entries are kept as written. */
  values: string[];
  kind: "default" | "hybrid" | "custom";
  /** Who chose it: the SDK, a project rule, or one of Sentry's built-in rules. */
  source: "client" | "project-rule" | "built-in-rule";
  /** The text of the server-side rule that applied. */
  matchedRule: string | null;
  /** The matched rule's `title="…"`, variables resolved. */
  title: string | null;
}

const defaultFingerprint = ["{{ default }}"];

/**
 * §5.1 step 2 and §5.6: the SDK's fingerprint (default `["{{ default }}"]`), replaced by the first matching
 * server-side rule — the project's rules first, then Sentry's built-in JavaScript rules, which only apply
 * while the SDK left the fingerprint at its default.
 */
export function chooseFingerprint(event: JsonObject, projectRules: FingerprintRule[]): FingerprintChoice {
  const sent = Array.isArray(event.fingerprint) ? event.fingerprint.filter((v): v is string => typeof v === "string") : [];
  const client = sent.length > 0 ? sent : defaultFingerprint;
  let source: FingerprintChoice["source"] = "client";
  let match = projectRules.length > 0 ? matchFingerprintRules(event, projectRules) : null;
  if (match) source = "project-rule";
  else if (classifyFingerprint(client) === "default") {
    match = matchFingerprintRules(event, builtInFingerprintRules);
    if (match) source = "built-in-rule";
  }
  const values = resolveFingerprintVariables(match ? match.fingerprint : client, event);
  return {
    values,
    kind: classifyFingerprint(values),
    source,
    matchedRule: match?.rule ?? null,
    title: match?.title ? resolveTitleTemplate(match.title, event) : null,
  };
}
