import { statfs } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { sql } from "kysely";
import nodemailer from "nodemailer";
import { describeFailingCount, type FailingDeliveries } from "../src/lib/delivery-health";
import { formatTimestamp } from "../src/lib/format-time";
import { systemContext } from "../src/server/access/system-context";
import { describeEmailSetup, smtpVariable } from "../src/server/alerts/describe-email-setup";
import { listChannelDeliveryHealth } from "../src/server/alerts/list-delivery-health";
import { listEmailingRules } from "../src/server/alerts/list-emailing-rules";
import { ConfigError, loadConfig, type LanternConfig } from "../src/server/config";
import { createDatabase, type LanternDatabase } from "../src/server/db/create-database";
import { listBackups } from "../src/server/backup/list-backups";

const minimumFreeBytes = 1024 * 1024 * 1024;

/** Prints one line per check; returns whether all passed. */
export async function runDoctor(env: Record<string, string | undefined>): Promise<boolean> {
  let isHealthy = true;
  const report = (isOk: boolean, line: string) => {
    console.log(`${isOk ? "ok  " : "FAIL"} ${line}`);
    if (!isOk) isHealthy = false;
  };
  // Worth fixing, but Lantern runs: a warning does not make the doctor fail.
  const warn = (line: string) => console.log(`warn ${line}`);

  let config;
  try {
    config = loadConfig(env);
    report(true, "configuration is valid");
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) report(false, `configuration: ${problem}`);
    return false;
  }

  const database = createDatabase(config.database);
  try {
    let isReachable = false;
    try {
      await sql`select 1`.execute(database.db);
      isReachable = true;
      report(true, `database reachable (${config.database.dialect})`);
    } catch (error) {
      report(false, `database unreachable (${config.database.dialect}): ${(error as Error).message}`);
    }
    if (isReachable) await reportAlertDelivery(database, config, report);
  } finally {
    await database.close();
  }

  if (config.database.dialect === "sqlite") {
    const stats = await statfs(dirname(resolve(config.database.path)));
    const free = stats.bavail * stats.bsize;
    report(free >= minimumFreeBytes, `disk space free next to the database: ${(free / 1024 ** 3).toFixed(1)} GiB${free < minimumFreeBytes ? " (less than 1 GiB: ingest will fail when the disk fills)" : ""}`);
  }

  if (config.storage.diskBudgetBytes === null) warn("no disk budget (LANTERN_DISK_BUDGET): the database grows until retention or the disk stops it");
  await reportBackups(config.backup, report, warn);
  return isHealthy;
}

type Report = (isOk: boolean, line: string) => void;

/** Rules listed by name under a FAIL line; the rest are counted. */
const namedRulesLimit = 20;

/**
 * Alerts that cannot reach anyone: rules that e-mail without an SMTP server (FAIL, naming each rule and the
 * variable to set), an SMTP server that does not answer, and e-mail or channels whose newest deliveries
 * failed (FAIL: alerts are being lost now). Skipped on a database not migrated this far yet.
 */
async function reportAlertDelivery(database: LanternDatabase, config: LanternConfig, report: Report): Promise<void> {
  if (!(await hasMigration(database, "0014-alerts"))) return;
  const context = systemContext(database, config);
  const setup = describeEmailSetup(config);
  if (!setup.isConfigured) {
    const { rules, isTruncated } = await listEmailingRules(context);
    if (rules.length > 0) {
      const count = `${rules.length}${isTruncated ? "+" : ""} alert ${rules.length === 1 ? "rule e-mails" : "rules e-mail"}`;
      report(false, `${count}, but e-mail is not configured: set ${smtpVariable} (smtp://user:password@host:587 or smtps://…:465) and restart Lantern. Every such e-mail fails until then:`);
      for (const rule of rules.slice(0, namedRulesLimit)) console.log(`       project ${rule.projectSlug} (${rule.projectName}): rule "${rule.ruleName}"${rule.isMuted ? " (muted)" : ""}`);
      if (rules.length > namedRulesLimit) console.log(`       … and ${rules.length - namedRulesLimit} more`);
    }
  } else {
    const problem = await verifySmtp(config);
    report(problem === null, problem === null ? `e-mail: ${setup.server} answers` : `e-mail: ${setup.server} (${smtpVariable}) does not accept a connection: ${problem}`);
  }
  const health = await listChannelDeliveryHealth(context);
  if (health.email && setup.isConfigured) report(false, `e-mail deliveries failing: ${describeFailure(health.email)}`);
  for (const { target, failing } of health.channels) {
    if (target.kind === "channel") report(false, `channel "${target.name}" (${target.slug}) failing: ${describeFailure(failing)}`);
  }
}

function describeFailure(failing: FailingDeliveries): string {
  return `${describeFailingCount(failing)} since ${formatTimestamp(failing.since)}${failing.retrying > 0 ? ` (${failing.retrying} still retrying)` : ""}, last error: ${failing.lastError}`;
}

async function hasMigration(database: LanternDatabase, name: string): Promise<boolean> {
  try {
    const row = await sql<{ name: string }>`select name from lantern_migrations where name = ${name}`.execute(database.db);
    return row.rows.length > 0;
  } catch {
    // No migrations table: nothing was migrated (`lantern start` and `lantern migrate` do it).
    return false;
  }
}

/** Connects and greets the SMTP server (no mail is sent); null when it answers, else why not. */
async function verifySmtp(config: LanternConfig): Promise<string | null> {
  const smtp = config.auth.smtp;
  if (!smtp) return "not configured";
  const timeoutMs = config.alerts.timeoutMs;
  const transport = nodemailer.createTransport({ url: smtp.url, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs, dnsTimeout: timeoutMs });
  try {
    await transport.verify();
    return null;
  } catch (error) {
    return (error as Error).message.replace(/\s+/g, " ").slice(0, 300);
  } finally {
    transport.close();
  }
}

async function reportBackups(backup: { directory: string | null; intervalMs: number }, report: Report, warn: (line: string) => void): Promise<void> {
  if (!backup.directory) {
    warn("no scheduled backups (LANTERN_BACKUP_DIR unset): take them with lantern backup <file>");
    return;
  }
  const [newest] = await listBackups(backup.directory);
  if (!newest) {
    warn(`no backup in ${backup.directory} yet (lantern start takes one within a minute, then every ${formatAge(backup.intervalMs)})`);
    return;
  }
  const age = Date.now() - newest.takenAt;
  // One missed backup is tolerated; two mean the schedule is not running or failing.
  report(age <= 2 * backup.intervalMs, `newest backup ${formatAge(age)} old: ${newest.file}${age > 2 * backup.intervalMs ? ` (backups are due every ${formatAge(backup.intervalMs)}: is lantern start running, and does its log show backup errors?)` : ""}`);
}

function formatAge(milliseconds: number): string {
  const minutes = Math.max(0, Math.round(milliseconds / 60_000));
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} days`;
}
