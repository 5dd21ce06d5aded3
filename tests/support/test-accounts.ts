import type { AccessContext } from "@/server/access/authorize";
import { loadViewer } from "@/server/access/viewer";
import { createAuth, type Auth } from "@/server/auth/create-auth";
import { loadConfig, type LanternConfig } from "@/server/config";
import type { LanternDatabase } from "@/server/db/create-database";
import type { Role } from "@/server/db/schema";
import { createUser } from "@/server/users/create-user";

/** The secret test instances of better-auth sign their cookies with. */
export const testAuthSecret = "a-test-secret-of-at-least-32-characters";

/** A configuration as `lantern start` would read it, with `environment` on top (e.g. LANTERN_SMTP_URL). */
export function createTestConfig(environment: Record<string, string> = {}): LanternConfig {
  return loadConfig({ LANTERN_URL: "http://lantern.test", LANTERN_SELF_MONITORING: "false", ...environment });
}

export function createTestAuth(database: LanternDatabase, config: LanternConfig): Auth {
  return createAuth(database, config, testAuthSecret);
}

export interface TestUser {
  userId: string;
  email: string;
  password: string;
}

let userCount = 0;

/** A real account (scrypt-hashed password through better-auth) with `role`; the e-mail is unique per call. */
export async function createTestUser(database: LanternDatabase, auth: Auth, role: Role, email?: string): Promise<TestUser> {
  userCount += 1;
  const address = email ?? `${role}-${userCount}-${Date.now()}@lantern.test`;
  const password = `password-of-${role}-${userCount}`;
  const { userId } = await createUser(database.db, { name: `${role} ${userCount}`, email: address, password, role }, auth);
  return { userId, email: address, password };
}

/** What getAppContext hands a page or action when `userId` is signed in. */
export async function createTestContext(database: LanternDatabase, config: LanternConfig, userId: string): Promise<AccessContext> {
  const viewer = await loadViewer(database.db, userId);
  if (!viewer) throw new Error(`no user ${userId}`);
  return { db: database.db, database, config, viewer, source: { actor: viewer.actor, actorEmail: viewer.email, ipAddress: "192.0.2.10", userAgent: "vitest" } };
}

/** Signs in through better-auth's API and returns the request headers of that browser (its session cookie). */
export async function signInForTest(auth: Auth, email: string, password: string): Promise<Headers> {
  const { headers } = await auth.api.signInEmail({ body: { email, password }, headers: new Headers(), returnHeaders: true });
  const cookie = headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return new Headers({ cookie });
}

/** The user id of the session in `headers`, or null when it is signed out or revoked. */
export async function sessionUserId(auth: Auth, headers: Headers): Promise<string | null> {
  const session = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
  return session?.user.id ?? null;
}
