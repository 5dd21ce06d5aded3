import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { systemContext } from "../src/server/access/system-context";
import { sendDueDeliveries } from "../src/server/alerts/alert-sender";
import { createAlertRule } from "../src/server/alerts/create-alert-rule";
import { createNotificationChannel } from "../src/server/alerts/create-notification-channel";
import { actionIds, conditionIds } from "../src/server/alerts/rule-schema";
import { loadConfig } from "../src/server/config";
import { createDatabase } from "../src/server/db/create-database";
import { digestBatch } from "../src/server/digest/digest-batch";
import { insertProject } from "../src/server/projects/insert-project";
import { storeFixtureEvent } from "../tests/support/event-envelopes";
import { runLanternCli, type CliRun } from "../tests/support/run-lantern-cli";
import { startSmtpInbox, type SmtpInbox } from "../tests/support/smtp-inbox";

/**
 * `lantern doctor` on alerts that cannot reach anyone (issue 26, acceptance 1), the real command in a child
 * process on a fresh SQLite file: rules that e-mail without SMTP are a FAIL naming each rule and
 * LANTERN_SMTP_URL; with a real SMTP server (smtp-server) there is no such line; a channel whose deliveries
 * fail is named with its last error.
 */
const commandTimeout = 30_000;

function lantern(args: string[], env: Record<string, string>): Promise<CliRun> {
  return runLanternCli(args, env, commandTimeout);
}

describe("lantern doctor on alert delivery", () => {
  let inbox: SmtpInbox;
  let directory: string;
  let databaseUrl: string;
  let receiver: Server | undefined;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  afterAll(() => inbox.close());
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), "lantern-doctor-"));
    databaseUrl = `file:${join(directory, "lantern.db")}`;
  });
  afterEach(async () => {
    if (receiver) await new Promise((resolve) => receiver!.close(resolve));
    receiver = undefined;
    rmSync(directory, { recursive: true, force: true });
  });

  it("fails naming each rule that e-mails and LANTERN_SMTP_URL when no SMTP is configured, and passes with a real SMTP server", { timeout: 4 * commandTimeout }, async () => {
    // `project create` starts the project with "Notify on every new issue", which e-mails its members.
    expect((await lantern(["project", "create", "Web Shop"], { DATABASE_URL: databaseUrl })).code).toBe(0);

    const withoutSmtp = await lantern(["doctor"], { DATABASE_URL: databaseUrl });
    expect(withoutSmtp.stdout).toContain("FAIL 1 alert rule e-mails, but e-mail is not configured: set LANTERN_SMTP_URL");
    expect(withoutSmtp.stdout).toContain('project web-shop (Web Shop): rule "Notify on every new issue"');
    expect(withoutSmtp.code).toBe(1);

    const withSmtp = await lantern(["doctor"], { DATABASE_URL: databaseUrl, LANTERN_SMTP_URL: inbox.url });
    expect(withSmtp.stdout).toContain(`ok   e-mail: smtp://127.0.0.1:${new URL(inbox.url).port} answers`);
    expect(withSmtp.stdout).not.toContain("LANTERN_SMTP_URL");
    expect(withSmtp.stdout).not.toContain("FAIL");
    expect(withSmtp.code).toBe(0);
  });

  it("fails naming a webhook channel whose deliveries fail, with the count and the receiver's answer", { timeout: 3 * commandTimeout }, async () => {
    receiver = createServer((request, response) => {
      request.resume();
      request.on("end", () => response.writeHead(500, { "content-type": "text/plain" }).end("database down"));
    });
    await new Promise<void>((resolve) => receiver!.listen(0, "127.0.0.1", resolve));
    const environment = { DATABASE_URL: databaseUrl, LANTERN_SMTP_URL: inbox.url, LANTERN_WEBHOOK_ALLOW_PRIVATE: "true", LANTERN_SELF_MONITORING: "false" };
    expect((await lantern(["migrate"], environment)).code).toBe(0);
    const config = loadConfig(environment);
    const database = createDatabase(config.database);
    try {
      const context = systemContext(database, config);
      const { project } = await insertProject(database.db, { name: "Ops" });
      const channel = await createNotificationChannel(context, { name: "Ops hook", kind: "webhook", url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook` });
      await createAlertRule(context, { projectSlug: "ops", rule: { name: "New issues to ops", conditions: [{ id: conditionIds.firstSeen }], actions: [{ id: actionIds.service, service: channel.slug }] } });
      await storeFixtureEvent(database.db, project.id, "node-exception.envelope");
      await digestBatch(database);
      expect(await sendDueDeliveries(database, config)).toBe(1);
    } finally {
      await database.close();
    }

    const run = await lantern(["doctor"], environment);
    expect(run.stdout).toMatch(/^FAIL channel "Ops hook" \(ops-hook\) failing: 1 delivery since .* \(1 still retrying\), last error: HTTP 500: database down$/m);
    expect(run.code).toBe(1);
  });
});
