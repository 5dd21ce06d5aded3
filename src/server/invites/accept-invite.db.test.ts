import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSmtpInbox, type SmtpInbox } from "../../../tests/support/smtp-inbox";
import { createTestAuth, createTestConfig, createTestContext, createTestUser, type TestUser } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { loadViewer } from "../access/viewer";
import type { Auth } from "../auth/create-auth";
import { listAuditLog } from "../audit/list-audit-log";
import { systemContext } from "../access/system-context";
import type { LanternConfig } from "../config";
import { insertProject } from "../projects/insert-project";
import { addTeamProject } from "../teams/add-team-project";
import { createTeam } from "../teams/create-team";
import { acceptInvite } from "./accept-invite";
import { createInvite } from "./create-invite";
import { findInvite } from "./find-invite";
import { listPendingInvites } from "./list-pending-invites";
import { revokeInvite } from "./revoke-invite";

const client = { ipAddress: "198.51.100.7", userAgent: "vitest" };
const secretOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);

describe(`invites on ${testDialect}`, () => {
  let inbox: SmtpInbox;
  let database: TestDatabase;
  let config: LanternConfig;
  let auth: Auth;
  let owner: TestUser;
  let ownerContext: AccessContext;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  afterAll(() => inbox.close());
  beforeEach(async () => {
    database = await createTestDatabase();
    config = createTestConfig({ LANTERN_SMTP_URL: inbox.url, LANTERN_INVITE_HOURS: "72" });
    auth = createTestAuth(database, config);
    owner = await createTestUser(database, auth, "owner");
    ownerContext = await createTestContext(database, config, owner.userId);
  });
  afterEach(() => database.destroy());

  const accept = (secret: string, email: string, name = "Grace") => acceptInvite(database.db, auth, { secret, name, email, password: "grace-password-1", headers: new Headers(), source: client });

  it("creates a member of the invite's team who sees only that team's projects, signs them in, and records created and accepted", async () => {
    const team = await createTeam(ownerContext, { name: "Checkout" });
    const { project: shop } = await insertProject(database.db, { name: "shop" });
    await insertProject(database.db, { name: "billing" });
    await addTeamProject(ownerContext, { teamId: team.id, projectId: shop.id });
    const invite = await createInvite(ownerContext, { email: "grace@example.com", role: "member", teamId: String(team.id) });
    expect(invite.url).toMatch(/^http:\/\/lantern\.test\/invite\/[A-Za-z0-9_-]{43}$/);
    expect(invite.expiresAt - Date.now()).toBeGreaterThan(71 * 3_600_000);
    // Only the hash is stored.
    const stored = await database.db.selectFrom("invites").select("token_hash").executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(secretOf(invite.url));
    expect(invite.isEmailed).toBe(true);
    const mail = await inbox.waitForMail("grace@example.com");
    expect(mail.text).toContain(invite.url);

    // The invite fixes the e-mail: whatever the form sends, the account gets the invited address.
    const { userId } = await accept(secretOf(invite.url), "someone-else@example.com");
    const viewer = await loadViewer(database.db, userId);
    expect(viewer).toMatchObject({ email: "grace@example.com", role: "member" });
    expect(viewer?.projectIds).toEqual(new Set([shop.id]));
    const sessions = await database.db.selectFrom("sessions").select("user_id").where("user_id", "=", userId).execute();
    expect(sessions.length).toBeGreaterThan(0);
    expect((await findInvite(database.db, secretOf(invite.url)))?.status).toBe("accepted");
    expect(await listPendingInvites(database.db)).toEqual([]);

    const { entries } = await listAuditLog(systemContext(database, createTestConfig()));
    expect(entries.map((entry) => [entry.action, entry.target])).toEqual(
      expect.arrayContaining([
        ["invite.created", "grace@example.com"],
        ["invite.accepted", "grace@example.com"],
      ]),
    );
    expect(entries.find((entry) => entry.action === "invite.accepted")).toMatchObject({ actor: "user:grace@example.com", ipAddress: client.ipAddress });
  });

  it("works once: of two simultaneous acceptances exactly one creates an account, and a later one is refused", async () => {
    const invite = await createInvite(ownerContext, { email: "", role: "admin", teamId: "" });
    const secret = secretOf(invite.url);
    const results = await Promise.allSettled([accept(secret, "first@example.com", "First"), accept(secret, "second@example.com", "Second")]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected");
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: "conflict", message: expect.stringContaining("already been used") });
    const accounts = await database.db.selectFrom("users").select(["email", "role"]).where("email", "in", ["first@example.com", "second@example.com"]).execute();
    expect(accounts).toHaveLength(1);
    expect(accounts[0]?.role).toBe("admin");
    await expect(accept(secret, "third@example.com")).rejects.toMatchObject({ code: "conflict", message: expect.stringContaining("already been used") });
  });

  it("refuses an expired or revoked invite with a clear message, and a bad password leaves the invite usable", async () => {
    const expiring = await createInvite(ownerContext, { email: "", role: "member", teamId: "" });
    await database.db.updateTable("invites").set({ expires_at: Date.now() - 1 }).where("id", "=", expiring.id).execute();
    await expect(accept(secretOf(expiring.url), "late@example.com")).rejects.toMatchObject({ message: "This invitation has expired. Ask for a new one." });

    const withdrawn = await createInvite(ownerContext, { email: "", role: "member", teamId: "" });
    await revokeInvite(ownerContext, { inviteId: withdrawn.id });
    expect((await findInvite(database.db, secretOf(withdrawn.url)))?.status).toBe("revoked");
    await expect(accept(secretOf(withdrawn.url), "withdrawn@example.com")).rejects.toMatchObject({ message: "This invitation was withdrawn. Ask for a new one." });
    await expect(acceptInvite(database.db, auth, { secret: "x".repeat(43), name: "X", email: "x@example.com", password: "long-enough-1", headers: new Headers(), source: client })).rejects.toMatchObject({ code: "conflict" });

    const valid = await createInvite(ownerContext, { email: "", role: "member", teamId: "" });
    await expect(acceptInvite(database.db, auth, { secret: secretOf(valid.url), name: "Short", email: "short@example.com", password: "short", headers: new Headers(), source: client })).rejects.toMatchObject({ code: "bad_request" });
    await expect(acceptInvite(database.db, auth, { secret: secretOf(valid.url), name: "Taken", email: owner.email, password: "long-enough-1", headers: new Headers(), source: client })).rejects.toMatchObject({ code: "conflict" });
    const { userId } = await accept(secretOf(valid.url), "valid@example.com");
    expect(await loadViewer(database.db, userId)).toMatchObject({ email: "valid@example.com", role: "member", projectIds: new Set() });

    const revoked = (await listAuditLog(systemContext(database, createTestConfig()), { action: "invite.revoked" })).entries;
    expect(revoked).toHaveLength(1);
    expect(revoked[0]).toMatchObject({ actor: `user:${owner.email}`, actorEmail: owner.email });
  });

  it("lets admins invite admins and members but only owners invite owners; members invite nobody", async () => {
    const admin = await createTestUser(database, auth, "admin");
    const member = await createTestUser(database, auth, "member");
    const adminContext = await createTestContext(database, config, admin.userId);
    await expect(createInvite(adminContext, { email: "", role: "owner", teamId: "" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(createInvite(adminContext, { email: "", role: "admin", teamId: "" })).resolves.toMatchObject({ isEmailed: false });
    await expect(createInvite(await createTestContext(database, config, member.userId), { email: "", role: "member", teamId: "" })).rejects.toMatchObject({ code: "forbidden" });
    const ownerInvite = await createInvite(ownerContext, { email: "new-owner@example.com", role: "owner", teamId: "" });
    await expect(revokeInvite(adminContext, { inviteId: ownerInvite.id })).rejects.toMatchObject({ code: "forbidden" });
    await expect(createInvite(ownerContext, { email: admin.email, role: "member", teamId: "" })).rejects.toMatchObject({ code: "conflict" });
    expect((await listPendingInvites(database.db)).map((invite) => [invite.role, invite.email, invite.createdBy])).toEqual([
      ["owner", "new-owner@example.com", owner.email],
      ["admin", null, admin.email],
    ]);
  });
});
