import type { AccessContext } from "../../access/authorize";
import { AppError } from "../../errors";

/** Sentry's DetailedSelfUser, as far as Lantern knows it (telemetry-protocol.md §3.1). */
export interface ApiAuthUser {
  id: string;
  name: string;
  username: string;
  email: string;
  avatarUrl: string | null;
  isActive: boolean;
  hasPasswordAuth: boolean;
  isManaged: boolean;
  dateJoined: string;
  lastLogin: string | null;
  has2fa: boolean;
  lastActive: string | null;
  isSuperuser: boolean;
  isStaff: boolean;
  experiments: Record<string, never>;
  emails: { id: string; email: string; is_verified: boolean }[];
  options: { timezone: string; language: string; stacktraceOrder: number; clock24Hours: boolean };
  flags: { newsletter_consent_prompt: boolean };
  avatar: { avatarType: "letter_avatar" | "upload"; avatarUuid: string | null; avatarUrl: string | null };
  identities: never[];
  permissions: string[];
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * `GET /api/0/auth/`: the person the credential belongs to (a session's user, or an API token's owner).
 * Lantern has no second factor and no staff: owners are the instance's superusers, as the first user of
 * a self-hosted Sentry is. The last login is the newest session's start.
 */
export async function getApiAuthUser(context: AccessContext): Promise<ApiAuthUser> {
  const user = await context.db.selectFrom("users").select(["id", "name", "email", "email_verified", "image", "role", "created_at"]).where("id", "=", context.viewer.userId).executeTakeFirst();
  if (!user) throw new AppError("unauthorized", "This credential's user no longer exists.");
  const latest = await context.db.selectFrom("sessions").select("created_at").where("user_id", "=", user.id).orderBy("created_at", "desc").limit(1).executeTakeFirst();
  const password = await context.db.selectFrom("accounts").select("id").where("user_id", "=", user.id).where("password", "is not", null).executeTakeFirst();
  const lastLogin = latest ? iso(latest.created_at) : null;
  return {
    id: user.id,
    name: user.name,
    username: user.email,
    email: user.email,
    avatarUrl: user.image,
    isActive: true,
    hasPasswordAuth: password !== undefined,
    isManaged: false,
    dateJoined: iso(user.created_at),
    lastLogin,
    has2fa: false,
    lastActive: lastLogin,
    isSuperuser: user.role === "owner",
    isStaff: false,
    experiments: {},
    emails: [{ id: user.id, email: user.email, is_verified: Boolean(user.email_verified) }],
    options: { timezone: "UTC", language: "en", stacktraceOrder: -1, clock24Hours: true },
    flags: { newsletter_consent_prompt: false },
    avatar: { avatarType: user.image ? "upload" : "letter_avatar", avatarUuid: null, avatarUrl: user.image },
    identities: [],
    permissions: [],
  };
}
