import { z } from "zod";
import type { AccessContext } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { AppError } from "../errors";
import { revokeApiToken } from "../tokens/api-tokens";

const tokenId = z.coerce.number().int().positive();

/** Revokes one of the signed-in user's own tokens; it stops working on its next request. */
export async function revokePersonalApiToken(context: AccessContext, input: { tokenId: number | string }): Promise<void> {
  const parsed = tokenId.safeParse(input.tokenId);
  if (!parsed.success || !(await revokeApiToken(context.db, { userId: context.viewer.userId, tokenId: parsed.data }))) {
    throw new AppError("not_found", "This token does not exist or is already revoked.");
  }
  await recordAuditEvent(context.db, context.source, { action: "token.revoked", target: context.viewer.email, data: { tokenId: parsed.data } });
}
