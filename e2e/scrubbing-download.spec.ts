import { expect, test } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { runSdkScript, uniqueToken } from "../tests/support/sdk-helpers";
import { openLanternDatabase } from "./support/lantern-database";
import { createProjectDsn } from "./support/lantern-process";
import { e2eServerEnvironment } from "./support/server";

/**
 * Acceptance 4 of accounts and access, as a person sees it: an error full of secrets from the real
 * @sentry/node (tests/fixtures/sdk-scripts/secrets.mjs) shows none of them on the issue page, and the raw
 * JSON download — the whole stored event — holds [Filtered] in their place. (tests/ingest/scrubbing.db.test.ts
 * checks each field of the stored event on SQLite and PostgreSQL.)
 */
test("the issue page and the raw JSON download of an event full of secrets show none of them", async ({ page }) => {
  const token = uniqueToken();
  const name = `scrubbing ${token}`;
  const dsn = await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, name);
  const secrets = {
    password: `pw-${uniqueToken()}`,
    token: uniqueToken("tok"),
    bearer: `eyJhbGciOiJIUzI1NiJ9.${uniqueToken("payload")}.sig`,
    session: `sess-${uniqueToken()}`,
    card: "4111 1111 1111 1111",
    pem: `-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC${uniqueToken("K")}\n-----END PRIVATE KEY-----`,
  };
  const run = await runSdkScript("secrets.mjs", { LANTERN_TEST_DSN: dsn, LANTERN_TEST_RELEASE: "shop@1.0.0", LANTERN_TEST_ENVIRONMENT: "e2e", LANTERN_TEST_SECRETS: JSON.stringify(secrets) });
  expect(run.code, run.stderr).toBe(0);
  const eventId = String(run.facts.eventId);
  const database = openLanternDatabase();
  let issueId: number;
  try {
    await expect.poll(async () => (await database.db.selectFrom("events").select("issue_id").where("event_id", "=", eventId).executeTakeFirst())?.issue_id ?? null, { timeout: 30_000 }).not.toBeNull();
    issueId = Number((await database.db.selectFrom("events").select("issue_id").where("event_id", "=", eventId).executeTakeFirstOrThrow()).issue_id);
  } finally {
    await database.close();
  }
  const secretParts = [secrets.password, secrets.token, secrets.bearer, secrets.session, secrets.card, secrets.pem.split("\n")[1]!];

  await page.goto(`/projects/${slugify(name)}/issues/${issueId}/events/${eventId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("[Filtered]");
  const shown = await page.locator("main").innerText();
  for (const part of secretParts) expect(shown, `the issue page shows ${part}`).not.toContain(part);

  const download = await page.request.get(`/projects/${slugify(name)}/issues/${issueId}/events/${eventId}/json`);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-disposition"]).toMatch(/^attachment/);
  const raw = await download.text();
  expect(raw).toContain(eventId);
  expect(raw).toContain("[Filtered]");
  for (const part of secretParts) expect(raw, `the JSON download holds ${part}`).not.toContain(part);
});
