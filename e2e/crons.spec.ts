import { expect, test } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { uniqueToken } from "../tests/support/sdk-helpers";
import { createProjectDsn } from "./support/lantern-process";
import { seedCheckIns } from "./support/monitor-check-ins";
import { e2eBaseUrl, e2eServerEnvironment } from "./support/server";

/**
 * Cron monitors in the dashboard (issue 31, "Crons page"), in Chromium against `npm start`: a project without
 * monitors shows how to check in (the HTTP URL carries its id and key); a monitor made with the form (a bad
 * crontab refused with its reason) is listed with its schedule on /crons and the project's tab; its schedule is
 * edited; its check-ins show on its page as a timeline and a table; at 375 px nothing is wider than the screen;
 * then it is deleted.
 */

test("a cron monitor made in the form is listed, rescheduled, shows its check-ins and is deleted", async ({ page }) => {
  test.setTimeout(90_000);
  const token = uniqueToken("crons");
  const projectName = `crons ${token}`;
  const dsn = await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, projectName);
  const projectSlug = slugify(projectName);
  const { username: publicKey, pathname } = new URL(dsn);
  const projectId = pathname.slice(1);

  await page.goto(`/projects/${projectSlug}/crons`);
  await expect(page.getByRole("navigation", { name: "Project" }).getByRole("link", { name: "Crons" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "No cron monitors yet" })).toBeVisible();
  await page.getByRole("tab", { name: "HTTP check-in" }).click();
  await expect(page.getByRole("tabpanel")).toContainText(`${e2eBaseUrl}/api/${projectId}/cron/nightly-backup/${publicKey}/?status=ok`);

  await page.getByRole("link", { name: "New monitor" }).click();
  const form = page.getByRole("form", { name: "New cron monitor" });
  const name = `Nightly <b>backup</b> ${token}`;
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Crontab expression").fill("*/5 * * *");
  await form.getByRole("button", { name: "Create monitor" }).click();
  await expect(form.getByRole("alert")).toContainText("a crontab schedule has five fields");
  await expect(form.getByLabel("Name")).toHaveValue(name);
  await form.getByLabel("Crontab expression").fill("*/5 * * * *");
  await form.getByLabel("Time zone").fill("Europe/Vienna");
  await form.getByLabel("Check-in margin (minutes)").fill("3");
  await form.getByRole("button", { name: "Create monitor" }).click();
  const monitorSlug = slugify(name);
  await expect(page).toHaveURL(new RegExp(`/projects/${projectSlug}/crons/${monitorSlug}\\?saved=1$`));
  // The name came from outside: it shows as text, never as markup.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.locator("h1 b")).toHaveCount(0);
  await expect(page.getByText("*/5 * * * * (Europe/Vienna)").first()).toBeVisible();
  await expect(page.getByText("No check-in yet: nothing is expected (or missed) before the first one.")).toBeVisible();
  await expect(page.getByRole("tabpanel")).toContainText(`Sentry.withMonitor("${monitorSlug}"`);

  for (const path of ["/crons", `/projects/${projectSlug}/crons`]) {
    await page.goto(path);
    const row = page.getByRole("table", { name: "Cron monitors" }).getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("*/5 * * * * (Europe/Vienna)");
    await expect(row).toContainText("Waiting for the first check-in");
    await expect(row).toContainText("After the first check-in");
  }

  await page.getByRole("link", { name }).click();
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  const edit = page.getByRole("form", { name: "Edit cron monitor" });
  await expect(edit.getByLabel("Crontab expression")).toHaveValue("*/5 * * * *");
  await edit.getByRole("radio", { name: "Interval" }).check();
  await edit.getByLabel("Interval count").fill("10");
  await edit.getByLabel("Interval unit").selectOption("minute");
  await edit.getByRole("button", { name: "Save monitor" }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectSlug}/crons/${monitorSlug}\\?saved=1$`));
  await expect(page.getByText("every 10 minutes").first()).toBeVisible();

  await seedCheckIns(projectSlug, monitorSlug, "production", [
    { status: "ok", agoMs: 120_000, durationMs: 2_500 },
    { status: "error", agoMs: 1_800_000, durationMs: 900 },
    { status: "missed", agoMs: 3 * 3_600_000 },
    { status: "timeout", agoMs: 5 * 3_600_000 },
    { status: "in_progress", agoMs: 30_000 },
  ]);
  await page.goto(`/projects/${projectSlug}/crons/${monitorSlug}`);
  const timeline = page.getByRole("list", { name: "Check-ins in production" });
  await expect(timeline.getByRole("listitem")).toHaveCount(48);
  await expect(timeline).toContainText("1 error");
  await expect(timeline).toContainText("1 missed");
  await expect(timeline).toContainText("1 timed out");
  const table = page.getByRole("table", { name: "Recent check-ins" });
  await expect(table.getByRole("row")).toHaveCount(6);
  await expect(table.getByRole("row").nth(1)).toContainText("In progress");
  await expect(table.getByRole("row").nth(2)).toContainText("OK");
  await expect(table.getByRole("row").nth(2)).toContainText("2.5 s");
  await expect(table).toContainText("Missed");
  await expect(table).toContainText("Timed out");
  await page.getByRole("link", { name: "7 days" }).click();
  await expect(page).toHaveURL(/period=7d$/);
  await expect(page.getByRole("list", { name: "Check-ins in production" }).getByRole("listitem")).toHaveCount(42);

  await page.setViewportSize({ width: 375, height: 740 });
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/projects/${projectSlug}/crons/${monitorSlug}/edit`);
  await page.getByRole("button", { name: "Delete monitor…" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete monitor" }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectSlug}/crons\\?deleted=1$`));
  await expect(page.getByRole("heading", { name: "No cron monitors yet" })).toBeVisible();
});

test("check-ins sent to the HTTP endpoint create the monitor, show on its page, and an error check-in opens its cron issue", async ({ page, request }) => {
  test.setTimeout(90_000);
  const token = uniqueToken("cronhttp");
  const projectName = `cron http ${token}`;
  const dsn = await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, projectName);
  const projectSlug = slugify(projectName);
  const { username: publicKey, pathname } = new URL(dsn);
  const projectId = pathname.slice(1);
  const monitorSlug = `nightly-export-${token}`;
  const checkInUrl = `${e2eBaseUrl}/api/${projectId}/cron/${monitorSlug}/${publicKey}/`;

  // A job's first run upserts the monitor from its config, as the SDKs and sentry-cli send it.
  const started = await request.post(checkInUrl, { headers: { "content-type": "application/json" }, data: { status: "in_progress", monitor_config: { schedule: { type: "crontab", value: "0 3 * * *" }, timezone: "Europe/Vienna", checkin_margin: 5, max_runtime: 60 } } });
  expect(started.status()).toBe(202);
  expect((await request.get(`${checkInUrl}?status=ok&duration=4.2`)).status()).toBe(202);
  expect((await request.get(`${checkInUrl}?status=error&environment=staging`)).status()).toBe(202);

  await expect(async () => {
    await page.goto(`/projects/${projectSlug}/crons/${monitorSlug}`);
    await expect(page.getByText("0 3 * * * (Europe/Vienna)").first()).toBeVisible({ timeout: 1_000 });
    await expect(page.getByRole("table", { name: "Recent check-ins" })).toContainText("4.2 s", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const issueLink = page.getByRole("link", { name: `Cron failure: ${monitorSlug}` });
  await expect(issueLink).toBeVisible();
  await issueLink.click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Cron failure: ${monitorSlug}`);
  await expect(page.getByText(`${monitorSlug} reported an error check-in.`).first()).toBeVisible();

  // The issue list finds it by Sentry's category.
  await page.goto(`/projects/${projectSlug}/issues?query=${encodeURIComponent("issue.category:cron")}`);
  await expect(page.getByRole("link", { name: `Cron failure: ${monitorSlug}` })).toBeVisible();
});
