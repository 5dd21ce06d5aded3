import type { z } from "zod";
import { AppError } from "../errors";

/** Parses a team verb's input; the first problem becomes a bad_request the form shows. */
export function parseTeamInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "Check the team's details.");
  return parsed.data;
}
