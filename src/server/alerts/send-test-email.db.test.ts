import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startSmtpInbox, type SmtpInbox } from "../../../tests/support/smtp-inbox";
import { createTestAuth, createTestConfig, createTestContext, createTestUser } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { testEmailsPerWindow, sendTestEmail } from "./send-test-email";

/** A port nothing listens on: bound, then closed, so a connection is refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe(`Send test e-mail on ${testDialect}`, () => {
  let inbox: SmtpInbox;
  let database: TestDatabase;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  afterAll(() => inbox.close());
  afterEach(() => database.destroy());

  async function contextFor(role: "owner" | "admin" | "member", environment: Record<string, string>): Promise<{ context: AccessContext; email: string }> {
    database = await createTestDatabase();
    const config = createTestConfig({ LANTERN_ALERT_TIMEOUT_SECONDS: "2", ...environment });
    const user = await createTestUser(database, createTestAuth(database, config), role);
    return { context: await createTestContext(database, config, user.userId), email: user.email };
  }

  it("sends an alert e-mail about a made-up issue to the signed-in person through the real SMTP server, and says so", async () => {
    const { context, email } = await contextFor("admin", { LANTERN_SMTP_URL: inbox.url, LANTERN_SMTP_FROM: "Lantern <alerts@example.com>" });
    const outcome = await sendTestEmail(context);
    const { port } = new URL(inbox.url);
    expect(outcome).toEqual({ ok: true, to: email, server: `smtp://127.0.0.1:${port}`, response: "250" });
    const mail = await inbox.waitForMail(email);
    expect(mail.from).toBe("alerts@example.com");
    expect(mail.subject).toContain("this is a test notification from Lantern");
    const audit = await database.db.selectFrom("audit_log").select(["action", "target"]).where("action", "=", "alert.test_sent").execute();
    expect(audit).toEqual([{ action: "alert.test_sent", target: `email:${email}` }]);
  });

  it("reports an unreachable SMTP server's error as text, naming the server without its credentials", async () => {
    const port = await closedPort();
    const { context, email } = await contextFor("owner", { LANTERN_SMTP_URL: `smtp://mailer:hunter2-secret@127.0.0.1:${port}` });
    const outcome = await sendTestEmail(context);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.to).toBe(email);
    expect(outcome.error).toContain(`smtp://127.0.0.1:${port} refused or could not be reached`);
    expect(outcome.error).toMatch(/ECONNREFUSED/);
    expect(outcome.error).not.toContain("hunter2");
    expect(outcome.error).not.toContain("mailer");
  });

  it("without SMTP says how to set it up", async () => {
    const { context } = await contextFor("owner", {});
    const outcome = await sendTestEmail(context);
    expect(outcome).toMatchObject({ ok: false, error: expect.stringContaining("set LANTERN_SMTP_URL") });
  });

  it(`refuses members, and a person's ${testEmailsPerWindow + 1}th test in ten minutes`, async () => {
    const { context } = await contextFor("owner", {});
    for (let sent = 0; sent < testEmailsPerWindow; sent += 1) await sendTestEmail(context);
    await expect(sendTestEmail(context)).rejects.toMatchObject({ code: "rate_limited" });
    const member = await createTestUser(database, createTestAuth(database, context.config), "member");
    await expect(sendTestEmail(await createTestContext(database, context.config, member.userId))).rejects.toMatchObject({ code: "forbidden" });
  });
});
