import { AlertFieldError } from "./alert-field-error";

/** A channel's name: what people pick in the rule form. */
export function channelName(value: unknown): string {
  if (typeof value !== "string" || value.trim() === "") throw new AlertFieldError("name", "a name is required");
  const name = value.trim();
  if (name.length > 100) throw new AlertFieldError("name", "at most 100 characters");
  return name;
}

/**
 * A webhook channel's signing secret: what the receiver checks Lantern-Signature with. Absent or empty means
 * none was given; a short one would be guessable.
 */
export function channelSecret(value: unknown): string | null {
  if (value === undefined || value === null || value === "") return null;
  if (typeof value !== "string") throw new AlertFieldError("secret", "expected a string");
  if (value.length < 16) throw new AlertFieldError("secret", "at least 16 characters");
  if (value.length > 256) throw new AlertFieldError("secret", "at most 256 characters");
  return value;
}
