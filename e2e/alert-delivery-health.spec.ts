import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { systemContext } from "../src/server/access/system-context";
import { createAlertRule } from "../src/server/alerts/create-alert-rule";
import { createNotificationChannel } from "../src/server/alerts/create-notification-channel";
import { actionIds, conditionIds } from "../src/server/alerts/rule-schema";
import { loadConfig } from "../src/server/config";
import { runSdkScript, uniqueToken } from "../tests/support/sdk-helpers";
import { openLanternDatabase } from "./support/lantern-database";
import { createProjectDsn } from "./support/lantern-process";
import { e2eBaseUrl, e2eServerEnvironment } from "./support/server";

/**
 * No silent failures (issue 26, acceptance 1), in Chromium against `npm start`, which runs without
 * LANTERN_SMTP_URL: the new-project form says at its alert box that e-mail cannot be sent; a real error from
 * @sentry/node makes a new issue whose e-mail fails, and the Alerts tab and the rule's page show the failing
 * delivery with its error; a webhook channel pointed at a real receiver answering 500 shows as failing on the
 * Alerts pages and in Settings → Notifications. (With SMTP configured nothing is failing: shown against a real
 * smtp-server in src/server/alerts/delivery-health.db.test.ts and cli/doctor.test.ts.)
 */

const alertBoxLabel = "Alert me and the project's members by e-mail on every new issue";

let receiver: Server;
let receiverUrl: string;

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    request.resume();
    request.on("end", () => response.writeHead(500, { "content-type": "text/plain" }).end("receiver is broken"));
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});

test.afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

/** A real error through @sentry/node: a new issue in the project of `dsn`. */
async function sendNewIssue(dsn: string, token: string): Promise<void> {
  const run = await runSdkScript("capture-exception.mjs", { LANTERN_TEST_DSN: dsn, LANTERN_TEST_RELEASE: "shop@1.0.0", LANTERN_TEST_ENVIRONMENT: "e2e", LANTERN_TEST_TOKEN: token });
  expect(run.code, run.stderr).toBe(0);
  expect(run.facts.isFlushed).toBe(true);
}

/** Reloads `path` until `check` passes: the sender attempts deliveries right after digest, a moment after the 200. */
async function expectAfterReloads(page: Page, path: string, check: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await page.goto(path);
    await check();
  }).toPass({ timeout: 30_000, intervals: [500, 1000, 2000] });
}

test("without SMTP the new-project form warns at the alert box; ticked anyway, the first issue's e-mail shows as failing with its error on the Alerts tab and the rule's page", async ({ page }) => {
  test.setTimeout(120_000);
  const token = uniqueToken("nosmtp");
  const name = `No SMTP ${token}`;
  const slug = slugify(name);

  await page.goto("/projects/new");
  const box = page.getByLabel(alertBoxLabel);
  // Unticked where e-mail cannot be sent, and the reason is the box's own description, with the way out.
  await expect(box).not.toBeChecked();
  await expect(box).toHaveAccessibleDescription(/E-mail cannot be sent: this server has no SMTP server\. Set LANTERN_SMTP_URL/);
  await expect(page.getByRole("link", { name: "setting up e-mail" })).toHaveAttribute("href", "/docs/guides/alerts#smtp");
  await page.screenshot({ path: "test-results/screenshots/new-project-without-smtp.png" });
  await page.getByLabel("Name").fill(name);
  await box.check();
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${slug}$`));

  // The Alerts tab says before any event that the rule cannot e-mail.
  const alertsPath = `/projects/${slug}/alerts`;
  await page.goto(alertsPath);
  await expect(page.getByRole("note", { name: "E-mail is not configured" })).toContainText("“Notify on every new issue” e-mails people");

  const database = openLanternDatabase();
  let dsn: string;
  try {
    const project = await database.db.selectFrom("projects").select("id").where("slug", "=", slug).executeTakeFirstOrThrow();
    const key = await database.db.selectFrom("project_keys").select("public_key").where("project_id", "=", project.id).executeTakeFirstOrThrow();
    dsn = `http://${key.public_key}@127.0.0.1:${new URL(e2eBaseUrl).port}/${project.id}`;
  } finally {
    await database.close();
  }
  await sendNewIssue(dsn, token);

  const failing = page.getByRole("group", { name: "Failing deliveries of Notify on every new issue" });
  await expectAfterReloads(page, alertsPath, async () => {
    await expect(failing).toContainText(/E-mail failing: \d+ deliver(y|ies) since \d{4}-\d\d-\d\d [\d:]+ UTC, last error: E-mail is not configured \(LANTERN_SMTP_URL\)\./, { timeout: 1000 });
  });
  // The rule's own page says the same above its delivery log, which lists the failed e-mail in one row.
  await page.getByRole("link", { name: "Notify on every new issue", exact: true }).click();
  // One e-mail per person who sees the project (other tests add admins), all failing alike.
  await expect(failing).toContainText(/E-mail failing: \d+ deliver(y|ies) since/);
  const log = page.getByRole("table", { name: "Deliveries of Notify on every new issue" });
  await expect(log.getByRole("row").nth(1)).toContainText("failed");
  await expect(log.getByRole("row").nth(1)).toContainText("E-mail is not configured (LANTERN_SMTP_URL).");
  await expect(log.getByRole("row").nth(1)).toContainText(`Checkout failed for order ${token}`);
  await page.screenshot({ path: "test-results/screenshots/alert-rule-failing.png", fullPage: true });
});

test("a webhook channel answering 500 shows as failing, with the count and the answer, on the Alerts tab, the rule's page and Settings → Notifications; there, Send test e-mail says e-mail is not configured", async ({ page }) => {
  test.setTimeout(120_000);
  const token = uniqueToken("hook500");
  const environment = { ...process.env, ...e2eServerEnvironment };
  const projectName = `Broken hook ${token}`;
  const dsn = await createProjectDsn(environment, projectName);
  const projectSlug = slugify(projectName);
  const channelName = `Broken receiver ${token}`;
  const ruleName = `New issues to the broken receiver ${token}`;
  // Seeded through the verbs, as an admin script would through the API.
  const database = openLanternDatabase();
  try {
    const context = systemContext(database, loadConfig({ ...e2eServerEnvironment, LANTERN_SELF_MONITORING: "false" }));
    const channel = await createNotificationChannel(context, { name: channelName, kind: "webhook", url: receiverUrl });
    await createAlertRule(context, { projectSlug, rule: { name: ruleName, frequency: 5, conditions: [{ id: conditionIds.firstSeen }], actions: [{ id: actionIds.service, service: channel.slug }] } });
  } finally {
    await database.close();
  }
  await sendNewIssue(dsn, token);

  const alertsPath = `/projects/${projectSlug}/alerts`;
  const failing = page.getByRole("group", { name: `Failing deliveries of ${ruleName}` });
  await expectAfterReloads(page, alertsPath, async () => {
    await expect(failing).toContainText(`${channelName} failing: 1 delivery since`, { timeout: 1000 });
  });
  await expect(failing).toContainText("(1 still retrying), last error: HTTP 500: receiver is broken");
  await page.screenshot({ path: "test-results/screenshots/alert-rules-failing.png", fullPage: true });
  await page.getByRole("link", { name: ruleName, exact: true }).click();
  await expect(failing).toContainText(`${channelName} failing: 1 delivery`);
  await expect(failing).toContainText("HTTP 500: receiver is broken");

  await page.goto("/settings/notifications");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: channelName }) });
  await expect(card.getByRole("group", { name: `Failing deliveries to ${channelName}` })).toContainText("HTTP 500: receiver is broken");
  const email = page.getByRole("region", { name: "E-mail" });
  await expect(email).toContainText("Not configured: no e-mail is sent");
  await email.getByRole("button", { name: "Send test e-mail" }).click();
  await expect(email.getByRole("alert")).toContainText("No test e-mail to owner@lantern.test: E-mail is not configured: set LANTERN_SMTP_URL");
  await page.screenshot({ path: "test-results/screenshots/settings-notifications-email.png" });
});
