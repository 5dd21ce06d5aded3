import { z } from "zod";
import type { Kysely } from "kysely";
import { getAuth } from "../auth/get-auth";
import type { Auth } from "../auth/create-auth";
import type { Database, Role } from "../db/schema";
import { AppError } from "../errors";

export const newUserInput = z.object({
  name: z.string().trim().min(1, "Enter a name.").max(100, "Use at most 100 characters."),
  email: z.email("Enter an e-mail address.").trim().toLowerCase().max(200),
  password: z.string().min(10, "Use at least 10 characters.").max(256, "Use at most 256 characters."),
});
export type NewUserInput = z.infer<typeof newUserInput>;

/**
 * Creates an account through better-auth (scrypt-hashed password, credential account) and gives it a
 * role. The public sign-up endpoint is disabled: accounts come only from setup, invites and the CLI.
 */
export async function createUser(db: Kysely<Database>, input: NewUserInput & { role: Role }, auth?: Auth): Promise<{ userId: string }> {
  const parsed = newUserInput.safeParse(input);
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "Invalid account.");
  const existing = await db.selectFrom("users").select("id").where("email", "=", parsed.data.email).executeTakeFirst();
  if (existing) throw new AppError("conflict", `An account with ${parsed.data.email} already exists.`);
  const authInstance = auth ?? (await getAuth());
  const { user } = await authInstance.api.signUpEmail({ body: { name: parsed.data.name, email: parsed.data.email, password: parsed.data.password } });
  await db.updateTable("users").set({ role: input.role }).where("id", "=", user.id).execute();
  return { userId: user.id };
}
