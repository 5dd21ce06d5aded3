import { expect, test } from "@playwright/test";
import { runSdkScript, uniqueToken } from "../tests/support/sdk-helpers";
import { openLanternDatabase } from "./support/lantern-database";
import { createProjectDsn } from "./support/lantern-process";
import { anonymousState, e2eServerEnvironment } from "./support/server";

/**
 * Sentry-style links (`/organizations/{org}/issues/{SHORT-ID}/`, `…/events/{eventId}/`), as Sentry's MCP
 * server and sentry-cli print them, open Lantern's issue and event pages for a signed-in viewer; unknown
 * ones are the not-found page, and an anonymous visitor is sent to sign in first.
 */
test.describe("Sentry-style issue links", () => {
  let issuePath = "";
  let shortId = "";
  let eventId = "";

  test.beforeAll(async () => {
    const token = uniqueToken();
    const dsn = await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, `links ${token}`);
    const run = await runSdkScript("capture-exception.mjs", { LANTERN_TEST_DSN: dsn, LANTERN_TEST_RELEASE: "links@1.0.0", LANTERN_TEST_ENVIRONMENT: "e2e", LANTERN_TEST_TOKEN: token });
    expect(run.code, run.stderr).toBe(0);
    eventId = String(run.facts.eventId);
    const projectId = Number(new URL(dsn).pathname.slice(1));
    const database = openLanternDatabase();
    try {
      const digested = () => database.db.selectFrom("events").select("issue_id").where("project_id", "=", projectId).where("event_id", "=", eventId).executeTakeFirst();
      await expect.poll(async () => (await digested())?.issue_id ?? null, { timeout: 30_000 }).not.toBeNull();
      const issueId = Number((await digested())!.issue_id);
      const project = await database.db.selectFrom("projects").select("slug").where("id", "=", projectId).executeTakeFirstOrThrow();
      issuePath = `/projects/${project.slug}/issues/${issueId}`;
      shortId = `${project.slug.toUpperCase()}-${issueId}`;
    } finally {
      await database.close();
    }
  });

  test("a short-id link and an event link open the issue and the event", async ({ page }) => {
    await page.goto(`/organizations/lantern/issues/${shortId}/`);
    await expect(page).toHaveURL(new RegExp(`${issuePath}$`));
    await page.goto(`/organizations/lantern/issues/${issuePath.split("/").pop()}/events/${eventId}/`);
    await expect(page).toHaveURL(new RegExp(`${issuePath}/events/${eventId}$`));
  });

  test("unknown issues, events and organizations are the not-found page", async ({ page }) => {
    for (const path of [`/organizations/lantern/issues/NOPE-999999/`, `/organizations/other/issues/${shortId}/`, `/organizations/lantern/issues/${shortId}/events/0123456789abcdef0123456789abcdef/`]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
    }
  });

  test.describe("anonymous", () => {
    test.use({ storageState: anonymousState });
    test("is sent to sign in, not told whether the issue exists", async ({ page }) => {
      await page.goto(`/organizations/lantern/issues/${shortId}/`);
      await expect(page).toHaveURL(/\/sign-in/);
    });
  });
});
