import { AppError } from "../../errors";

/** Sentry's limit on a release version's length. */
export const maxReleaseVersionLength = 200;

/**
 * A release version as Sentry accepts one: it is a URL path segment in every release endpoint, so no `/`,
 * not `.` or `..`, no line breaks or tabs, not only whitespace, and at most 200 characters.
 */
export function parseReleaseVersion(value: unknown): string {
  if (typeof value !== "string" || value.length === 0) throw new AppError("bad_request", "Invalid version: a release needs a version.");
  if (value.length > maxReleaseVersionLength) throw new AppError("bad_request", `Invalid version: at most ${maxReleaseVersionLength} characters.`);
  if (value.trim() === "" || value === "." || value === ".." || /[/\r\n\t\0]/.test(value)) {
    throw new AppError("bad_request", "Invalid version: it cannot contain a slash, a line break or a tab, be only spaces, or be . or ..");
  }
  return value;
}
