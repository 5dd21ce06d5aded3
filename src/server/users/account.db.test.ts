import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestAuth, createTestConfig, createTestContext, createTestUser, sessionUserId, signInForTest, type TestUser } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { Auth } from "../auth/create-auth";
import { listAuditLog } from "../audit/list-audit-log";
import { systemContext } from "../access/system-context";
import type { LanternConfig } from "../config";
import { authenticateApiToken, listApiTokens } from "../tokens/api-tokens";
import { changePassword } from "./change-password";
import { createPersonalApiToken } from "./create-personal-api-token";
import { revokePersonalApiToken } from "./revoke-personal-api-token";
import { signOutEverywhere } from "./sign-out-everywhere";

describe(`one's own account on ${testDialect}`, () => {
  let database: TestDatabase;
  let config: LanternConfig;
  let auth: Auth;
  let member: TestUser;
  beforeEach(async () => {
    database = await createTestDatabase();
    config = createTestConfig();
    auth = createTestAuth(database, config);
    member = await createTestUser(database, auth, "member");
  });
  afterEach(() => database.destroy());

  const canSignIn = (password: string) => signInForTest(auth, member.email, password).then(() => true, () => false);
  const actions = async () => (await listAuditLog(systemContext(database, createTestConfig()))).entries.map((entry) => [entry.action, entry.actor, entry.target]);

  it("changes the password with the current one and ends the other sessions", async () => {
    const here = await signInForTest(auth, member.email, member.password);
    const elsewhere = await signInForTest(auth, member.email, member.password);
    const context = await createTestContext(database, config, member.userId);
    await expect(changePassword(context, auth, { currentPassword: "not-the-password", newPassword: "a-new-password-1", headers: here })).rejects.toMatchObject({ code: "bad_request", message: "The current password is wrong." });
    await expect(changePassword(context, auth, { currentPassword: member.password, newPassword: "short", headers: here })).rejects.toMatchObject({ code: "bad_request" });
    await changePassword(context, auth, { currentPassword: member.password, newPassword: "a-new-password-1", headers: here });
    expect(await sessionUserId(auth, elsewhere)).toBeNull();
    expect(await canSignIn(member.password)).toBe(false);
    expect(await canSignIn("a-new-password-1")).toBe(true);
    expect(await actions()).toContainEqual(["auth.password_changed", `user:${member.email}`, member.email]);
  });

  it("signs out everywhere: every session of the user ends, other users' stay", async () => {
    const other = await createTestUser(database, auth, "admin");
    const otherBrowser = await signInForTest(auth, other.email, other.password);
    const here = await signInForTest(auth, member.email, member.password);
    const elsewhere = await signInForTest(auth, member.email, member.password);
    await signOutEverywhere(await createTestContext(database, config, member.userId), auth, here);
    expect(await sessionUserId(auth, here)).toBeNull();
    expect(await sessionUserId(auth, elsewhere)).toBeNull();
    expect(await sessionUserId(auth, otherBrowser)).toBe(other.userId);
    expect(await actions()).toContainEqual(["auth.sign_out_everywhere", `user:${member.email}`, member.email]);
  });

  it("creates tokens capped by the scopes chosen, refuses scopes beyond the role, and revokes them", async () => {
    const context = await createTestContext(database, config, member.userId);
    await expect(createPersonalApiToken(context, { name: "deploy", scopes: ["read", "admin"] })).rejects.toMatchObject({ code: "forbidden", message: "Your role cannot grant the admin scope." });
    await expect(createPersonalApiToken(context, { name: "", scopes: ["read"] })).rejects.toMatchObject({ code: "bad_request" });
    await expect(createPersonalApiToken(context, { name: "nothing", scopes: [] })).rejects.toMatchObject({ code: "bad_request" });
    const { id, token } = await createPersonalApiToken(context, { name: "dashboards", scopes: ["read"] });
    const viewer = await authenticateApiToken(database.db, token);
    expect(viewer && [...viewer.permissions]).toEqual(["read"]);
    expect(await listApiTokens(database.db, member.userId)).toMatchObject([{ id, name: "dashboards", scopes: ["read"], hint: `sntrys_…${token.slice(-4)}` }]);

    const admin = await createTestUser(database, auth, "admin");
    const adminToken = await createPersonalApiToken(await createTestContext(database, config, admin.userId), { name: "ops", scopes: ["read", "write", "admin"] });
    const adminViewer = await authenticateApiToken(database.db, adminToken.token);
    // A write or admin scope also uploads source maps and manages releases, as Sentry's project:write does.
    expect(adminViewer && [...adminViewer.permissions]).toEqual(["read", "write", "admin", "upload"]);

    // Only one's own tokens can be revoked.
    await expect(revokePersonalApiToken(context, { tokenId: adminToken.id })).rejects.toMatchObject({ code: "not_found" });
    await revokePersonalApiToken(context, { tokenId: id });
    expect(await authenticateApiToken(database.db, token)).toBeNull();
    expect(await listApiTokens(database.db, member.userId)).toEqual([]);
    const recorded = (await listAuditLog(systemContext(database, createTestConfig()))).entries.filter((entry) => entry.action.startsWith("token."));
    expect(recorded.map((entry) => [entry.action, entry.actor, JSON.parse(entry.data ?? "{}").tokenId])).toEqual([
      ["token.revoked", `user:${member.email}`, id],
      ["token.created", `user:${admin.email}`, adminToken.id],
      ["token.created", `user:${member.email}`, id],
    ]);
  });
});
