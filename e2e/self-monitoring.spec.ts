import { inflateSync } from "node:zlib";
import { expect, test, type Page, type Request } from "@playwright/test";
import { internalProjectId, latestIntakeId, openLanternDatabase, receivedBodies } from "./support/lantern-database";

function monitoringPostsFrom(page: Page): Request[] {
  const posts: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/monitoring") posts.push(request);
  });
  return posts;
}

test.describe("Lantern monitors itself through /monitoring", () => {
  test("an unhandled error and an unhandled rejection in the browser are sent through /monitoring and stored in the Lantern project", async ({ page }) => {
    const database = openLanternDatabase();
    try {
      const projectId = await internalProjectId(database);
      const before = await latestIntakeId(database);
      await page.goto("/settings/diagnostics");

      for (const [button, message] of [
        ["Raise an unhandled error", "Lantern diagnostics: unhandled browser error"],
        ["Reject a promise", "Lantern diagnostics: unhandled promise rejection"],
      ] as const) {
        const sent = page.waitForResponse((response) => new URL(response.url()).pathname === "/monitoring" && (response.request().postData() ?? "").includes(message));
        await page.getByRole("button", { name: button }).click();
        const response = await sent;
        expect(response.status()).toBe(200);
        expect(response.request().url()).toBe(new URL("/monitoring", page.url()).href);

        const stored = (await receivedBodies(database, projectId, before)).find(({ envelope }) => envelope.summary === `Error: ${message}`);
        expect(stored?.envelope.itemTypes).toContain("event");
        expect(stored?.body).toContain(message);
      }
      // Both arrive as unhandled; the thrown error is caught by the SDK's timer wrapper, the rejection by its global handler.
      const bodies = (await receivedBodies(database, projectId, before)).map(({ body }) => body).join("\n");
      expect(bodies).toMatch(/"mechanism":\{"type":"auto\.browser\.[a-z_.]+(setTimeout|onerror)","handled":false\}/i);
      expect(bodies).toContain('"mechanism":{"type":"auto.browser.global_handlers.onunhandledrejection","handled":false}');

      // Digest stores the same events with everything the SDK sent.
      await expect
        .poll(async () => (await database.db.selectFrom("events").select("title").where("project_id", "=", projectId).execute()).map((row) => row.title), { timeout: 15_000 })
        .toEqual(expect.arrayContaining(["Error: Lantern diagnostics: unhandled browser error", "Error: Lantern diagnostics: unhandled promise rejection"]));
      const stored = await database.db.selectFrom("events").selectAll().where("project_id", "=", projectId).where("title", "=", "Error: Lantern diagnostics: unhandled browser error").executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ level: "error", platform: "javascript", environment: "production" });
      expect(stored.release).toBeTruthy();
      const event = JSON.parse(inflateSync(stored.payload).toString("utf8")) as {
        exception: { values: { type: string; value: string; stacktrace?: { frames: unknown[] } }[] };
        breadcrumbs?: { values: { category?: string }[] };
        contexts: Record<string, { name?: string }>;
        request?: { url?: string };
      };
      expect(event.exception.values.at(-1)).toMatchObject({ type: "Error", value: "Lantern diagnostics: unhandled browser error" });
      expect(event.exception.values.at(-1)?.stacktrace?.frames.length).toBeGreaterThan(0);
      expect(event.breadcrumbs?.values.map((breadcrumb) => breadcrumb.category)).toContain("ui.click");
      expect(event.contexts.browser?.name).toMatch(/Chrom/);
      expect(event.request?.url).toContain("/settings/diagnostics");

      await page.goto("/projects/lantern");
      await expect(page.getByRole("list", { name: "Received envelopes" }).getByText("Error: Lantern diagnostics: unhandled browser error").first()).toBeVisible();
    } finally {
      await database.close();
    }
  });

  test("Lantern's own project shows what its SDK sent — the error as an issue and its crash-free sessions — and never waits for a first event", async ({ page }) => {
    const database = openLanternDatabase();
    try {
      const projectId = await internalProjectId(database);
      // Each page load starts a session of the browser SDK; the button raises an unhandled error.
      const sent = page.waitForResponse((response) => new URL(response.url()).pathname === "/monitoring" && (response.request().postData() ?? "").includes("unhandled browser error"));
      await page.goto("/settings/diagnostics");
      await page.getByRole("button", { name: "Raise an unhandled error" }).click();
      expect((await sent).status()).toBe(200);
      const startedSessions = async () =>
        Number((await database.db.selectFrom("session_counts").select((eb) => eb.fn.sum<number>("quantity").as("total")).where("project_id", "=", projectId).where("status", "=", "started").executeTakeFirst())?.total ?? 0);
      await expect.poll(startedSessions, { message: "the browser SDK's sessions are digested", timeout: 15_000 }).toBeGreaterThan(0);
      await expect
        .poll(async () => (await database.db.selectFrom("issues").select("title").where("project_id", "=", projectId).execute()).map((row) => row.title), { timeout: 15_000 })
        .toContain("Error: Lantern diagnostics: unhandled browser error");

      await page.goto("/projects/lantern");
      await expect(page.getByRole("heading", { level: 1, name: "Lantern" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Waiting for your first event" })).toHaveCount(0);
      await expect(page.getByRole("list", { name: "Top unresolved issues" }).getByRole("link", { name: "Error: Lantern diagnostics: unhandled browser error" })).toBeVisible();
      const activity = page.getByRole("region", { name: "Activity in the last 24 hours" });
      await expect(activity.getByText("Crash-free sessions")).toBeVisible();
      await expect(activity.getByText(/^[\d,]+ of [\d,]+ sessions? crashed$/)).toBeVisible();
    } finally {
      await database.close();
    }
  });

  test("a redirect() and a visit to a missing page produce no event and no trace", async ({ page }) => {
    const database = openLanternDatabase();
    try {
      const projectId = await internalProjectId(database);
      const posts = monitoringPostsFrom(page);
      const before = await latestIntakeId(database);

      await page.goto("/settings/diagnostics/redirect");
      await expect(page).toHaveURL(/\/settings\/diagnostics\?redirected=1$/);
      const missing = await page.goto("/no-such-page-for-monitoring");
      expect(missing?.status()).toBe(404);

      // A later, unrelated error proves the SDK was running and flushing meanwhile.
      const marker = page.waitForResponse((response) => new URL(response.url()).pathname === "/monitoring" && (response.request().postData() ?? "").includes("unhandled browser error"));
      await page.goto("/settings/diagnostics");
      await page.getByRole("button", { name: "Raise an unhandled error" }).click();
      await marker;
      await page.waitForTimeout(1000);

      const stored = await receivedBodies(database, projectId, before);
      expect(stored.some(({ body }) => body.includes("NEXT_REDIRECT")), "no envelope mentions NEXT_REDIRECT").toBe(false);
      expect(stored.filter(({ envelope }) => envelope.itemTypes.includes("event")).map(({ envelope }) => envelope.summary)).toEqual(["Error: Lantern diagnostics: unhandled browser error"]);
      // Transactions are named after their route or URL; none may be the missing page's.
      const transactionNames = stored.filter(({ envelope }) => envelope.itemTypes.includes("transaction")).map(({ envelope }) => envelope.summary ?? "");
      expect(transactionNames.filter((name) => name.includes("no-such-page-for-monitoring") || name.includes("not-found"))).toEqual([]);
      expect(transactionNames.length, "the other pages were traced meanwhile, so tracing was on").toBeGreaterThan(0);
      const sentTraces = posts.map((post) => post.postData() ?? "").filter((body) => body.includes('"type":"transaction"'));
      expect(sentTraces.some((body) => body.includes('"url.path":"/no-such-page-for-monitoring"')), "the browser sent no trace of the 404 page").toBe(false);
    } finally {
      await database.close();
    }
  });
});
