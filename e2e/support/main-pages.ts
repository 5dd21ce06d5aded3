import { expect } from "@playwright/test";
import { slugify } from "../../src/lib/slugify";
import { runSdkScript, uniqueToken } from "../../tests/support/sdk-helpers";
import { openLanternDatabase } from "./lantern-database";
import { createProjectDsn } from "./lantern-process";
import { seedMonitor } from "./monitor-check-ins";
import { e2eServerEnvironment } from "./server";

/**
 * The main pages of the dashboard: the accessibility suite scans each (light and dark) at 1440 px, the phone
 * suite checks each at 375 px, and the long-text suite reads each at both widths with long names and paths.
 * A new page goes here once, and every suite covers it.
 */

export interface Seed {
  slug: string;
  issueId: number;
  eventId: string;
  /** The event's trace id (@sentry/node puts one in every event's trace context). */
  traceId: string;
  /** A cron monitor of the project, named like the project, with check-ins. */
  monitorSlug: string;
}

export interface MainPage {
  name: string;
  path: (seed: Seed) => string;
  /** The status the page answers with; 200 unless said. */
  status?: number;
}

export const mainPages: MainPage[] = [
  { name: "projects", path: () => "/projects" },
  { name: "project", path: ({ slug }) => `/projects/${slug}` },
  { name: "project-settings", path: ({ slug }) => `/projects/${slug}/settings` },
  { name: "project-setup", path: ({ slug }) => `/projects/${slug}/setup` },
  { name: "project-issues", path: ({ slug }) => `/projects/${slug}/issues` },
  { name: "project-releases", path: ({ slug }) => `/projects/${slug}/releases` },
  { name: "project-alerts", path: ({ slug }) => `/projects/${slug}/alerts` },
  { name: "project-uptime", path: ({ slug }) => `/projects/${slug}/uptime` },
  { name: "project-uptime-new", path: ({ slug }) => `/projects/${slug}/uptime/new` },
  { name: "project-alert-new", path: ({ slug }) => `/projects/${slug}/alerts/new` },
  { name: "issues", path: () => "/issues" },
  { name: "issue", path: ({ slug, issueId }) => `/projects/${slug}/issues/${issueId}` },
  { name: "event", path: ({ slug, issueId, eventId }) => `/projects/${slug}/issues/${issueId}/events/${eventId}` },
  { name: "settings", path: () => "/settings" },
  { name: "settings-account", path: () => "/settings/account" },
  { name: "settings-members", path: () => "/settings/members" },
  { name: "settings-teams", path: () => "/settings/teams" },
  { name: "settings-audit-log", path: () => "/settings/audit-log" },
  { name: "settings-storage", path: () => "/settings/storage" },
  { name: "settings-notifications", path: () => "/settings/notifications" },
  { name: "sign-in", path: () => "/sign-in" },
  { name: "forgot-password", path: () => "/forgot-password" },
  { name: "docs", path: () => "/docs" },
  { name: "docs-getting-started", path: () => "/docs/getting-started" },
  { name: "docs-nextjs", path: () => "/docs/getting-started/nextjs" },
  { name: "docs-roles", path: () => "/docs/guides/roles" },
  { name: "digest-lookup", path: () => "/digest?value=0" },
  { name: "trace", path: ({ traceId }) => `/traces/${traceId}` },
  { name: "logs", path: () => "/logs" },
  { name: "project-logs", path: ({ slug }) => `/projects/${slug}/logs` },
  { name: "docs-logs", path: () => "/docs/guides/logs" },
  { name: "docs-ai-agents", path: () => "/docs/guides/ai-agents" },
  { name: "crons", path: () => "/crons" },
  { name: "project-crons", path: ({ slug }) => `/projects/${slug}/crons` },
  { name: "project-cron", path: ({ slug, monitorSlug }) => `/projects/${slug}/crons/${monitorSlug}` },
  { name: "project-cron-edit", path: ({ slug, monitorSlug }) => `/projects/${slug}/crons/${monitorSlug}/edit` },
  { name: "not-found", path: () => "/this-page-does-not-exist", status: 404 },
];

interface SeedOptions {
  /** The project's name, given a unique token: "<prefix> <token>", or `name(token)` when given. */
  name?: (token: string) => string;
  /** The event's release (the `release` field @sentry/node sends); "shop@1.0.0" unless given. */
  release?: string;
}

/** One project with one real error (sent by @sentry/node, digested by the server), for the pages that need data. */
export async function seedProject(namePrefix = "accessibility", options: SeedOptions = {}): Promise<Seed> {
  const token = uniqueToken();
  const name = options.name ? options.name(token) : `${namePrefix} ${token}`;
  const dsn = await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, name);
  const run = await runSdkScript("capture-exception.mjs", { LANTERN_TEST_DSN: dsn, LANTERN_TEST_RELEASE: options.release ?? "shop@1.0.0", LANTERN_TEST_ENVIRONMENT: "e2e", LANTERN_TEST_TOKEN: token });
  expect(run.code, run.stderr).toBe(0);
  const eventId = String(run.facts.eventId);
  const projectId = Number(new URL(dsn).pathname.slice(1));
  const database = openLanternDatabase();
  try {
    const find = () => database.db.selectFrom("events").select(["issue_id", "event_id", "trace_id"]).where("project_id", "=", projectId).where("event_id", "=", eventId).executeTakeFirst();
    await expect.poll(async () => (await find())?.issue_id ?? null, { message: `event ${eventId} is digested`, timeout: 30_000 }).not.toBeNull();
    const row = (await find())!;
    expect(row.trace_id, "the event's trace id").toMatch(/^[0-9a-f]{32}$/);
    const monitorSlug = await seedMonitor(slugify(name), name);
    return { slug: slugify(name), issueId: row.issue_id!, eventId: row.event_id, traceId: row.trace_id!, monitorSlug };
  } finally {
    await database.close();
  }
}
