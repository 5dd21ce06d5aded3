import type { Kysely } from "kysely";
import type { Auth } from "../auth/create-auth";
import { recordAuditEvent } from "../audit/record-audit-event";
import type { Database } from "../db/schema";
import { AppError } from "../errors";
import { hasAnyUser } from "./count-users";
import { createUser } from "./create-user";

interface OwnerInput {
  name: string;
  email: string;
  password: string;
  headers: Headers;
  ipAddress: string | null;
  userAgent: string | null;
}

/** First run: creates the owner and signs them in. Refused as soon as any account exists. */
export async function createOwner(db: Kysely<Database>, auth: Auth, input: OwnerInput): Promise<{ userId: string }> {
  if (await hasAnyUser(db)) throw new AppError("conflict", "Lantern is already set up. Sign in instead.");
  const { userId } = await createUser(db, { name: input.name, email: input.email, password: input.password, role: "owner" }, auth);
  const email = input.email.trim().toLowerCase();
  const source = { actor: `user:${email}`, actorEmail: email, ipAddress: input.ipAddress, userAgent: input.userAgent };
  await recordAuditEvent(db, source, { action: "user.created", target: source.actorEmail, data: { role: "owner", via: "setup" } });
  await auth.api.signInEmail({ body: { email: input.email.trim().toLowerCase(), password: input.password }, headers: input.headers });
  await recordAuditEvent(db, source, { action: "auth.sign_in", target: source.actorEmail });
  return { userId };
}
