import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { createDatabase } from "../src/server/db/create-database";
import { freePort, lanternEnvironment, startLanternProcess, type LanternProcess } from "./support/lantern-process";
import { startOidcProvider, testAccountDomain, type TestOidcProvider } from "./support/oidc-provider";
import { anonymousState } from "./support/server";

/**
 * OpenID Connect sign-in against a real provider (oidc-provider in this process, see support/oidc-provider):
 * a second `lantern start` configured with it, its users made with `lantern user create`, and Chromium
 * walking the whole redirect dance — Lantern's sign-in page, the provider's login and consent, better-auth's
 * callback — on 127.0.0.1 only.
 */
const execFileAsync = promisify(execFile);
const providerName = "Test IdP";
const alice = { login: "alice", email: `alice@${testAccountDomain}`, name: "Alice Example", password: "alice-password-0123" };

let provider: TestOidcProvider;
let lantern: LanternProcess;
let directory: string;
let databasePath: string;

/** `lantern user create` against the instance's environment, the password on stdin. */
async function createUser(environment: NodeJS.ProcessEnv, user: { email: string; name: string; password: string }): Promise<void> {
  const child = execFileAsync(process.execPath, ["cli/lantern.mjs", "user", "create", "--owner", "--email", user.email, "--name", user.name, "--password-stdin"], { env: environment, encoding: "utf8" });
  child.child.stdin?.end(user.password);
  await child;
}

/** An anonymous browser on the OIDC instance that refuses every request not to 127.0.0.1 (the provider's dev pages import a web font). */
async function localOnlyContext(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ storageState: anonymousState, baseURL });
  await context.route((url) => url.hostname !== "127.0.0.1", (route) => route.abort("blockedbyclient"));
  return { context, page: await context.newPage() };
}

/** From Lantern's sign-in page through the provider's login form and consent screen, as `login`. */
async function signInThroughProvider(page: Page, login: string): Promise<void> {
  await page.goto("/sign-in");
  await page.getByRole("link", { name: `Sign in with ${providerName}` }).click();
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await page.getByPlaceholder("Enter any login").fill(login);
  await page.getByPlaceholder("and password").fill("any password at all");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

async function readInstance<T>(read: (database: ReturnType<typeof createDatabase>) => Promise<T>): Promise<T> {
  const database = createDatabase({ dialect: "sqlite", path: databasePath });
  try {
    return await read(database);
  } finally {
    await database.close();
  }
}

test.describe("with an OpenID Connect provider configured", () => {
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    directory = mkdtempSync(join(tmpdir(), "lantern-oidc-"));
    databasePath = join(directory, "lantern.db");
    const port = await freePort();
    provider = await startOidcProvider({ redirectUri: `http://127.0.0.1:${port}/api/auth/callback/oidc` });
    const environment = {
      ...lanternEnvironment(port, databasePath),
      LANTERN_OIDC_ISSUER: provider.issuer,
      LANTERN_OIDC_CLIENT_ID: provider.clientId,
      LANTERN_OIDC_CLIENT_SECRET: provider.clientSecret,
      LANTERN_OIDC_NAME: providerName,
    };
    await createUser(environment, alice);
    lantern = await startLanternProcess(environment);
  });

  test.afterAll(async () => {
    await lantern?.stop();
    await provider?.close();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  test("a person whose e-mail has an account signs in through the provider, and the sign-in is audited", async ({ browser }) => {
    const { context, page } = await localOnlyContext(browser, lantern.baseUrl);
    try {
      await signInThroughProvider(page, alice.login);
      await expect(page).toHaveURL(`${lantern.baseUrl}/projects`);
      await expect(page.getByRole("link", { name: alice.name })).toBeVisible();
      // The session is real: another dashboard page opens without a detour to sign-in.
      await page.goto("/settings/account");
      await expect(page).toHaveURL(`${lantern.baseUrl}/settings/account`);

      const { audit, accounts } = await readInstance(async ({ db }) => ({
        audit: await db.selectFrom("audit_log").select(["actor", "actor_email", "target", "ip_address", "data"]).where("action", "=", "auth.sign_in").execute(),
        accounts: await db
          .selectFrom("accounts")
          .innerJoin("users", "users.id", "accounts.user_id")
          .select(["users.email", "accounts.account_id"])
          .where("accounts.provider_id", "=", "oidc")
          .execute(),
      }));
      expect(audit).toEqual([{ actor: `user:${alice.email}`, actor_email: alice.email, target: alice.email, ip_address: "127.0.0.1", data: JSON.stringify({ method: "oidc", provider: "oidc" }) }]);
      // The provider's identity (its subject) is now joined to the existing account.
      expect(accounts).toEqual([{ email: alice.email, account_id: alice.login }]);
    } finally {
      await context.close();
    }
  });

  test("an e-mail with no Lantern account is refused with a message, and no account is created", async ({ browser }) => {
    const { context, page } = await localOnlyContext(browser, lantern.baseUrl);
    const stranger = "mallory";
    const countUsers = () => readInstance(async ({ db }) => Number((await db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n));
    try {
      const usersBefore = await countUsers();
      await signInThroughProvider(page, stranger);
      await expect(page).toHaveURL(`${lantern.baseUrl}/sign-in?error=signup_disabled`);
      await expect(page.getByRole("main").getByRole("alert")).toHaveText("No Lantern account uses this e-mail; ask an admin for an invite.");
      // Still anonymous: the dashboard sends the browser back to sign-in.
      await page.goto("/projects");
      await expect(page).toHaveURL(/\/sign-in\?next=%2Fprojects$/);

      expect(await countUsers()).toBe(usersBefore);
      const strangerRows = await readInstance(async ({ db }) => ({
        users: await db.selectFrom("users").select("id").where("email", "=", `${stranger}@${testAccountDomain}`).execute(),
        accounts: await db.selectFrom("accounts").select("id").where("account_id", "=", stranger).execute(),
        signIns: await db.selectFrom("audit_log").select("id").where("action", "=", "auth.sign_in").where("target", "=", `${stranger}@${testAccountDomain}`).execute(),
      }));
      expect(strangerRows).toEqual({ users: [], accounts: [], signIns: [] });
    } finally {
      await context.close();
    }
  });

  test("better-auth's own endpoints stay closed; only the OIDC callback is served", async ({ request }) => {
    const url = (path: string) => `${lantern.baseUrl}/api/auth${path}`;
    const signUp = await request.post(url("/sign-up/email"), { data: { email: `eve@${testAccountDomain}`, password: "eve-password-0123", name: "Eve" }, failOnStatusCode: false });
    expect(signUp.status()).toBe(404);
    const signIn = await request.post(url("/sign-in/email"), { data: { email: alice.email, password: alice.password }, failOnStatusCode: false });
    expect(signIn.status()).toBe(404);
    const social = await request.post(url("/sign-in/social"), { data: { provider: "oidc", callbackURL: "/projects" }, failOnStatusCode: false });
    expect(social.status()).toBe(404);
    expect((await request.get(url("/get-session"), { failOnStatusCode: false })).status()).toBe(404);
    // The callback itself answers — without a state it sends the browser back to sign-in with the reason.
    const callback = await request.get(url("/callback/oidc"), { maxRedirects: 0, failOnStatusCode: false });
    expect(callback.status()).toBe(302);
    expect(callback.headers()["location"]).toBe("/sign-in?error=state_not_found");
    expect(await readInstance(async ({ db }) => db.selectFrom("users").select("id").where("email", "=", `eve@${testAccountDomain}`).execute())).toEqual([]);
  });
});

test.describe("without a provider configured", () => {
  test.use({ storageState: anonymousState });

  test("/sign-in/oidc is a 404 and the sign-in page has no single sign-on button", async ({ page, request }) => {
    const start = await request.get("/sign-in/oidc", { maxRedirects: 0, failOnStatusCode: false });
    expect(start.status()).toBe(404);
    expect((await request.get("/api/auth/callback/oidc", { maxRedirects: 0, failOnStatusCode: false })).status()).toBe(404);
    await page.goto("/sign-in");
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
    await expect(page.getByText(/Sign in with/)).toHaveCount(0);
  });
});
