import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { systemContext } from "../src/server/access/system-context";
import { createNotificationChannel } from "../src/server/alerts/create-notification-channel";
import { loadConfig } from "../src/server/config";
import { buildEnvelope, uniqueToken } from "../tests/support/sdk-helpers";
import { openLanternDatabase } from "./support/lantern-database";
import { createProjectDsn } from "./support/lantern-process";
import { e2eBaseUrl, e2eServerEnvironment } from "./support/server";

/**
 * Log alerts end to end (issue 29, acceptance 4), in Chromium against `npm start`: a log alert rule made on the
 * project's Alerts tab (a query the search refuses is answered with its reason), then 11 matching log lines
 * through the real ingest endpoint reach a real HTTP receiver once, posted by the running server's own
 * evaluator (every 15 s); then the rule is muted and deleted in the page.
 */

interface LogAlertBody {
  action: string;
  rule: { name: string } | null;
  logs: { query: string; count: number; url: string; samples: string[] } | null;
}

const received: LogAlertBody[] = [];
let receiver: Server;
let receiverUrl: string;

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString("utf8")) as LogAlertBody);
      response.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/log-hook`;
});

test.afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

/** One envelope with a `log` container of these bodies, posted to the running server's ingest endpoint. */
async function sendLogLines(dsn: string, bodies: string[]): Promise<void> {
  const { username: publicKey, pathname } = new URL(dsn);
  const projectId = pathname.slice(1);
  const items = bodies.map((body) => ({ timestamp: Date.now() / 1000, trace_id: "4bf92f3577b34da6a3ce929d0e0e4736", level: "error", body }));
  const envelope = buildEnvelope({ sent_at: new Date().toISOString() }, [{ header: { type: "log", item_count: items.length, content_type: "application/vnd.sentry.items.log+json" }, payload: JSON.stringify({ items }) }]);
  const response = await fetch(`${e2eBaseUrl}/api/${projectId}/envelope/?sentry_version=7&sentry_key=${publicKey}`, { method: "POST", body: new Uint8Array(envelope) });
  expect(response.status).toBe(200);
}

test("a log alert rule made on the Alerts tab fires once through the webhook when 11 lines match, then is muted and deleted", async ({ page }) => {
  test.setTimeout(120_000);
  const token = uniqueToken("logalert");
  const projectName = `log alerts ${token}`;
  const dsn = await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, projectName);
  const projectSlug = slugify(projectName);
  const channelName = `Log receiver ${token}`;
  const database = openLanternDatabase();
  try {
    await createNotificationChannel(systemContext(database, loadConfig(e2eServerEnvironment)), { name: channelName, kind: "webhook", url: receiverUrl });
  } finally {
    await database.close();
  }

  await page.goto(`/projects/${projectSlug}/alerts`);
  await page.getByRole("link", { name: "New log alert" }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectSlug}/alerts/logs/new$`));
  const form = page.getByRole("form", { name: "New log alert rule" });
  const ruleName = `Payments failing ${token}`;
  await form.getByLabel("Name", { exact: true }).fill(ruleName);
  await form.getByLabel("Log query").fill(`${token} OR refund`);
  await form.getByLabel("Threshold (lines)").fill("10");
  await form.getByLabel("Interval").selectOption("1m");
  await form.getByLabel(channelName).check();
  await form.getByRole("button", { name: "Create log alert" }).click();
  await expect(form.getByRole("alert")).toHaveText("query: OR and parentheses are not supported in a log query: all terms must match.");
  await expect(form.getByLabel("Name", { exact: true })).toHaveValue(ruleName);

  const query = `"payment failed" ${token}`;
  await form.getByLabel("Log query").fill(query);
  await form.getByRole("button", { name: "Create log alert" }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectSlug}/alerts\\?logRuleCreated=\\d+$`));
  await expect(page.getByRole("status").filter({ hasText: "Log alert created." })).toBeVisible();
  const card = page.getByRole("list", { name: "Log alert rules" }).getByRole("listitem").filter({ has: page.getByRole("heading", { name: ruleName }) });
  await expect(card).toContainText(`more than 10 lines matching “${query}” in 1 minute`);
  await expect(card).toContainText(channelName);

  await sendLogLines(dsn, [...Array.from({ length: 11 }, (_, index) => `Payment failed for order ${index} ${token}`), `payment succeeded ${token}`, `<img src=x onerror=alert(1)> failed ${token}`]);
  await expect.poll(() => received.filter((body) => body.action === "log_threshold").length, { message: "the receiver gets the log alert", timeout: 45_000 }).toBe(1);
  const [alert] = received;
  expect(alert!.rule?.name).toBe(ruleName);
  expect(alert!.logs).toMatchObject({ query, count: 11 });
  expect(alert!.logs!.url).toBe(`${e2eBaseUrl}/projects/${projectSlug}/logs?query=${encodeURIComponent(query)}`);
  await page.reload();
  await expect(card).toContainText("Firing since");
  await expect(card).toContainText("11 in 1 minute");
  // The next pass (15 s later) sees the same breach and sends nothing more.
  await page.waitForTimeout(17_000);
  expect(received.filter((body) => body.action === "log_threshold")).toHaveLength(1);

  await card.getByLabel(`Mute ${ruleName} for how long`).selectOption("1d");
  await card.getByRole("button", { name: "Mute", exact: true }).click();
  await expect(card).toContainText("Muted until");
  await card.getByRole("button", { name: "Delete…" }).click();
  await page.getByRole("alertdialog", { name: `Delete ${ruleName}?` }).getByRole("button", { name: `Delete ${ruleName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectSlug}/alerts\\?deleted=1$`));
  await expect(page.getByRole("heading", { name: ruleName })).toHaveCount(0);
});
