import { z } from "zod";
import type { AccessContext } from "../access/authorize";
import { AppError } from "../errors";
import { isEnvironmentName, maxEnvironmentNameChars } from "@/lib/environment-filter";

export const environmentFilterInput = z.object({
  /** null or "": all environments. */
  environment: z
    .string()
    .max(maxEnvironmentNameChars, `An environment name has at most ${maxEnvironmentNameChars} characters.`)
    .refine((name) => name === "" || isEnvironmentName(name), "An environment name has no line breaks or surrounding spaces.")
    .nullable(),
});
export type EnvironmentFilterInput = z.input<typeof environmentFilterInput>;

/**
 * Remembers the environment the signed-in person picked in the header (null: all), on their own user row:
 * it follows them to every browser and survives signing out. Only the viewer's own row is written; a
 * caller that is no person (the CLI's system actor) has none and is refused.
 */
export async function setEnvironmentFilter(context: AccessContext, input: EnvironmentFilterInput): Promise<string | null> {
  const parsed = environmentFilterInput.safeParse(input);
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "Invalid environment.");
  const environment = parsed.data.environment || null;
  const result = await context.db.updateTable("users").set({ environment_filter: environment }).where("id", "=", context.viewer.userId).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError("forbidden", "Only a signed-in person picks an environment.");
  return environment;
}
