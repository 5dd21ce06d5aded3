import type { AccessContext } from "../access/authorize";
import type { Permission } from "../access/viewer";
import type { ApiAuthInfo } from "./releases/release-schemas";

/**
 * Sentry's names for what each Lantern permission allows, so tools that read scopes (`sentry-cli info`) see
 * what the credential can really do: an upload-only token is `project:releases` and nothing else.
 */
const sentryScopes: Record<Permission, string[]> = {
  read: ["org:read", "project:read", "team:read", "member:read", "event:read"],
  write: ["event:write"],
  admin: ["project:write", "project:admin"],
  upload: ["project:releases"],
};

/** `GET /api/0/`: who this credential is and what it may do (`sentry-cli info`, login checks). */
export function describeAuth(context: AccessContext): ApiAuthInfo {
  const { viewer } = context;
  const scopes = [...viewer.permissions].flatMap((permission) => sentryScopes[permission]);
  return {
    version: "0",
    auth: { scopes: [...new Set(scopes)].sort() },
    user: { id: viewer.userId, name: viewer.name, username: viewer.email, email: viewer.email },
  };
}
