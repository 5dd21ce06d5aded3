import type { z } from "zod";
import { AppError } from "../errors";

/** A request body checked against its zod schema; the first problem becomes a 400 naming the field. */
export function parseApiBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new AppError("bad_request", `Invalid ${issue?.path.join(".") || "body"}: ${issue?.message ?? "expected a JSON object"}.`);
}

/** An ISO 8601 time from a body as epoch milliseconds; absent stays undefined, null stays null. */
export function parseApiTime(value: string | null | undefined, field: string): number | null | undefined {
  if (value === undefined || value === null) return value;
  const time = Date.parse(value);
  if (!Number.isFinite(time)) throw new AppError("bad_request", `Invalid ${field}: expected an ISO 8601 time.`);
  return time;
}
