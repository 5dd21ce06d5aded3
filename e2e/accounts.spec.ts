import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { uniqueToken } from "../tests/support/sdk-helpers";
import { startSmtpInbox, type SmtpInbox } from "../tests/support/smtp-inbox";
import { createProjectDsn, freePort, lanternEnvironment, startLanternProcess, type LanternProcess } from "./support/lantern-process";
import { openWithKeyboard } from "./support/open-with-keyboard";
import { anonymousState, e2eOwner, e2eServerEnvironment } from "./support/server";

/**
 * Accounts as people meet them (acceptance 5 of accounts and access): the first run of a fresh instance,
 * an invitation accepted in a second browser, a password reset through a real SMTP server, sign-in
 * throttling as the form shows it, and the audit log page. The first run and the e-mail flows get their
 * own `lantern start` (fresh SQLite file, the production build global setup made); the invitation runs on
 * the main e2e server as its owner.
 */
const execFileAsync = promisify(execFile);
const mainEnvironment = { ...process.env, ...e2eServerEnvironment };

interface Instance {
  lantern: LanternProcess;
  environment: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

async function startInstance(extra: Record<string, string> = {}, seed?: (environment: NodeJS.ProcessEnv) => Promise<void>): Promise<Instance> {
  const directory = mkdtempSync(join(tmpdir(), "lantern-accounts-"));
  const environment = { ...lanternEnvironment(await freePort(), join(directory, "lantern.db")), ...extra };
  await seed?.(environment);
  const lantern = await startLanternProcess(environment);
  return {
    lantern,
    environment,
    stop: async () => {
      await lantern.stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** `lantern user create` against an instance, the password on stdin. */
async function createUser(environment: NodeJS.ProcessEnv, user: { email: string; password: string; role: "owner" | "member" }): Promise<void> {
  const role = user.role === "owner" ? ["--owner"] : ["--role", user.role];
  const child = execFileAsync(process.execPath, ["cli/lantern.mjs", "user", "create", ...role, "--email", user.email, "--password-stdin"], { env: environment, encoding: "utf8" });
  child.child.stdin?.end(user.password);
  await child;
}

async function anonymousPage(browser: Browser, baseURL?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ storageState: anonymousState, ...(baseURL ? { baseURL } : {}) });
  return { context, page: await context.newPage() };
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** A form's or page's error; Next's route announcer (also role="alert", outside <main>) is not one. */
function alertIn(page: Page) {
  return page.getByRole("main").getByRole("alert");
}

function auditRow(page: Page, action: string, text: string) {
  return page.getByRole("table", { name: "Audit log" }).getByRole("row").filter({ hasText: action }).filter({ hasText: text });
}

test("first run: every page leads to setup, and creating the owner signs them in", async ({ browser }) => {
  test.setTimeout(120_000);
  const instance = await startInstance();
  const { context, page } = await anonymousPage(browser, instance.lantern.baseUrl);
  try {
    for (const path of ["/", "/projects", "/settings/members", "/sign-in", "/settings/audit-log"]) {
      await page.goto(path);
      await expect(page, `${path} leads to setup`).toHaveURL(/\/setup$/);
    }
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to Lantern" })).toBeVisible();
    await page.getByLabel("Name").fill("Ada Owner");
    await page.getByLabel("E-mail").fill("ada@first-run.test");
    await page.getByLabel("Password (at least 10 characters)").fill("first-run-password");
    await page.getByRole("button", { name: "Create owner account" }).click();
    await expect(page).toHaveURL(/\/projects$/);
    await expect(page.getByRole("link", { name: "Ada Owner" })).toBeVisible();

    // Setup is closed now; the owner's first steps are in the audit log.
    await page.goto("/setup");
    await expect(page).not.toHaveURL(/\/setup$/);
    await page.goto("/settings/audit-log");
    await expect(auditRow(page, "user.created", "ada@first-run.test")).toHaveCount(1);
    await expect(auditRow(page, "auth.sign_in", "ada@first-run.test")).toHaveCount(1);
  } finally {
    await context.close();
    await instance.stop();
  }
});

test("an invitation accepted in another browser creates a signed-in member who sees only their team's project", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const token = uniqueToken();
  const teamName = `Checkout ${token}`;
  const visible = `Storefront ${token}`;
  const hidden = `Payroll ${token}`;
  const invitee = { name: `Grace ${token}`, email: `grace-${token}@lantern.test`, password: "grace-password-1" };
  await createProjectDsn(mainEnvironment, visible);
  await createProjectDsn(mainEnvironment, hidden);

  // The owner makes a team with one of the two projects…
  await page.goto("/settings");
  await page.getByRole("navigation", { name: "Accounts and access" }).getByRole("link", { name: "Teams" }).click();
  await page.getByLabel("Team name").fill(teamName);
  await page.getByRole("button", { name: "Create team" }).click();
  const team = page.getByRole("region", { name: teamName });
  await team.getByLabel(`Project to add to ${teamName}`).selectOption({ label: visible });
  await team.getByRole("button", { name: "Add project" }).click();
  await expect(team.getByRole("list", { name: `Projects of ${teamName}` })).toContainText(visible);

  // …and invites someone into it. Without SMTP, the link is shown to pass on.
  await page.goto("/settings/members");
  await page.getByLabel("E-mail (optional)").fill(invitee.email);
  await page.getByLabel("Role", { exact: true }).selectOption("member");
  await page.getByLabel("Team", { exact: true }).selectOption({ label: teamName });
  await page.getByRole("button", { name: "Create invite link" }).click();
  const created = page.getByRole("status").filter({ hasText: "Pass the link on" });
  const link = (await created.locator("code").textContent()) ?? "";
  expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole("list", { name: "Pending invitations" })).toContainText(invitee.email);

  const { context, page: inviteePage } = await anonymousPage(browser);
  try {
    await inviteePage.goto(link);
    await expect(inviteePage.getByRole("heading", { level: 1, name: "Join Lantern" })).toBeVisible();
    await expect(inviteePage.getByText(`You are invited as a member of the team ${teamName}.`)).toBeVisible();
    await expect(inviteePage.getByText(invitee.email)).toBeVisible();
    await inviteePage.getByLabel("Name").fill(invitee.name);
    await inviteePage.getByLabel("Password (at least 10 characters)").fill(invitee.password);
    await inviteePage.getByRole("button", { name: "Create account" }).click();
    await expect(inviteePage).toHaveURL(/\/projects$/);
    await expect(inviteePage.getByRole("link", { name: invitee.name })).toBeVisible();
    const projects = inviteePage.getByRole("list", { name: "Projects" });
    await expect(projects.getByRole("link", { name: visible, exact: true })).toBeVisible();
    await expect(projects.getByRole("link", { name: hidden, exact: true })).toHaveCount(0);

    // The link worked once; the audit log is not for members.
    await inviteePage.goto(link);
    await expect(alertIn(inviteePage)).toHaveText("This invitation has already been used. Sign in, or ask for a new one.");
    const forbidden = await inviteePage.goto("/settings/audit-log");
    expect(forbidden?.status()).toBe(404);
  } finally {
    await context.close();
  }

  await page.goto("/settings/members");
  const row = page.getByRole("table", { name: "Members" }).getByRole("row").filter({ hasText: invitee.email });
  await expect(row).toContainText("Member");
  await expect(row).toContainText(teamName);
  await expect(page.getByRole("list", { name: "Pending invitations" }).getByText(invitee.email)).toHaveCount(0);

  // Removing them asks first, in an alert dialog opened from the keyboard: Escape keeps them, its button removes them.
  const remove = row.getByRole("button", { name: "Remove…" });
  const confirmRemove = page.getByRole("alertdialog", { name: `Remove ${invitee.email}?` });
  const removeForGood = confirmRemove.getByRole("button", { name: `Remove ${invitee.email}` });
  await openWithKeyboard(page, remove, removeForGood, { opened: confirmRemove });
  await expect(confirmRemove).toContainText("Their sessions end at once; their API tokens stop working.");
  await page.keyboard.press("Escape");
  await expect(confirmRemove).toHaveCount(0);
  await expect(remove).toBeFocused();
  await remove.click();
  await removeForGood.click();
  await expect(row).toHaveCount(0);

  // Deleting the team asks the same way.
  await page.goto("/settings/teams");
  await team.getByRole("button", { name: "Delete team…" }).click();
  await page.getByRole("alertdialog", { name: `Delete ${teamName}?` }).getByRole("button", { name: `Delete ${teamName}` }).click();
  await expect(team).toHaveCount(0);

  await page.goto("/settings/audit-log");
  await expect(auditRow(page, "team.created", `team:`).filter({ hasText: teamName })).toHaveCount(1);
  await expect(auditRow(page, "team.project_added", visible.toLowerCase().replace(/ /g, "-"))).toHaveCount(1);
  await expect(auditRow(page, "invite.created", invitee.email).filter({ hasText: e2eOwner.email })).toHaveCount(1);
  await expect(auditRow(page, "invite.accepted", invitee.email)).toHaveCount(1);
  await expect(auditRow(page, "user.removed", invitee.email)).toHaveCount(1);
  await expect(auditRow(page, "team.deleted", teamName)).toHaveCount(1);
});

test("API tokens: created with chosen scopes and shown once, listed by prefix, revoked, and audited", async ({ page }) => {
  const name = `release script ${uniqueToken()}`;
  await page.goto("/settings/account");
  const form = page.getByRole("form", { name: "Create an API token" });
  await form.getByLabel("Name").fill(name);
  await form.getByRole("checkbox", { name: /write/ }).check();
  await page.getByRole("button", { name: "Create token" }).click();
  const token = (await page.getByRole("status").filter({ hasText: "Bearer" }).locator("code").textContent()) ?? "";
  // Sentry's org-token format: sentry-cli reads this instance's URL and organization from it.
  expect(token).toMatch(/^sntrys_[A-Za-z0-9+/]+={0,2}_[A-Za-z0-9+/]{43}$/);
  const row = page.getByRole("list", { name: "API tokens" }).getByRole("listitem").filter({ hasText: name });
  await expect(row).toContainText(`sntrys_…${token.slice(-4)}`);
  await expect(row).toContainText("never used");
  await expect(row.getByText("read", { exact: true })).toBeVisible();
  await expect(row.getByText("write", { exact: true })).toBeVisible();
  await expect(row.getByText("admin", { exact: true })).toHaveCount(0);
  // The token itself is not on the page any more after a reload.
  await page.reload();
  await expect(page.getByText(token)).toHaveCount(0);

  // Revoking asks first: Escape keeps the token.
  await row.getByRole("button", { name: "Revoke…" }).click();
  const confirm = page.getByRole("alertdialog", { name: `Revoke ${name}?` });
  await expect(confirm).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(confirm).toHaveCount(0);
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: "Revoke…" }).click();
  await confirm.getByRole("button", { name: "Revoke token" }).click();
  await expect(page.getByRole("list", { name: "API tokens" }).getByRole("listitem").filter({ hasText: name })).toHaveCount(0);
  await page.goto("/settings/audit-log");
  await expect(auditRow(page, "token.created", name)).toHaveCount(1);
  await expect(auditRow(page, "token.revoked", e2eOwner.email).first()).toBeVisible();
});

test.describe("an instance that sends e-mail", () => {
  let inbox: SmtpInbox;
  let instance: Instance;
  const owner = { email: "owner@mail.test", password: "owner-password-1", role: "owner" as const };
  const member = { email: "reset-me@mail.test", password: "old-password-1", role: "member" as const };
  const throttled = { email: "throttled@mail.test", password: "throttled-password-1", role: "member" as const };
  const changer = { email: "changer@mail.test", password: "changer-password-1", role: "member" as const };

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    inbox = await startSmtpInbox();
    instance = await startInstance({ LANTERN_SMTP_URL: inbox.url }, async (environment) => {
      for (const user of [owner, member, throttled, changer]) await createUser(environment, user);
    });
  });
  test.afterAll(async () => {
    await instance?.stop();
    await inbox?.close();
  });

  test("password reset: the e-mailed link sets a new password, the old one stops working and other sessions end", async ({ browser }) => {
    const elsewhere = await anonymousPage(browser, instance.lantern.baseUrl);
    const { context, page } = await anonymousPage(browser, instance.lantern.baseUrl);
    try {
      await signIn(elsewhere.page, member.email, member.password);
      await expect(elsewhere.page).toHaveURL(/\/projects$/);

      await page.goto("/sign-in");
      await page.getByRole("link", { name: "Forgot your password?" }).click();
      // The sign-in form has an "E-mail" field too: fill only once the client-side navigation has landed.
      await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
      await page.getByLabel("E-mail").fill(member.email);
      const since = inbox.mails.length;
      await page.getByRole("button", { name: "Send reset link" }).click();
      await expect(page.getByRole("status")).toContainText("If an account uses this address, an e-mail with a reset link is on its way.");
      const mail = await inbox.waitForMail(member.email, { since });
      expect(mail.subject).toBe("Reset your Lantern password");
      const link = /https?:\/\/\S+/.exec(mail.text)?.[0] ?? "";
      expect(link.startsWith(`${instance.lantern.baseUrl}/reset-password?token=`)).toBe(true);

      await page.goto(link);
      await page.getByLabel("New password (at least 10 characters)").fill("new-password-after-reset");
      await page.getByRole("button", { name: "Set password" }).click();
      await expect(page.getByRole("status")).toContainText("Your password is set");

      await signIn(page, member.email, member.password);
      await expect(alertIn(page)).toHaveText("Wrong e-mail or password.");
      await signIn(page, member.email, "new-password-after-reset");
      await expect(page).toHaveURL(/\/projects$/);
      await elsewhere.page.goto("/projects");
      await expect(elsewhere.page).toHaveURL(/\/sign-in/);
    } finally {
      await context.close();
      await elsewhere.context.close();
    }
  });

  test("sign-in throttling: after five wrong passwords the right one is refused too, and the audit log shows the attempts", async ({ browser }) => {
    const { context, page } = await anonymousPage(browser, instance.lantern.baseUrl);
    const admin = await anonymousPage(browser, instance.lantern.baseUrl);
    try {
      for (let attempt = 1; attempt <= 5; attempt++) {
        await signIn(page, throttled.email, `wrong-password-${attempt}`);
        await expect(alertIn(page)).toHaveText("Wrong e-mail or password.");
      }
      await signIn(page, throttled.email, throttled.password);
      await expect(alertIn(page)).toHaveText(/^Too many failed sign-ins\. Try again in 1[45] minutes\.$/);
      await expect(page).toHaveURL(/\/sign-in/);

      await signIn(admin.page, owner.email, owner.password);
      await expect(admin.page).toHaveURL(/\/projects$/);
      await admin.page.goto("/settings/audit-log");
      await expect(auditRow(admin.page, "auth.sign_in_failed", throttled.email)).toHaveCount(5);
      await expect(auditRow(admin.page, "auth.sign_in", owner.email).first()).toBeVisible();
    } finally {
      await context.close();
      await admin.context.close();
    }
  });

  test("a changed password ends the other sessions, and signing out everywhere ends this one too", async ({ browser }) => {
    const here = await anonymousPage(browser, instance.lantern.baseUrl);
    const elsewhere = await anonymousPage(browser, instance.lantern.baseUrl);
    try {
      await signIn(elsewhere.page, changer.email, changer.password);
      await expect(elsewhere.page).toHaveURL(/\/projects$/);
      await signIn(here.page, changer.email, changer.password);
      await expect(here.page).toHaveURL(/\/projects$/);
      await here.page.goto("/settings/account");
      await here.page.getByLabel("Current password").fill(changer.password);
      await here.page.getByLabel("New password (at least 10 characters)").fill("changed-password-1");
      await here.page.getByRole("button", { name: "Change password" }).click();
      await expect(here.page.getByRole("status")).toHaveText("Password changed. Every other session of yours was signed out.");
      await elsewhere.page.goto("/projects");
      await expect(elsewhere.page).toHaveURL(/\/sign-in/);
      // This browser got a new session with the change.
      await here.page.goto("/settings/account");
      await expect(here.page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();

      await here.page.getByRole("button", { name: "Sign out everywhere" }).click();
      await expect(here.page).toHaveURL(/\/sign-in/);
      await here.page.goto("/projects");
      await expect(here.page).toHaveURL(/\/sign-in/);
    } finally {
      await here.context.close();
      await elsewhere.context.close();
    }
  });
});
