import { expect, test } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { eventEnvelope, uniqueToken } from "../tests/support/sdk-helpers";
import { openLanternDatabase } from "./support/lantern-database";
import { createProjectDsn } from "./support/lantern-process";
import { e2eServerEnvironment } from "./support/server";

/** Luhn-valid, so it is a card number to the scrubber. */
const card = "4111 1111 1111 1111";

/**
 * Issue 15's two leaks, as a person sees them in Chromium: a card number in a message-only event was shown
 * in full on the project's Received list and on the envelope's heading and page title (the summary was read
 * from the raw event at ingest), and a URL whose path holds `=` kept its query's secret in the event API,
 * the JSON download, the Request section (text and link) and the Received view. Both events are sent as
 * raw envelopes over HTTP to the running `lantern start`. (tests/ingest/scrub-leaks.db.test.ts checks the
 * stored rows on SQLite and PostgreSQL, before digest and after.)
 */
test("a card number and a URL's secret behind a path with `=` show on no page, download or API answer", async ({ page }) => {
  test.setTimeout(90_000);
  const name = `scrub leaks ${uniqueToken()}`;
  const slug = slugify(name);
  const dsn = new URL(await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, name));
  const projectId = dsn.pathname.slice(1);
  const secrets = { token: uniqueToken("SECRETtok"), apiKey: uniqueToken("SECRETkey") };
  const urls = {
    token: `https://shop.example.com/search/color=red?token=${secrets.token}`,
    apiKey: `https://shop.example.com/x=y/z?api_key=${secrets.apiKey}`,
  };
  const forbidden = [card, card.replaceAll(" ", ""), secrets.token, secrets.apiKey];

  async function send(event: Record<string, unknown>): Promise<string> {
    const { eventId, body } = eventEnvelope(event);
    const response = await page.request.post(`/api/${projectId}/envelope/?sentry_key=${dsn.username}&sentry_version=7`, { data: body, headers: { "Content-Type": "application/x-sentry-envelope" } });
    expect(response.status(), await response.text()).toBe(200);
    return eventId;
  }
  const cardEventId = await send({ message: `payment with card ${card} failed` });
  const urlEventIds = [
    await send({ message: `GET ${urls.token} failed`, request: { method: "GET", url: urls.token }, breadcrumbs: [{ category: "fetch", data: { url: urls.token } }] }),
    await send({ message: `GET ${urls.apiKey} failed`, request: { method: "GET", url: urls.apiKey, query_string: `api_key=${secrets.apiKey}` } }),
  ];

  const database = openLanternDatabase();
  const stored = new Map<string, { issueId: number; intakeId: number }>();
  try {
    for (const eventId of [cardEventId, ...urlEventIds]) {
      await expect.poll(async () => (await database.db.selectFrom("events").select("id").where("event_id", "=", eventId).executeTakeFirst()) !== undefined, { timeout: 30_000 }).toBe(true);
      const row = await database.db.selectFrom("events").select(["issue_id", "intake_id"]).where("event_id", "=", eventId).executeTakeFirstOrThrow();
      stored.set(eventId, { issueId: Number(row.issue_id), intakeId: Number(row.intake_id) });
    }
  } finally {
    await database.close();
  }
  const expectNoSecret = (text: string, where: string) => {
    for (const secret of forbidden) expect(text, `${where} shows ${secret}`).not.toContain(secret);
  };

  // The project's Received list.
  await page.goto(`/projects/${slug}`);
  const received = page.getByRole("list", { name: "Received envelopes" });
  await expect(received).toContainText("payment with card [Filtered] failed");
  await expect(received).toContainText("?token=[Filtered]");
  await expect(received).toContainText("?api_key=[Filtered]");
  expectNoSecret(await page.locator("main").innerText(), "the project page");

  for (const [eventId, { intakeId, issueId }] of stored) {
    // The envelope's page: heading, title and the envelope itself.
    await page.goto(`/projects/${slug}/received/${intakeId}`);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toContainText("[Filtered]");
    expectNoSecret(await heading.innerText(), `envelope ${intakeId}'s heading`);
    expectNoSecret(await page.title(), `envelope ${intakeId}'s title`);
    expectNoSecret(await page.locator("main").innerText(), `envelope ${intakeId}'s page`);

    // The issue page: title, the Request section's text and its link.
    await page.goto(`/projects/${slug}/issues/${issueId}/events/${eventId}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("[Filtered]");
    expectNoSecret(await page.locator("main").innerText(), `event ${eventId}'s page`);
    expectNoSecret(await page.title(), `event ${eventId}'s title`);
    if (eventId !== cardEventId) {
      const request = page.getByRole("region", { name: "Request" });
      await expect(request).toContainText("[Filtered]");
      const hrefs = await request.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
      expect(hrefs.length).toBeGreaterThan(0);
      for (const href of hrefs) expectNoSecret(decodeURIComponent(href), `the Request link ${href}`);
    }

    // The JSON download and the event API.
    const download = await page.request.get(`/projects/${slug}/issues/${issueId}/events/${eventId}/json`);
    expect(download.status()).toBe(200);
    const raw = await download.text();
    expect(raw).toContain("[Filtered]");
    expectNoSecret(raw, `event ${eventId}'s JSON download`);
    const api = await page.request.get(`/api/0/projects/lantern/${slug}/events/${eventId}/`);
    expect(api.status()).toBe(200);
    const answer = await api.text();
    expect(answer).toContain(eventId);
    expectNoSecret(answer, `the API's event ${eventId}`);
  }
});
