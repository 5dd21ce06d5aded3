import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { eventEnvelope, uniqueToken } from "../tests/support/sdk-helpers";
import { createProjectDsn } from "./support/lantern-process";
import { e2eBaseUrl, e2eServerEnvironment } from "./support/server";

/**
 * The digest a user reads on Next's server-side error page leads to the server event behind it: Lantern's
 * own server SDK tags the event with the digest (init-server-diagnostics), and the header's "Find by
 * digest" box — like `lantern digest` — finds it.
 */

const execFileAsync = promisify(execFile);
const serverText = "Application error: a server-side exception has occurred (see the server logs for more information).";
const eventPagePath = /\/projects\/lantern\/issues\/\d+\/events\/[0-9a-f]{32}$/;

test("the digest on a server error page, typed into Find by digest, opens the Lantern event that carries it", async ({ page }) => {
  const response = await page.goto("/settings/diagnostics/server-error");
  expect(response?.status()).toBe(500);
  await expect(page.getByText(serverText)).toBeVisible();
  const digest = (await page.getByText(/^Digest: /).textContent())!.replace("Digest: ", "").trim();
  expect(digest).toMatch(/^\d+$/);

  // The first try is made on the error page itself. The event reaches Lantern's project through /monitoring
  // and digest a moment later; until then the lookup says that no event carries the digest, and the user tries again.
  await expect(async () => {
    const box = page.getByRole("searchbox", { name: "Find by digest" });
    await box.fill(digest);
    await box.press("Enter");
    await expect(page).toHaveURL(eventPagePath, { timeout: 3000 });
  }).toPass({ timeout: 30_000, intervals: [500, 1000] });

  const main = page.getByRole("main");
  await expect(main.getByText("digest", { exact: true }).first()).toBeVisible();
  await expect(main.getByText(digest, { exact: true }).first()).toBeVisible();
  await expect(main.getByText(/Lantern diagnostics: server component failure/).first()).toBeVisible();

  // The event header shows the digest, leading back to the lookup, next to the event's trace id.
  const stored = (await (await page.request.get(`${page.url()}/json`)).json()) as { contexts?: { trace?: { trace_id?: string } } };
  const traceId = stored.contexts?.trace?.trace_id;
  expect(traceId).toMatch(/^[0-9a-f]{32}$/);
  const ids = main.getByLabel("Trace and digest", { exact: true });
  await expect(ids.getByRole("term")).toHaveText(["Trace ID", "Digest"]);
  // As rendered (innerText): the trace link's lasting description is hidden text for screen readers.
  await expect(ids.getByRole("definition")).toHaveText([traceId!, digest], { useInnerText: true });
  await expect(ids.getByRole("link", { name: traceId!, exact: true })).toHaveAttribute("href", new RegExp(`^/traces/${traceId}(\\?span=[0-9a-f]{16})?$`));
  await expect(ids.getByRole("link", { name: digest, exact: true })).toHaveAttribute("href", `/digest?value=${digest}`);

  // The CLI prints the same event page.
  const { stdout } = await execFileAsync(process.execPath, ["cli/lantern.mjs", "digest", digest], { env: { ...process.env, ...e2eServerEnvironment }, encoding: "utf8" });
  expect(stdout.trim().split("\n")).toEqual([page.url()]);
  expect(page.url().startsWith(e2eBaseUrl)).toBe(true);
});

test("a digest no event carries shows an empty state with the lookup box filled in", async ({ page }) => {
  await page.goto("/projects");
  const box = page.getByRole("searchbox", { name: "Find by digest" });
  await box.fill("1");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/digest\?value=1$/);
  await expect(page.getByRole("heading", { level: 1, name: "Find by digest" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No event carries the digest 1" })).toBeVisible();
  await expect(page.getByLabel("Digest", { exact: true })).toHaveValue("1");
  await page.getByRole("link", { name: "see which" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Looking up a digest" })).toBeVisible();
  await expect(page.getByText('scope.setTag("digest", digest)', { exact: false }).first()).toBeVisible();
});

test("a digest carried by several events lists them, newest first, each linking to its event page", async ({ page }) => {
  const token = uniqueToken();
  const dsn = new URL(await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, `digest list ${token}`));
  const digest = String(Date.now());
  const now = Date.now() / 1000;
  const sent: string[] = [];
  for (const [index, secondsAgo] of [120, 10].entries()) {
    const { eventId, body } = eventEnvelope({ timestamp: now - secondsAgo, message: `Render failed ${token} #${index + 1}`, tags: { digest } });
    const response = await fetch(`${e2eBaseUrl}/api${dsn.pathname}/envelope/?sentry_version=7&sentry_key=${dsn.username}`, { method: "POST", body: new Uint8Array(body) });
    expect(response.status).toBe(200);
    sent.push(eventId);
  }

  const items = page.getByRole("list", { name: "Events with this digest" }).getByRole("listitem");
  await expect(async () => {
    await page.goto("/projects");
    const box = page.getByRole("searchbox", { name: "Find by digest" });
    await box.fill(digest);
    await box.press("Enter");
    await expect(page.getByRole("heading", { name: `2 events carry the digest ${digest}` })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000, intervals: [500, 1000] });
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText(sent[1]!);
  await expect(items.nth(1)).toContainText(sent[0]!);
  await expect(items.nth(1)).toContainText(`digest list ${token}`);
  await items.nth(1).getByRole("link", { name: /^Render failed/ }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/digest-list-${token}/issues/\\d+/events/${sent[0]}$`));
});
