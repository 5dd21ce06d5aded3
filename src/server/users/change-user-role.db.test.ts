import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestAuth, createTestConfig, createTestContext, createTestUser, sessionUserId, signInForTest, type TestUser } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import type { Auth } from "../auth/create-auth";
import { listAuditLog } from "../audit/list-audit-log";
import { systemContext } from "../access/system-context";
import type { LanternConfig } from "../config";
import { createApiToken } from "../tokens/api-tokens";
import { tokenIssuerOf } from "../tokens/org-auth-token";
import { changeUserRole } from "./change-user-role";
import { listUsers } from "./list-users";
import { removeUser } from "./remove-user";
import { createInvite } from "../invites/create-invite";
import { findInvite } from "../invites/find-invite";

describe(`roles and removing accounts on ${testDialect}`, () => {
  let database: TestDatabase;
  let config: LanternConfig;
  let auth: Auth;
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let ownerContext: AccessContext;
  let adminContext: AccessContext;
  beforeEach(async () => {
    database = await createTestDatabase();
    config = createTestConfig();
    auth = createTestAuth(database, config);
    owner = await createTestUser(database, auth, "owner");
    admin = await createTestUser(database, auth, "admin");
    member = await createTestUser(database, auth, "member");
    ownerContext = await createTestContext(database, config, owner.userId);
    adminContext = await createTestContext(database, config, admin.userId);
  });
  afterEach(() => database.destroy());

  const roleOf = async (userId: string) => (await database.db.selectFrom("users").select("role").where("id", "=", userId).executeTakeFirstOrThrow()).role;

  it("never demotes the last owner, and lets an owner hand over before stepping down", async () => {
    await expect(changeUserRole(ownerContext, { userId: owner.userId, role: "admin" })).rejects.toMatchObject({ code: "conflict", message: expect.stringContaining("at least one owner") });
    expect(await roleOf(owner.userId)).toBe("owner");
    await changeUserRole(ownerContext, { userId: admin.userId, role: "owner" });
    await changeUserRole(ownerContext, { userId: owner.userId, role: "member" });
    expect(await roleOf(owner.userId)).toBe("member");
    expect(await roleOf(admin.userId)).toBe("owner");
  });

  it("keeps an owner when two owners demote each other at the same moment", async () => {
    // Several rounds, so that both transactions really overlap on warm connections.
    for (let round = 0; round < 5; round++) {
      await database.db.updateTable("users").set({ role: "owner" }).where("id", "in", [owner.userId, admin.userId]).execute();
      const first = await createTestContext(database, config, owner.userId);
      const second = await createTestContext(database, config, admin.userId);
      const results = await Promise.allSettled([changeUserRole(first, { userId: admin.userId, role: "admin" }), changeUserRole(second, { userId: owner.userId, role: "admin" })]);
      const owners = await database.db.selectFrom("users").select("id").where("role", "=", "owner").execute();
      expect(owners).toHaveLength(1);
      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    }
  });

  it("lets admins set admin and member but never grant, remove or demote an owner; members change nothing", async () => {
    await expect(changeUserRole(adminContext, { userId: member.userId, role: "owner" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(changeUserRole(adminContext, { userId: owner.userId, role: "admin" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(removeUser(adminContext, { userId: owner.userId })).rejects.toMatchObject({ code: "forbidden" });
    await expect(changeUserRole(adminContext, { userId: member.userId, role: "admin" })).resolves.toMatchObject({ from: "member", to: "admin" });
    await expect(changeUserRole(adminContext, { userId: member.userId, role: "member" })).resolves.toMatchObject({ from: "admin", to: "member" });
    const memberContext = await createTestContext(database, config, member.userId);
    await expect(changeUserRole(memberContext, { userId: member.userId, role: "admin" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(removeUser(memberContext, { userId: admin.userId })).rejects.toMatchObject({ code: "forbidden" });
    await expect(changeUserRole(ownerContext, { userId: member.userId, role: "root" as never })).rejects.toMatchObject({ code: "bad_request" });

    const changes = (await listAuditLog(systemContext(database, createTestConfig()), { action: "user.role_changed" })).entries;
    expect(changes.map((entry) => [entry.actorEmail, entry.target, JSON.parse(entry.data ?? "{}")])).toEqual([
      [admin.email, member.email, { userId: member.userId, from: "admin", to: "member" }],
      [admin.email, member.email, { userId: member.userId, from: "member", to: "admin" }],
    ]);
  });

  it("removes an account with its sessions, tokens and pending invites at once, records it, and refuses removing yourself", async () => {
    const browser = await signInForTest(auth, member.email, member.password);
    expect(await sessionUserId(auth, browser)).toBe(member.userId);
    await createApiToken(database.db, { userId: member.userId, name: "ci", scopes: ["read"] , issuer: tokenIssuerOf(config) });
    const adminInvite = await createInvite(adminContext, { email: "", role: "member", teamId: "" });
    const ownerInvite = await createInvite(ownerContext, { email: "", role: "member", teamId: "" });
    await removeUser(ownerContext, { userId: admin.userId });
    // The removed admin's pending link no longer works; another person's still does.
    expect(await findInvite(database.db, adminInvite.url.split("/").at(-1)!)).toMatchObject({ status: "revoked" });
    expect(await findInvite(database.db, ownerInvite.url.split("/").at(-1)!)).toMatchObject({ status: "pending" });
    await removeUser(ownerContext, { userId: member.userId });
    expect(await sessionUserId(auth, browser)).toBeNull();
    expect(await database.db.selectFrom("sessions").select("id").where("user_id", "=", member.userId).execute()).toEqual([]);
    expect(await database.db.selectFrom("api_tokens").select("id").where("user_id", "=", member.userId).execute()).toEqual([]);
    expect((await listUsers(database.db)).map((user) => user.email)).toEqual([owner.email]);
    await expect(removeUser(ownerContext, { userId: owner.userId })).rejects.toMatchObject({ code: "bad_request" });
    await expect(removeUser(ownerContext, { userId: member.userId })).rejects.toMatchObject({ code: "not_found" });

    const [removedMember, removedAdmin] = (await listAuditLog(systemContext(database, createTestConfig()), { action: "user.removed" })).entries;
    expect(removedMember).toMatchObject({ actor: `user:${owner.email}`, target: member.email, ipAddress: "192.0.2.10" });
    expect(removedAdmin).toMatchObject({ actor: `user:${owner.email}`, target: admin.email });
  });
});
