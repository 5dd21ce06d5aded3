import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSmtpInbox, type SmtpInbox } from "../../../tests/support/smtp-inbox";
import { createTestAuth, createTestConfig, createTestContext, createTestUser, sessionUserId, signInForTest, type TestUser } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { listAuditLog } from "../audit/list-audit-log";
import { systemContext } from "../access/system-context";
import type { LanternConfig } from "../config";
import type { Auth } from "./create-auth";
import { createPasswordResetLink } from "./create-password-reset-link";
import { requestPasswordReset } from "./request-password-reset";
import { resetPassword } from "./reset-password";

const source = { actor: "anonymous", ipAddress: "203.0.113.5", userAgent: "vitest" };
const newPassword = "a-brand-new-password";

function tokenOf(link: string): string {
  const url = new URL(link);
  expect(url.origin + url.pathname).toBe("http://lantern.test/reset-password");
  return url.searchParams.get("token") ?? "";
}

describe(`password reset on ${testDialect}`, () => {
  let inbox: SmtpInbox;
  let database: TestDatabase;
  let config: LanternConfig;
  let auth: Auth;
  let user: TestUser;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  afterAll(() => inbox.close());
  beforeEach(async () => {
    database = await createTestDatabase();
    config = createTestConfig({ LANTERN_SMTP_URL: inbox.url, LANTERN_SMTP_FROM: "Lantern <lantern@example.com>" });
    auth = createTestAuth(database, config);
    user = await createTestUser(database, auth, "member");
  });
  afterEach(() => database.destroy());

  const canSignIn = (password: string) => signInForTest(auth, user.email, password).then(() => true, () => false);

  it("e-mails a link through SMTP that sets a new password once, ends every session, and is recorded", async () => {
    const browser = await signInForTest(auth, user.email, user.password);
    const since = inbox.mails.length;
    await requestPasswordReset(database.db, auth, config, { email: user.email.toUpperCase(), source });
    const mail = await inbox.waitForMail(user.email, { since });
    expect(mail).toMatchObject({ from: "lantern@example.com", subject: "Reset your Lantern password" });
    const link = /https?:\/\/\S+/.exec(mail.text)?.[0] ?? "";
    const token = tokenOf(link);

    await expect(resetPassword(database.db, auth, { token, newPassword: "short", source })).rejects.toMatchObject({ code: "bad_request" });
    await expect(resetPassword(database.db, auth, { token, newPassword, source })).resolves.toEqual({ email: user.email });
    expect(await canSignIn(user.password)).toBe(false);
    expect(await canSignIn(newPassword)).toBe(true);
    expect(await sessionUserId(auth, browser)).toBeNull();
    await expect(resetPassword(database.db, auth, { token, newPassword: "yet-another-password", source })).rejects.toMatchObject({ code: "bad_request", message: expect.stringContaining("invalid, used or expired") });

    const actions = (await listAuditLog(systemContext(database, createTestConfig()))).entries.filter((entry) => entry.action.startsWith("auth.password_reset"));
    expect(actions.map((entry) => [entry.action, entry.target, entry.actor, entry.ipAddress])).toEqual([
      ["auth.password_reset", user.email, `user:${user.email}`, source.ipAddress],
      ["auth.password_reset_requested", user.email, "anonymous", source.ipAddress],
    ]);
  });

  it("answers an unknown address like a known one without sending anything, and stops mailing one address after three requests", async () => {
    const since = inbox.mails.length;
    await expect(requestPasswordReset(database.db, auth, config, { email: "nobody@example.com", source })).resolves.toBeUndefined();
    for (let attempt = 0; attempt < 5; attempt++) await requestPasswordReset(database.db, auth, config, { email: user.email, source });
    await inbox.waitForMail(user.email, { since });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sent = inbox.mails.slice(since);
    expect(sent.filter((mail) => mail.to.includes("nobody@example.com"))).toEqual([]);
    expect(sent.filter((mail) => mail.to.includes(user.email))).toHaveLength(3);
    expect((await listAuditLog(systemContext(database, createTestConfig()), { action: "auth.password_reset_requested" })).entries).toHaveLength(6);
  });

  it("is refused without SMTP (ask an admin), and an admin's link works instead, but not for an owner's account", async () => {
    const withoutMail = createTestConfig();
    await expect(requestPasswordReset(database.db, auth, withoutMail, { email: user.email, source })).rejects.toMatchObject({ code: "conflict", message: expect.stringContaining("Ask an owner or admin") });
    const admin = await createTestUser(database, auth, "admin");
    const owner = await createTestUser(database, auth, "owner");
    const adminContext = await createTestContext(database, withoutMail, admin.userId);
    await expect(createPasswordResetLink(adminContext, auth, { userId: owner.userId })).rejects.toMatchObject({ code: "forbidden" });
    const memberContext = await createTestContext(database, withoutMail, user.userId);
    await expect(createPasswordResetLink(memberContext, auth, { userId: admin.userId })).rejects.toMatchObject({ code: "forbidden" });

    const { url } = await createPasswordResetLink(adminContext, auth, { userId: user.userId });
    await resetPassword(database.db, auth, { token: tokenOf(url), newPassword, source });
    expect(await canSignIn(newPassword)).toBe(true);
    const [requested] = (await listAuditLog(systemContext(database, createTestConfig()), { action: "auth.password_reset_requested" })).entries;
    expect(requested).toMatchObject({ actor: `user:${admin.email}`, target: user.email });
    expect(JSON.parse(requested?.data ?? "{}")).toMatchObject({ via: "link" });
  });
});
