import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { eventEnvelope, runSdkScript, uniqueToken } from "../tests/support/sdk-helpers";
import { openLanternDatabase } from "./support/lantern-database";
import { createProjectDsn } from "./support/lantern-process";
import { e2eServerEnvironment } from "./support/server";

/**
 * Raw envelopes are kept compressed (issue 17): one is sent gzip-compressed (as the Node SDK sends large
 * ones), one plain. Both carry a password — in `extra.password` and in a `password=` query string — and the
 * Received list and each envelope's page, read in Chromium from the running `lantern start` after digest,
 * never show it.
 * (src/server/storage/raw-retention.db.test.ts checks the window, deletion and storage on SQLite and PostgreSQL.)
 */
test("the Received pages never show a password an envelope carried, sent gzip-compressed or plain", async ({ page }) => {
  test.setTimeout(90_000);
  const name = `received ${uniqueToken()}`;
  const slug = slugify(name);
  const dsn = new URL(await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, name));
  const projectId = dsn.pathname.slice(1);
  const password = uniqueToken("hunter2pw");

  async function send(message: string, encoding: "gzip" | "identity"): Promise<string> {
    const url = `https://shop.example.com/login?user=ada&password=${password}`;
    const { eventId, body } = eventEnvelope({ message, extra: { password }, request: { method: "POST", url, query_string: `user=ada&password=${password}` } });
    const headers: Record<string, string> = { "Content-Type": "application/x-sentry-envelope", ...(encoding === "gzip" ? { "Content-Encoding": "gzip" } : {}) };
    const response = await page.request.post(`/api/${projectId}/envelope/?sentry_key=${dsn.username}&sentry_version=7`, { data: encoding === "gzip" ? gzipSync(body) : body, headers });
    expect(response.status(), await response.text()).toBe(200);
    return eventId;
  }
  const eventIds = [await send("sign-in failed (gzip as sent)", "gzip"), await send("sign-in failed (plain)", "identity")];

  const database = openLanternDatabase();
  const intakeIds: number[] = [];
  try {
    for (const eventId of eventIds) {
      await expect.poll(async () => (await database.db.selectFrom("events").select("id").where("event_id", "=", eventId).executeTakeFirst()) !== undefined, { timeout: 30_000 }).toBe(true);
      const row = await database.db.selectFrom("events").select("intake_id").where("event_id", "=", eventId).executeTakeFirstOrThrow();
      intakeIds.push(Number(row.intake_id));
    }
    // Kept compressed. Digest has rewritten both (they held the password), so both are now brotli; that a
    // gzip body is first kept as sent is checked before digest in raw-retention.db.test.ts.
    const stored = await database.db.selectFrom("intake").innerJoin("intake_bodies", "intake_bodies.intake_id", "intake.id").select(["intake.body_bytes", "intake_bodies.body", "intake_bodies.encoding"]).where("intake.id", "in", intakeIds).execute();
    expect(stored).toHaveLength(2);
    for (const row of stored) {
      expect(row.encoding).not.toBe("identity");
      expect(row.body.length).toBeLessThan(row.body_bytes);
    }
  } finally {
    await database.close();
  }

  await page.goto(`/projects/${slug}`);
  const received = page.getByRole("list", { name: "Received envelopes" });
  await expect(received).toContainText("sign-in failed (gzip as sent)");
  await expect(received).toContainText("sign-in failed (plain)");
  // The window is said next to the list (LANTERN_RAW_RETENTION_HOURS, 24 by default).
  await expect(page.locator("main")).toContainText("Raw envelopes are kept 24 hours after they arrive");
  expect(await page.locator("main").innerText()).not.toContain(password);

  for (const [index, intakeId] of intakeIds.entries()) {
    await page.goto(`/projects/${slug}/received/${intakeId}`);
    const main = page.locator("main");
    // The envelope itself is shown (decompressed), with the password filtered out of it.
    await expect(main).toContainText(eventIds[index]!);
    await expect(main).toContainText("[Filtered]");
    expect(await main.innerText(), `envelope ${intakeId}'s page`).not.toContain(password);
    expect(await page.content(), `envelope ${intakeId}'s HTML`).not.toContain(password);
  }
});

/**
 * What real @sentry/node sends besides events reads as words: a client report for three messages beforeSend
 * dropped, and the session update of a session that ended with an error — never "(client_report)".
 */
test("a client report and a session update from @sentry/node are listed and titled in words", async ({ page }) => {
  test.setTimeout(60_000);
  const token = uniqueToken();
  const name = `received words ${token}`;
  const dsn = await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, name);
  const sdk = { LANTERN_TEST_DSN: dsn, LANTERN_TEST_RELEASE: "shop@4.0.0", LANTERN_TEST_ENVIRONMENT: "e2e", LANTERN_TEST_TOKEN: token };
  for (const script of ["drop-events.mjs", "session.mjs"]) {
    const run = await runSdkScript(script, sdk);
    expect(run.code, run.stderr).toBe(0);
  }
  const clientReport = "Client report: 3 events dropped by the SDK, reason: beforeSend";
  const sessionUpdate = "Session update: ended (1 error)";

  await page.goto(`/projects/${slugify(name)}`);
  const received = page.getByRole("list", { name: "Received envelopes" });
  await expect(received.getByRole("link", { name: clientReport })).toBeVisible();
  await expect(received.getByRole("link", { name: sessionUpdate })).toBeVisible();
  await expect(received.getByText("Client report", { exact: true })).toBeVisible();
  await expect(received.getByText("Session update", { exact: true }).first()).toBeVisible();
  const listed = await received.innerText();
  for (const raw of ["(client_report)", "(session)", "client_report"]) expect(listed, `the list shows no raw "${raw}"`).not.toContain(raw);

  await received.getByRole("link", { name: clientReport }).click();
  await expect(page.getByRole("heading", { level: 1, name: clientReport })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${clientReport}`));
  await expect(page.locator("main")).toContainText('"reason":"before_send"');
});
