import { createAuthMiddleware } from "better-auth/api";
import type { Kysely } from "kysely";
import { recordAuditEvent } from "../audit/record-audit-event";
import type { Database } from "../db/schema";

/**
 * better-auth's after-hook that writes "auth.sign_in" when its OIDC callback (`/callback/:id`) has just
 * created a session — the same entry a password sign-in writes, with `data.method` telling them apart.
 * A refused callback creates no session and writes nothing.
 */
export function recordOidcSignIn(db: Kysely<Database>) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path !== "/callback/:id") return;
    const created = ctx.context.newSession;
    if (!created) return;
    const email = created.user.email;
    await recordAuditEvent(
      db,
      { actor: `user:${email}`, actorEmail: email, ipAddress: created.session.ipAddress ?? null, userAgent: created.session.userAgent ?? null },
      { action: "auth.sign_in", target: email, data: { method: "oidc", provider: ctx.params?.id } },
    );
  });
}
