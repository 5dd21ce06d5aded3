import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { createDatabase, type LanternDatabase } from "../src/server/db/create-database";
import { eventEnvelope, inflateEvent } from "../tests/support/sdk-helpers";
import { createProjectDsn, freePort, lanternEnvironment, startLanternProcess, type LanternProcess } from "./support/lantern-process";
import { anonymousState } from "./support/server";

/**
 * The client address behind a proxy, on a real `lantern start` (issue 15, acceptance 3): the browser's
 * connection plays the proxy (127.0.0.1, trusted); X-Forwarded-For carries what a client wrote followed by
 * the hop the proxy appended. The audit log, the sign-in throttle and an event's {{auto}} IP must all take
 * the appended hop, never the client's own entries.
 */
const execFileAsync = promisify(execFile);
const member = { email: "behind-proxy@mail.test", password: "behind-proxy-password-1" };

let lantern: LanternProcess;
let environment: NodeJS.ProcessEnv;
let directory: string;
let database: LanternDatabase;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  directory = mkdtempSync(join(tmpdir(), "lantern-client-address-"));
  environment = { ...lanternEnvironment(await freePort(), join(directory, "lantern.db")), LANTERN_TRUSTED_PROXIES: "127.0.0.1", LANTERN_SIGN_IN_MAX_FAILURES_PER_IP: "3" };
  const created = execFileAsync(process.execPath, ["cli/lantern.mjs", "user", "create", "--role", "member", "--email", member.email, "--password-stdin"], { env: environment, encoding: "utf8" });
  created.child.stdin?.end(member.password);
  await created;
  lantern = await startLanternProcess(environment);
  database = createDatabase({ dialect: "sqlite", path: join(directory, "lantern.db") });
});
test.afterAll(async () => {
  await database?.close();
  await lantern?.stop();
  rmSync(directory, { recursive: true, force: true });
});

async function browserBehindProxy(browser: Browser, forwardedFor: string): Promise<Page> {
  const context = await browser.newContext({ storageState: anonymousState, baseURL: lantern.baseUrl, extraHTTPHeaders: { "x-forwarded-for": forwardedFor } });
  return context.newPage();
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("sign-in: the throttle counts and the audit log records the hop the proxy appended, whatever the client wrote before it", async ({ browser }) => {
  const page = await browserBehindProxy(browser, "203.0.113.1, 198.51.100.7");
  try {
    for (let attempt = 1; attempt <= 3; attempt++) {
      // A new made-up address each time, in front of the proxy's hop.
      await page.context().setExtraHTTPHeaders({ "x-forwarded-for": `203.0.113.${attempt}, 198.51.100.7`, "x-lantern-client-ip": `192.0.2.${attempt}` });
      await signIn(page, member.email, `wrong-password-${attempt}`);
      await expect(page.getByRole("main").getByRole("alert")).toHaveText("Wrong e-mail or password.");
    }
    // Three failures on the account (its own limit is five): the address's limit refuses the right password.
    await page.context().setExtraHTTPHeaders({ "x-forwarded-for": "203.0.113.4, 198.51.100.7" });
    await signIn(page, member.email, member.password);
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(/^Too many failed sign-ins\./);

    const elsewhere = await browserBehindProxy(browser, "203.0.113.1, 198.51.100.8");
    await signIn(elsewhere, member.email, member.password);
    await expect(elsewhere).toHaveURL(/\/projects$/);
    await elsewhere.context().close();

    const log = await database.db.selectFrom("audit_log").select(["action", "ip_address"]).where("action", "in", ["auth.sign_in", "auth.sign_in_failed"]).orderBy("id").execute();
    expect(log).toEqual([
      { action: "auth.sign_in_failed", ip_address: "198.51.100.7" },
      { action: "auth.sign_in_failed", ip_address: "198.51.100.7" },
      { action: "auth.sign_in_failed", ip_address: "198.51.100.7" },
      { action: "auth.sign_in", ip_address: "198.51.100.8" },
    ]);
  } finally {
    await page.context().close();
  }
});

test("ingest: an event's {{auto}} IP is the hop the proxy appended", async ({ request }) => {
  const dsn = new URL(await createProjectDsn(environment, "Behind a proxy"));
  const projectId = Number(dsn.pathname.slice(1));
  const { eventId, body } = eventEnvelope({ platform: "javascript", user: { id: "u-1", ip_address: "{{auto}}" } });
  const answer = await request.post(`${lantern.baseUrl}/api/${projectId}/envelope/?sentry_version=7&sentry_key=${dsn.username}`, {
    headers: { "content-type": "application/x-sentry-envelope", "x-forwarded-for": "1.1.1.1, 198.51.100.7" },
    data: body,
  });
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toEqual({ id: eventId });

  const intake = await database.db.selectFrom("intake").select("client_ip").where("project_id", "=", projectId).execute();
  expect(intake).toEqual([{ client_ip: "198.51.100.7" }]);
  await expect
    .poll(async () => {
      const row = await database.db.selectFrom("events").select("payload").where("project_id", "=", projectId).executeTakeFirst();
      return row ? inflateEvent(row.payload).user : null;
    })
    .toEqual({ id: "u-1", ip_address: "198.51.100.7" });
});
