import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestAuth, createTestConfig, createTestUser, type TestUser } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { authenticateApiToken, createApiToken, hashToken, listApiTokens } from "./api-tokens";
import { readOrgAuthToken, tokenIssuerOf } from "./org-auth-token";

describe(`API tokens on ${testDialect}`, () => {
  let database: TestDatabase;
  let owner: TestUser;
  const config = createTestConfig({ LANTERN_URL: "https://lantern.example.com/", LANTERN_ORG_SLUG: "acme" });
  beforeEach(async () => {
    database = await createTestDatabase();
    owner = await createTestUser(database, createTestAuth(database, config), "owner");
  });
  afterEach(() => database.destroy());

  it("issues org-format tokens naming this instance's URL and organization, and stores only their hash", async () => {
    const { id, token } = await createApiToken(database.db, { userId: owner.userId, name: "ci", scopes: ["upload"], issuer: tokenIssuerOf(config) });
    expect(token).toMatch(/^sntrys_[A-Za-z0-9+/=]+_[A-Za-z0-9+/]{43}$/);
    expect(readOrgAuthToken(token)).toMatchObject({ url: "https://lantern.example.com", region_url: "https://lantern.example.com", org: "acme" });
    const row = await database.db.selectFrom("api_tokens").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token.split("_")[2]);
    expect(await listApiTokens(database.db, owner.userId)).toMatchObject([{ id, hint: `sntrys_…${token.slice(-4)}` }]);
    expect(await authenticateApiToken(database.db, token)).toMatchObject({ userId: owner.userId });
  });

  it("still accepts a token issued before the org format (lnt_…), listed by its first characters", async () => {
    const legacy = "lnt_Zm9yLXRoZS11cGdyYWRlLXRlc3Qtb2YtbGVnYWN5LXRva2Vucw";
    await database.db
      .insertInto("api_tokens")
      .values({ user_id: owner.userId, name: "old deploy script", token_hash: hashToken(legacy), token_prefix: legacy.slice(0, 10), scopes: "read,write", created_at: Date.now() })
      .execute();
    const viewer = await authenticateApiToken(database.db, legacy);
    expect(viewer).toMatchObject({ userId: owner.userId });
    expect([...viewer!.permissions].sort()).toEqual(["read", "upload", "write"]);
    expect(await listApiTokens(database.db, owner.userId)).toMatchObject([{ name: "old deploy script", hint: `${legacy.slice(0, 10)}…` }]);
  });

  it("write and admin tokens may upload and manage releases; upload alone grants nothing else; read grants no upload", async () => {
    const permissionsOf = async (scopes: ("read" | "write" | "admin" | "upload")[]) => {
      const { token } = await createApiToken(database.db, { userId: owner.userId, name: scopes.join(","), scopes, issuer: tokenIssuerOf(config) });
      return [...(await authenticateApiToken(database.db, token))!.permissions].sort();
    };
    expect(await permissionsOf(["read", "write"])).toEqual(["read", "upload", "write"]);
    expect(await permissionsOf(["admin"])).toEqual(["admin", "upload"]);
    expect(await permissionsOf(["upload"])).toEqual(["upload"]);
    expect(await permissionsOf(["read"])).toEqual(["read"]);
  });

  it("refuses what is not a live token: unknown, revoked, tampered, foreign prefixes, oversized", async () => {
    const { id, token } = await createApiToken(database.db, { userId: owner.userId, name: "revoked", scopes: ["read"], issuer: tokenIssuerOf(config) });
    const [, payload, secret] = token.split("_") as [string, string, string];
    const otherSecret = `${secret.slice(0, -1)}${secret.endsWith("A") ? "B" : "A"}`;
    for (const wrong of [`sntrys_${payload}_${otherSecret}`, `sntryu_${"0".repeat(64)}`, token.replace("sntrys_", "sntrys_x"), `sntrys_${"A".repeat(5000)}`, `Bearer ${token}`]) {
      expect(await authenticateApiToken(database.db, wrong), wrong.slice(0, 40)).toBeNull();
    }
    expect(await authenticateApiToken(database.db, token)).not.toBeNull();
    await database.db.updateTable("api_tokens").set({ revoked_at: Date.now() }).where("id", "=", id).execute();
    expect(await authenticateApiToken(database.db, token)).toBeNull();
  });
});
