import { z } from "zod";
import { AppError } from "../errors";

/** Inputs of the source-map verbs; they come from sentry-cli and the bundler plugins, so every field is bounded. */
export const sha1Text = z.string().regex(/^[0-9a-f]{40}$/, "expected a sha1: 40 lower-case hex digits");
/** Sentry's release rule (no slash: the version is a path segment), with a length cap. */
export const releaseVersion = z.string().min(1).max(250).regex(/^[^/]+$/, "a release version cannot contain a slash");
export const distName = z.string().min(1).max(64);
export const projectSlug = z.string().min(1).max(100);

/** A bundle of thousands of 8 MB chunks would be far past any bundle cap; more is refused before any lookup. */
export const maxAssembleChunks = 4096;

/** The input checked against its schema; the first problem becomes a 400 naming the field. */
export function parseVerbInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new AppError("bad_request", `Invalid ${issue?.path.join(".") || "input"}: ${issue?.message ?? "unexpected shape"}.`);
}
