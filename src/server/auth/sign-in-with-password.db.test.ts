import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestAuth, createTestConfig, createTestUser, type TestUser } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { listAuditLog } from "../audit/list-audit-log";
import { systemContext } from "../access/system-context";
import type { LanternConfig } from "../config";
import type { Auth } from "./create-auth";
import { signInWithPassword } from "./sign-in-with-password";

describe(`password sign-in throttling on ${testDialect}`, () => {
  let database: TestDatabase;
  let config: LanternConfig;
  let auth: Auth;
  let user: TestUser;
  beforeEach(async () => {
    database = await createTestDatabase();
    config = createTestConfig();
    auth = createTestAuth(database, config);
    user = await createTestUser(database, auth, "member");
  });
  afterEach(() => database.destroy());

  const attempt = (email: string, password: string, ipAddress: string | null = "198.51.100.1") =>
    signInWithPassword(database.db, auth, config, { email, password, ipAddress, userAgent: "vitest", headers: new Headers() });

  it("refuses the 6th attempt on an account even with the right password, from any address, with the minutes to wait", async () => {
    expect(config.auth.maxSignInFailures).toBe(5);
    for (let failure = 0; failure < 5; failure++) {
      await expect(attempt(user.email, "wrong-password-123", `198.51.100.${failure + 10}`)).rejects.toMatchObject({ code: "unauthorized", message: "Wrong e-mail or password." });
    }
    const refusal = attempt(user.email, user.password, "203.0.113.99");
    await expect(refusal).rejects.toMatchObject({ code: "rate_limited", message: "Too many failed sign-ins. Try again in 15 minutes.", headers: { "Retry-After": "900" } });
    // Another account is not affected.
    const other = await createTestUser(database, auth, "member");
    await expect(attempt(other.email, other.password)).resolves.toEqual({ userId: other.userId });

    // Once the failures are older than 15 minutes, the right password works again.
    await database.db.updateTable("audit_log").set({ created_at: Date.now() - 16 * 60_000 }).where("action", "=", "auth.sign_in_failed").execute();
    await expect(attempt(user.email, user.password)).resolves.toEqual({ userId: user.userId });
  });

  it("refuses an address after 20 failures across accounts, while other addresses still sign in", async () => {
    expect(config.auth.maxSignInFailuresPerAddress).toBe(20);
    for (let failure = 0; failure < 20; failure++) {
      await expect(attempt(`guess-${failure}@example.com`, "wrong-password-123", "192.0.2.66")).rejects.toMatchObject({ code: "unauthorized" });
    }
    await expect(attempt(user.email, user.password, "192.0.2.66")).rejects.toMatchObject({ code: "rate_limited" });
    await expect(attempt(user.email, user.password, "192.0.2.67")).resolves.toEqual({ userId: user.userId });
  });

  it("records failures (anonymous, the e-mail tried) and sign-ins (the user) with the client address", async () => {
    await expect(attempt(user.email.toUpperCase(), "wrong-password-123")).rejects.toMatchObject({ code: "unauthorized" });
    await attempt(` ${user.email} `, user.password);
    const entries = (await listAuditLog(systemContext(database, createTestConfig()))).entries.map((entry) => [entry.action, entry.actor, entry.target, entry.ipAddress, entry.userAgent]);
    expect(entries).toEqual([
      ["auth.sign_in", `user:${user.email}`, user.email, "198.51.100.1", "vitest"],
      ["auth.sign_in_failed", "anonymous", user.email, "198.51.100.1", "vitest"],
    ]);
  });
});
