import type { AccessContext } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import type { Auth } from "../auth/create-auth";

/** Ends every session of the signed-in user, this browser's included (its cookie is cleared). */
export async function signOutEverywhere(context: AccessContext, auth: Auth, headers: Headers): Promise<void> {
  await auth.api.revokeSessions({ headers });
  await recordAuditEvent(context.db, context.source, { action: "auth.sign_out_everywhere", target: context.viewer.email });
}
