import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AccessContext } from "@/server/access/authorize";
import { systemContext } from "@/server/access/system-context";
import { createLogAlertRule } from "@/server/alerts/create-log-alert-rule";
import { createNotificationChannel } from "@/server/alerts/create-notification-channel";
import { deleteNotificationChannel } from "@/server/alerts/delete-notification-channel";
import { getLogAlertRule, listLogAlertRules } from "@/server/alerts/list-log-alert-rules";
import { updateLogAlertRule } from "@/server/alerts/update-log-alert-rule";
import { loadConfig } from "@/server/config";
import { insertProject, type CreatedProject } from "@/server/projects/insert-project";
import { AppError } from "@/server/errors";
import { createTestDatabase, testDialect, type TestDatabase } from "../support/test-database";

/** The verb's refusal, or a failure when it did not refuse. */
async function refusalOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

const config = loadConfig({ LANTERN_WEBHOOK_ALLOW_PRIVATE: "true", LANTERN_SELF_MONITORING: "false" });

describe(`log alert rules on ${testDialect}`, () => {
  let database: TestDatabase;
  let shop: CreatedProject;
  let other: CreatedProject;
  let context: AccessContext;
  let channelSlug: string;

  beforeEach(async () => {
    database = await createTestDatabase();
    shop = await insertProject(database.db, { name: "Shop", platform: "node" });
    other = await insertProject(database.db, { name: "Other", platform: "node" });
    context = systemContext(database, config);
    channelSlug = (await createNotificationChannel(context, { name: "Hook", kind: "webhook", url: "http://127.0.0.1:9/hook" })).slug;
  });
  afterEach(async () => {
    await database.destroy();
  });

  const rule = (overrides: Record<string, unknown> = {}) => ({ name: "Payments failing", query: "payment failed", threshold: 10, interval: "5m", channels: [channelSlug], ...overrides });

  it("refuses a query only the search rejects, and a channel that does not exist, naming the field", async () => {
    expect(await refusalOf(createLogAlertRule(context, { projectSlug: shop.project.slug, rule: rule({ query: "trace:nothex" }) }))).toMatchObject({ code: "bad_request", message: "query: trace is 32 hexadecimal digits." });
    expect(await refusalOf(createLogAlertRule(context, { projectSlug: shop.project.slug, rule: rule({ channels: ["nowhere"] }) }))).toMatchObject({ code: "bad_request", message: 'channels[0]: no notification channel has the slug "nowhere"' });
    expect(await database.db.selectFrom("log_alert_rules").select("id").execute()).toEqual([]);
  });

  it("keeps rules per project: another project's rule is not found", async () => {
    const created = await createLogAlertRule(context, { projectSlug: shop.project.slug, rule: rule() });
    expect(await listLogAlertRules(context, { projectSlug: shop.project.slug })).toEqual([created]);
    expect(await listLogAlertRules(context, { projectSlug: other.project.slug })).toEqual([]);
    expect(await refusalOf(getLogAlertRule(context, { projectSlug: other.project.slug, ruleId: created.id }))).toMatchObject({ code: "not_found" });
  });

  it("starts a rule afresh when its condition changes, not when only its name does", async () => {
    const created = await createLogAlertRule(context, { projectSlug: shop.project.slug, rule: rule() });
    await database.db.updateTable("log_alert_rules").set({ firing_since: 1, last_count: 20 }).execute();
    expect(await updateLogAlertRule(context, { projectSlug: shop.project.slug, ruleId: created.id, rule: rule({ name: "Renamed" }) })).toMatchObject({ name: "Renamed", firingSince: 1, lastCount: 20 });
    expect(await updateLogAlertRule(context, { projectSlug: shop.project.slug, ruleId: created.id, rule: rule({ threshold: 50 }) })).toMatchObject({ threshold: 50, firingSince: null, lastCount: null });
  });

  it("refuses to delete a channel a log alert rule sends to (409 naming the rule)", async () => {
    await createLogAlertRule(context, { projectSlug: shop.project.slug, rule: rule() });
    expect(await refusalOf(deleteNotificationChannel(context, { channelSlug }))).toMatchObject({ code: "conflict", message: expect.stringContaining(`“Payments failing” (${shop.project.slug})`) });
  });
});
