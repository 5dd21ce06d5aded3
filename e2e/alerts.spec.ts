import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import AxeBuilder from "@axe-core/playwright";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test, type Page } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { systemContext } from "../src/server/access/system-context";
import { createAlertRule } from "../src/server/alerts/create-alert-rule";
import { createNotificationChannel } from "../src/server/alerts/create-notification-channel";
import { defaultRuleInput } from "../src/server/alerts/rule-schema";
import { loadConfig } from "../src/server/config";
import { addTeamMember } from "../src/server/teams/add-team-member";
import { addTeamProject } from "../src/server/teams/add-team-project";
import { createTeam } from "../src/server/teams/create-team";
import { runSdkScript, uniqueToken } from "../tests/support/sdk-helpers";
import { openLanternDatabase } from "./support/lantern-database";
import { createProjectDsn } from "./support/lantern-process";
import { callServerAction, signedInContext } from "./support/server-actions";
import { e2eServerEnvironment } from "./support/server";

/**
 * Alerts end to end (issue 19, acceptance 8), in Chromium against `npm start`: a real HTTP receiver on
 * loopback (the server runs with LANTERN_WEBHOOK_ALLOW_PRIVATE=true), a generic-webhook channel and a rule
 * made through the pages as a person would, a test notification whose signature the receiver checks with
 * the secret the page showed once, the rule's delivery log, and then a real error from @sentry/node that
 * reaches the receiver as a "new" alert.
 */

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

const received: Received[] = [];
let receiver: Server;
let receiverUrl: string;

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/lantern-hook`;
});

test.afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

/** The JSON bodies that arrived, with the request each came in. */
function bodies(): { request: Received; json: { id: string; action: string; issue: { id: number; title: string; url: string }; project: { slug: string }; rule: { name: string } | null } }[] {
  return received.map((request) => ({ request, json: JSON.parse(request.body) as never }));
}

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`), `serious axe violations on ${page.url()}`).toEqual([]);
}

test("a webhook channel and a rule made in the UI: the test notification arrives signed and shows as sent, then a new issue reaches the receiver", async ({ page }) => {
  test.setTimeout(120_000);
  const token = uniqueToken("alert");
  const projectName = `alerts ${token}`;
  const dsn = await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, projectName);
  const projectSlug = slugify(projectName);
  const channelName = `Receiver ${token}`;
  const channelSlug = slugify(channelName);

  // Settings → Notifications: a generic webhook to the receiver; its generated secret is shown once.
  await page.goto("/settings/notifications");
  const newChannel = page.getByRole("form", { name: "New notification channel" });
  await newChannel.getByLabel("Name").fill(channelName);
  await newChannel.getByLabel("Kind").selectOption("webhook");
  await newChannel.getByLabel("Webhook URL").fill(receiverUrl);
  await newChannel.getByRole("button", { name: "Add channel" }).click();
  const created = page.getByRole("status").filter({ hasText: `Created “${channelName}”` });
  await expect(created).toContainText(`slug ${channelSlug}`);
  const secret = (await created.locator("code").textContent()) ?? "";
  expect(secret).toMatch(/^[0-9a-f]{64}$/);
  await expect(created.getByRole("button", { name: "Copy signing secret" })).toBeVisible();
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: channelName }) });
  await expect(card).toContainText("set (write-only)");
  await expect(card).not.toContainText(receiverUrl);
  await page.reload();
  await expect(page.getByText(secret)).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  // Project → Alerts → New rule: when a new issue is created, post to the channel (no e-mail).
  await page.goto(`/projects/${projectSlug}`);
  await page.getByRole("navigation", { name: "Project" }).getByRole("link", { name: "Alerts" }).click();
  await page.getByRole("link", { name: "New rule" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectSlug}/alerts/new$`));
  const form = page.getByRole("form", { name: "Alert rule" });
  const ruleName = `New issues to the receiver ${token}`;
  await form.getByLabel("Name", { exact: true }).fill(ruleName);
  await expect(form.getByLabel("a new issue is created")).toBeChecked();
  await form.getByLabel("e-mail", { exact: true }).uncheck();
  await form.getByLabel("post to the channel").check();
  await form.getByLabel("Notification channel").selectOption(channelSlug);
  await form.getByLabel(/Action interval/).selectOption("5");
  await form.getByRole("button", { name: "Create rule" }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectSlug}/alerts/\\d+\\?created=1$`));
  await expect(page.getByRole("status").filter({ hasText: "Rule created." })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: ruleName })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("a new issue is created");
  await expect(page.getByRole("main")).toContainText(`post to ${channelName}`);
  await expect(page.getByRole("main")).toContainText("at most once per issue every 5 minutes");

  // Send test notification: one signed POST, and the delivery log says sent.
  await page.getByRole("button", { name: "Send test notification" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Test notification queued (1 delivery)" })).toBeVisible();
  await expect.poll(() => bodies().filter(({ json }) => json.action === "test").length, { message: "the receiver gets the test notification", timeout: 15_000 }).toBe(1);
  const test_ = bodies().find(({ json }) => json.action === "test")!;
  const expectedSignature = `sha256=${createHmac("sha256", secret).update(test_.request.body).digest("hex")}`;
  expect(test_.request.headers["lantern-signature"]).toBe(expectedSignature);
  expect(test_.request.headers["lantern-delivery"]).toBe(test_.json.id);
  expect(test_.request.headers["content-type"]).toMatch(/^application\/json/);
  expect(test_.json.rule?.name).toBe(ruleName);
  expect(test_.json.project.slug).toBe(projectSlug);
  const log = page.getByRole("table", { name: `Deliveries of ${ruleName}` });
  await expect
    .poll(
      async () => {
        await page.reload();
        return (await log.count()) > 0 ? ((await log.getByRole("row").nth(1).textContent()) ?? "") : "";
      },
      { message: "the delivery log shows the test as sent", timeout: 15_000 },
    )
    .toMatch(/test.*sent.*200/s);
  await expect(log.getByRole("row").nth(1)).toContainText(channelName);
  await log.getByRole("row").nth(1).locator("summary").click();
  await expect(page.getByRole("list", { name: `Attempts of delivery ${test_.json.id}` }).getByRole("listitem")).toHaveCount(1);
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: "test-results/screenshots/alert-rule.png", fullPage: true });

  // A real error through @sentry/node: a new issue, so the rule fires and the receiver gets a "new" alert.
  const run = await runSdkScript("capture-exception.mjs", { LANTERN_TEST_DSN: dsn, LANTERN_TEST_RELEASE: "shop@1.0.0", LANTERN_TEST_ENVIRONMENT: "e2e", LANTERN_TEST_TOKEN: token });
  expect(run.code, run.stderr).toBe(0);
  await expect.poll(() => bodies().filter(({ json }) => json.action === "new").length, { message: "the receiver gets the new issue's alert", timeout: 15_000 }).toBe(1);
  const alert = bodies().find(({ json }) => json.action === "new")!;
  expect(alert.json.issue.title).toContain(`Checkout failed for order ${token}`);
  expect(alert.json.project.slug).toBe(projectSlug);
  expect(alert.json.rule?.name).toBe(ruleName);
  expect(alert.request.headers["lantern-signature"]).toBe(`sha256=${createHmac("sha256", secret).update(alert.request.body).digest("hex")}`);
  expect(alert.request.headers["lantern-delivery"]).toBe(alert.json.id);
  expect(alert.json.issue.url).toMatch(new RegExp(`/projects/${projectSlug}/issues/${alert.json.issue.id}$`));

  // The delivery log links the issue.
  await page.reload();
  await expect(log.getByRole("link", { name: new RegExp(`Checkout failed for order ${token}`) })).toHaveAttribute("href", `/issues/${alert.json.issue.id}`);

  // The channel cannot be deleted while the rule posts to it; renaming it keeps its slug, URL and secret.
  await page.goto("/settings/notifications");
  const channel = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: channelName }) });
  // Delete asks in an alert dialog, which keeps the refusal; Edit is a dialog too, both closed by Escape.
  await channel.getByRole("button", { name: "Delete…" }).click();
  const confirmDelete = page.getByRole("alertdialog", { name: `Delete ${channelName}?` });
  await confirmDelete.getByRole("button", { name: `Delete ${channelName}` }).click();
  await expect(confirmDelete.getByRole("alert")).toContainText(`Rules still send to “${channelName}”: “${ruleName}” (${projectSlug})`);
  await page.keyboard.press("Escape");
  await expect(confirmDelete).toHaveCount(0);
  await channel.getByRole("button", { name: "Edit…" }).click();
  const editDialog = page.getByRole("dialog", { name: `Edit ${channelName}` });
  await expect(editDialog.getByLabel("Name")).toBeFocused();
  await editDialog.getByLabel("Name").fill(`${channelName} renamed`);
  await editDialog.getByRole("button", { name: `Save ${channelName}` }).click();
  await expect(editDialog.getByRole("status")).toHaveText(`Saved “${channelName} renamed”.`);
  await page.keyboard.press("Escape");
  await expect(editDialog).toHaveCount(0);
  const renamed = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `${channelName} renamed` }) });
  await expect(renamed).toContainText(channelSlug);
  await expect(renamed).toContainText("set (write-only)");
  await expect(renamed.getByRole("table", { name: `Deliveries to ${channelName} renamed` }).getByRole("row")).toHaveCount(3);

  // The channel's own test: no rule, signed with the same secret.
  await renamed.getByRole("button", { name: "Send test notification" }).click();
  await expect(renamed.getByRole("status").filter({ hasText: "Test notification queued." })).toBeVisible();
  await expect.poll(() => bodies().filter(({ json }) => json.action === "test" && json.rule === null).length, { message: "the receiver gets the channel's test", timeout: 15_000 }).toBe(1);
  const channelTest = bodies().find(({ json }) => json.action === "test" && json.rule === null)!;
  expect(channelTest.request.headers["lantern-signature"]).toBe(`sha256=${createHmac("sha256", secret).update(channelTest.request.body).digest("hex")}`);
});

test("a feedback rule made in the UI (the issue's category is Feedback): captureFeedback reaches the receiver as text, and its link lands on the feedback", async ({ page }) => {
  test.setTimeout(120_000);
  const token = uniqueToken("fbalert");
  const projectName = `feedback alerts ${token}`;
  const environment = { ...process.env, ...e2eServerEnvironment };
  const dsn = await createProjectDsn(environment, projectName);
  const projectSlug = slugify(projectName);
  const database = openLanternDatabase();
  let channelSlug: string;
  try {
    const context = systemContext(database, loadConfig({ ...e2eServerEnvironment, LANTERN_SELF_MONITORING: "false" }));
    channelSlug = (await createNotificationChannel(context, { name: `Feedback receiver ${token}`, kind: "webhook", url: receiverUrl })).slug;
  } finally {
    await database.close();
  }

  await page.goto(`/projects/${projectSlug}/alerts/new`);
  const form = page.getByRole("form", { name: "Alert rule" });
  const ruleName = `Feedback to the receiver ${token}`;
  await form.getByLabel("Name", { exact: true }).fill(ruleName);
  await expect(form.getByLabel("a new issue is created")).toBeChecked();
  await form.getByLabel("the issue's category is").check();
  await form.getByLabel("Issue category").selectOption({ label: "Feedback" });
  await form.getByLabel("e-mail", { exact: true }).uncheck();
  await form.getByLabel("post to the channel").check();
  await form.getByLabel("Notification channel").selectOption(channelSlug);
  await form.getByLabel(/Action interval/).selectOption("5");
  await form.getByRole("button", { name: "Create rule" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Rule created." })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("the issue's category is Feedback");
  await expect(page.getByRole("main")).toContainText("each new feedback as it arrives");

  const hostile = `<img src=x onerror=alert(1)> <!channel> @everyone ${token}`;
  const run = await runSdkScript("capture-feedback.mjs", {
    LANTERN_TEST_DSN: dsn,
    LANTERN_TEST_RELEASE: "shop@1.0.0",
    LANTERN_TEST_ENVIRONMENT: "e2e",
    // The error is stored before the feedback arrives, so the alert can name its issue.
    LANTERN_TEST_FEEDBACK_AFTER_ERROR: "1",
    LANTERN_TEST_FEEDBACK: JSON.stringify({ error: `Checkout failed ${token}`, message: hostile, name: "Ada", email: "ada@example.com", url: "https://shop.example.com/checkout" }),
  }, 50_000);
  expect(run.code, run.stderr).toBe(0);
  const feedbackBodies = () => bodies().filter(({ json }) => json.action === "feedback" && json.project.slug === projectSlug);
  await expect.poll(() => feedbackBodies().length, { message: "the receiver gets the feedback alert", timeout: 20_000 }).toBe(1);
  const { json } = feedbackBodies()[0]! as unknown as { json: { rule: { name: string }; comment: string; feedback: { message: string; name: string; url: string; linkedIssue: { title: string } | null } } };
  expect(json.rule.name).toBe(ruleName);
  expect(json.comment).toBe(hostile);
  expect(json.feedback).toMatchObject({ message: hostile, name: "Ada" });
  expect(json.feedback.linkedIssue?.title).toContain(`Checkout failed ${token}`);

  // The alert's link opens the project's feedback list at that feedback, its text shown as text.
  const link = new URL(json.feedback.url);
  expect(link.hash).toMatch(/^#feedback-\d+$/);
  await page.goto(`${link.pathname}${link.hash}`);
  const item = page.locator(link.hash);
  await expect(item).toContainText(hostile);
  await expect(item.locator("img[src='x']")).toHaveCount(0);
});

test("the rules list words each rule, mutes and unmutes it, copies and deletes it", async ({ page }) => {
  test.setTimeout(60_000);
  const token = uniqueToken("rules");
  const projectName = `rules ${token}`;
  await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, projectName);
  const projectSlug = slugify(projectName);
  await page.goto(`/projects/${projectSlug}/alerts/new`);
  const form = page.getByRole("form", { name: "Alert rule" });
  const ruleName = `Spikes ${token}`;
  await form.getByLabel("Name", { exact: true }).fill(ruleName);
  await form.getByLabel("a new issue is created").uncheck();
  await form.getByLabel("Number of events").fill("many");
  await form.getByLabel("an issue has more than N events in an interval").check();
  await form.getByRole("button", { name: "Create rule" }).click();
  // The verb's 400 is shown beside the form, and what was typed stays.
  await expect(form.getByRole("alert")).toHaveText("conditions[0].value: expected a whole number");
  await expect(form.getByLabel("Name", { exact: true })).toHaveValue(ruleName);
  await form.getByLabel("Number of events").fill("10");
  await form.getByLabel("Events interval").selectOption("1m");
  await form.getByLabel("the level is").check();
  await form.getByLabel("Level", { exact: true }).selectOption("50");
  await form.getByRole("button", { name: "Create rule" }).click();
  await expect(page).toHaveURL(/\?created=1$/);
  // The rule's page opens on its words; "Edit rule" opens the form from the keyboard, with the focus in it.
  await expect(page.getByRole("form", { name: "Alert rule" })).toHaveCount(0);
  const opener = page.getByRole("button", { name: "Edit rule" });
  await expect(opener).toHaveAttribute("aria-expanded", "false");
  await opener.focus();
  await page.keyboard.press("Enter");
  const edit = page.getByRole("form", { name: "Alert rule" });
  await expect(edit.getByLabel("Name", { exact: true })).toBeFocused();
  // Edited on its page: the form holds what was saved, and the words follow the change.
  await expect(edit.getByLabel("Number of events")).toHaveValue("10");
  await edit.getByLabel("Events interval").selectOption("5m");
  await edit.getByRole("button", { name: "Save rule" }).click();
  await expect(edit.getByRole("status")).toHaveText(`Saved “${ruleName}”.`);
  await expect(page.getByRole("main")).toContainText("an issue has more than 10 events in 5 minutes");
  // "Close editor" folds the form away and gives the focus back to "Edit rule".
  await page.getByRole("button", { name: "Close editor" }).click();
  await expect(edit).toHaveCount(0);
  await expect(opener).toBeFocused();

  await page.getByRole("link", { name: "All rules" }).click();
  const rule = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: ruleName, exact: true }) });
  await expect(rule).toContainText("an issue has more than 10 events in 5 minutes");
  await expect(rule).toContainText("level is at least fatal");
  await rule.getByLabel(`Mute ${ruleName} for how long`).selectOption("1d");
  await rule.getByRole("button", { name: "Mute" }).click();
  await expect(rule).toContainText(/Muted until \d{4}-\d\d-\d\d/);
  await rule.getByRole("button", { name: "Unmute" }).click();
  await expect(rule).not.toContainText("Muted until");
  await rule.getByRole("button", { name: "Copy" }).click();
  const copy = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `Copy of ${ruleName}`, exact: true }) });
  await expect(copy).toContainText("an issue has more than 10 events in 5 minutes");
  // From the keyboard: the confirmation opens with Enter, takes the focus, and Escape closes it unchanged.
  await copy.getByRole("button", { name: "Delete…" }).focus();
  await page.keyboard.press("Enter");
  // Page-wide: while the modal is open the rest of the page, the rule's heading too, is hidden from the accessibility tree.
  const confirm = page.getByRole("alertdialog", { name: `Delete Copy of ${ruleName}?` });
  await expect(confirm).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(confirm).toHaveCount(0);
  await expect(copy.getByRole("button", { name: "Delete…" })).toBeFocused();
  await copy.getByRole("button", { name: "Delete…" }).click();
  await confirm.getByRole("button", { name: `Delete Copy of ${ruleName}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Rule deleted." })).toBeVisible();
  await expect(page.getByRole("heading", { name: `Copy of ${ruleName}` })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: ruleName, exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test("a member of the project's team reads its rules without controls; the pages and actions that change them refuse", async ({ browser }) => {
  test.setTimeout(60_000);
  const token = uniqueToken("member");
  const environment = { ...process.env, ...e2eServerEnvironment };
  const dsn = await createProjectDsn(environment, `member alerts ${token}`);
  const projectSlug = slugify(`member alerts ${token}`);
  const person = { email: `alert-member-${token}@lantern.test`, password: "alert-member-password-1" };
  const created = promisify(execFile)(process.execPath, ["cli/lantern.mjs", "user", "create", "--email", person.email, "--name", "Alert member", "--role", "member", "--password-stdin"], { env: environment });
  created.child.stdin?.end(person.password);
  await created;
  // Seeded through the verbs, as the CLI would: a team that gives the member the project, and one rule.
  const database = openLanternDatabase();
  let ruleId: number;
  try {
    const context = systemContext(database, loadConfig({ ...e2eServerEnvironment, LANTERN_SELF_MONITORING: "false" }));
    const team = await createTeam(context, { name: `Alert team ${token}` });
    const user = await database.db.selectFrom("users").select("id").where("email", "=", person.email).executeTakeFirstOrThrow();
    await addTeamMember(context, { teamId: team.id, userId: user.id });
    await addTeamProject(context, { teamId: team.id, projectId: Number(new URL(dsn).pathname.slice(1)) });
    ruleId = (await createAlertRule(context, { projectSlug, rule: { ...defaultRuleInput, name: `Seeded ${token}` } })).id;
  } finally {
    await database.close();
  }

  const member = await signedInContext(browser, person.email, person.password);
  try {
    const page = await member.newPage();
    await page.goto(`/projects/${projectSlug}/alerts`);
    const rule = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `Seeded ${token}` }) });
    await expect(rule).toContainText("e-mail the issue's assignee, else the project's members");
    await expect(page.getByText("Owners and admins change alert rules; you can read them.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("button")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "New rule" })).toHaveCount(0);
    await rule.getByRole("link", { name: `Seeded ${token}` }).click();
    await expect(page.getByRole("table", { name: `Deliveries of Seeded ${token}` }).or(page.getByText("Nothing sent yet."))).toBeVisible();
    await expect(page.getByRole("form", { name: "Alert rule" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Send test notification" })).toHaveCount(0);
    expect((await page.goto(`/projects/${projectSlug}/alerts/new`))?.status()).toBe(404);
    expect((await page.goto("/settings/notifications"))?.status()).toBe(404);
    // Bypassing the pages: the verbs refuse, and the rule stays as it was.
    for (const name of ["copyAlertRuleAction", "deleteAlertRuleAction", "sendRuleTestAction"]) {
      const { body } = await callServerAction(member.request, name, { projectSlug, ruleId: String(ruleId) });
      expect(body, name).toContain("Only owners and admins");
    }
    const { body } = await callServerAction(member.request, "createChannelAction", { name: `stolen ${token}`, kind: "webhook", url: "http://127.0.0.1:9/x" });
    expect(body).toContain("Only owners and admins");
    await page.goto(`/projects/${projectSlug}/alerts`);
    await expect(page.getByRole("heading", { name: /Seeded|Copy of/ })).toHaveText([`Seeded ${token}`]);
  } finally {
    await member.close();
  }
});

test("a project made with the alert box ticked starts with \"Notify on every new issue\"; unticked, with no rule", async ({ page }) => {
  const token = uniqueToken("newproject");
  for (const isTicked of [true, false]) {
    const name = `${isTicked ? "alerted" : "quiet"} ${token}`;
    await page.goto("/projects/new");
    await page.getByLabel("Name").fill(name);
    const box = page.getByLabel("Alert me and the project's members by e-mail on every new issue");
    // The e2e server has no SMTP, so the box starts unticked (e2e/alert-delivery-health.spec.ts shows why).
    await expect(box).not.toBeChecked();
    if (isTicked) await box.check();
    await page.getByRole("button", { name: "Create project" }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${slugify(name)}$`));
    await page.goto(`/projects/${slugify(name)}/alerts`);
    if (isTicked) {
      const rule = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Notify on every new issue" }) });
      await expect(rule).toContainText("a new issue is created");
      await expect(rule).toContainText("e-mail the issue's assignee, else the project's members");
      await expect(rule).toContainText("at most once per issue every 30 minutes");
    } else {
      await expect(page.getByRole("heading", { name: "No alert rules" })).toBeVisible();
    }
  }
});

test("Settings → Account: alert e-mail per project and workflow e-mail are on until turned off, and stay as saved", async ({ page }) => {
  const token = uniqueToken("prefs");
  const projectName = `prefs ${token}`;
  await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, projectName);
  await page.goto("/settings/account");
  const form = page.getByRole("form", { name: "E-mail notifications" });
  const alertBox = form.getByLabel(`Alert e-mail for ${projectName}`);
  const workflowBox = form.getByLabel(/^Workflow e-mail/);
  await expect(alertBox).toBeChecked();
  await expect(workflowBox).toBeChecked();
  await alertBox.uncheck();
  await workflowBox.uncheck();
  await form.getByRole("button", { name: "Save notifications" }).click();
  await expect(form.getByRole("status")).toHaveText("Notification settings saved.");
  await page.reload();
  await expect(alertBox).not.toBeChecked();
  await expect(workflowBox).not.toBeChecked();
  await alertBox.check();
  await workflowBox.check();
  await form.getByRole("button", { name: "Save notifications" }).click();
  await expect(form.getByRole("status")).toHaveText("Notification settings saved.");
  await page.reload();
  await expect(alertBox).toBeChecked();
  await expect(workflowBox).toBeChecked();
});
