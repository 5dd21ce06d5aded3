import { getMigrations } from "better-auth/db/migration";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { loadConfig } from "../config";
import { authOptions, createAuth } from "./create-auth";

const secret = "a-test-secret-that-is-long-enough-000";

describe(`better-auth over Lantern's tables on ${testDialect}`, () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => database.destroy());

  it("finds every table and column it needs in migrations 0007 and 0035 (nothing to create or add)", async () => {
    const { toBeCreated, toBeAdded } = await getMigrations(authOptions(database, loadConfig({}), secret));
    expect(toBeCreated.map((table) => table.table)).toEqual([]);
    expect(toBeAdded.map((table) => `${table.table}: ${Object.keys(table.fields).join(", ")}`)).toEqual([]);
  });

  it("stores a scrypt hash, never the password, and signs in with it", async () => {
    const auth = createAuth(database, loadConfig({}), secret);
    const password = "a-long-enough-password";
    const { user } = await auth.api.signUpEmail({ body: { name: "Ada", email: "ada@example.com", password } });
    const account = await database.db.selectFrom("accounts").select(["password", "provider_id", "user_id"]).where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(account.provider_id).toBe("credential");
    expect(account.password).not.toContain(password);
    // better-auth's scrypt format: hex salt, a colon, the hex key.
    expect(account.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    const signedIn = await auth.api.signInEmail({ body: { email: "ada@example.com", password }, returnHeaders: true });
    const cookie = signedIn.headers.getSetCookie().find((value) => value.startsWith("lantern.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    await expect(auth.api.signInEmail({ body: { email: "ada@example.com", password: "not-the-password" } })).rejects.toMatchObject({ statusCode: 401 });
  });

  it("marks the session cookie Secure when Lantern is served over HTTPS", async () => {
    const auth = createAuth(database, loadConfig({ LANTERN_URL: "https://lantern.example.com" }), secret);
    await auth.api.signUpEmail({ body: { name: "Ada", email: "ada@example.com", password: "a-long-enough-password" } });
    const signedIn = await auth.api.signInEmail({ body: { email: "ada@example.com", password: "a-long-enough-password" }, returnHeaders: true });
    expect(signedIn.headers.getSetCookie().join("\n")).toMatch(/__Secure-lantern\.session_token=[^;]+;.*Secure/i);
  });
});
