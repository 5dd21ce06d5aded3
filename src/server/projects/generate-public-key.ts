import { randomBytes } from "node:crypto";

/** 32 hex characters: the only key shape Relay-based tools accept (sentry-protocol §1.1). */
export function generatePublicKey(): string {
  return randomBytes(16).toString("hex");
}
