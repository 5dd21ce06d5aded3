import { z } from "zod";
import type { AccessContext } from "../access/authorize";
import { permissions, type Permission } from "../access/viewer";
import { recordAuditEvent } from "../audit/record-audit-event";
import { AppError } from "../errors";
import { createApiToken, type CreatedToken } from "../tokens/api-tokens";
import { tokenIssuerOf } from "../tokens/org-auth-token";

export const createPersonalApiTokenInput = z.object({
  name: z.string().trim().min(1, "Name the token (e.g. the script that uses it).").max(100, "Use at most 100 characters."),
  scopes: z.array(z.enum(permissions as [Permission, ...Permission[]])).min(1, "Choose at least one scope."),
});
export type CreatePersonalApiTokenInput = z.infer<typeof createPersonalApiTokenInput>;

/**
 * An API token for the signed-in user, shown once. A token never holds more than its owner: a scope the
 * credential lacks (admin for a member) is refused rather than silently useless.
 */
export async function createPersonalApiToken(context: AccessContext, input: CreatePersonalApiTokenInput): Promise<CreatedToken> {
  const parsed = createPersonalApiTokenInput.safeParse(input);
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "Check the token's name and scopes.");
  const { name } = parsed.data;
  const scopes = permissions.filter((permission) => parsed.data.scopes.includes(permission));
  const beyond = scopes.filter((scope) => !context.viewer.permissions.has(scope));
  if (beyond.length > 0) throw new AppError("forbidden", `Your role cannot grant the ${beyond.join(" and ")} scope${beyond.length > 1 ? "s" : ""}.`);
  const created = await createApiToken(context.db, { userId: context.viewer.userId, name, scopes, issuer: tokenIssuerOf(context.config) });
  await recordAuditEvent(context.db, context.source, { action: "token.created", target: context.viewer.email, data: { tokenId: created.id, name, scopes } });
  return created;
}
