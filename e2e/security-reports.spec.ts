import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { inflateSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { openLanternDatabase } from "./support/lantern-database";
import { e2eBaseUrl, e2eServerEnvironment } from "./support/server";

/**
 * A shop page on its own origin whose Content-Security-Policy sends violations to Lantern's security
 * endpoint (`report-uri …/api/{id}/security/?sentry_key=…`), as a team sets it up from Sentry's docs. Chromium
 * blocks the page's tracker image and posts the report itself; Lantern digests it as a CSP event.
 */
test("Chromium's CSP violation report reaches the project through report-uri and becomes a CSP issue", async ({ page }) => {
  const runId = randomUUID().slice(0, 8);
  const dsn = execFileSync(process.execPath, ["cli/lantern.mjs", "project", "create", `csp ${runId}`, "--platform", "javascript"], { env: { ...process.env, ...e2eServerEnvironment }, encoding: "utf8" }).trim();
  const { username: publicKey, pathname } = new URL(dsn);
  const projectId = Number(pathname.slice(1));
  const reportUri = `${e2eBaseUrl}/api/${projectId}/security/?sentry_key=${publicKey}&sentry_environment=csp-e2e&sentry_release=shop%40${runId}`;

  const shop: Server = createServer((request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-security-policy": `default-src 'self'; img-src 'self'; report-uri ${reportUri}` });
    response.end(`<!doctype html><html lang="en"><title>Shop ${runId}</title><main><h1>Checkout</h1><img alt="" src="https://tracker.example/pixel.png?run=${runId}"></main></html>`);
  });
  await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve));
  const database = openLanternDatabase();
  try {
    const shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/checkout`;
    const reported = page.waitForResponse((response) => response.url().startsWith(`${e2eBaseUrl}/api/${projectId}/security/`));
    await page.goto(shopUrl);
    const answer = await reported;
    expect(answer.status()).toBe(201);
    expect(answer.request().headers()["content-type"]).toBe("application/csp-report");

    const find = () => database.db.selectFrom("events").selectAll().where("project_id", "=", projectId).executeTakeFirst();
    await expect.poll(async () => (await find()) !== undefined, { message: "the report is digested", timeout: 20_000, intervals: [100, 250, 500] }).toBe(true);
    const row = (await find())!;
    expect(row).toMatchObject({ title: "Blocked 'image' from 'tracker.example'", environment: "csp-e2e", release: `shop@${runId}` });
    const event = JSON.parse(inflateSync(row.payload).toString("utf8")) as Record<string, unknown>;
    expect(event).toMatchObject({
      logger: "csp",
      request: { url: shopUrl },
      csp: { document_uri: shopUrl, effective_directive: "img-src", blocked_uri: `https://tracker.example/pixel.png?run=${runId}`, disposition: "enforce" },
    });
    expect(row.issue_id).not.toBeNull();

    // The issue reads as the report: its title, and the report's fields as text; a URL in it is at most a
    // link that gives the other site nothing (no opener, no referrer).
    await page.goto(`${e2eBaseUrl}/projects/${slugify(`csp ${runId}`)}/issues/${row.issue_id}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Blocked 'image' from 'tracker.example'");
    const report = page.getByRole("region", { name: "CSP report" });
    await expect(report).toContainText(`https://tracker.example/pixel.png?run=${runId}`);
    await expect(report).toContainText("img-src");
    await expect(report.getByRole("link", { name: `https://tracker.example/pixel.png?run=${runId}` })).toHaveAttribute("rel", "noopener noreferrer nofollow");
  } finally {
    await database.close();
    await new Promise((resolve) => shop.close(resolve));
  }
});
