import { readFileSync } from "node:fs";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { createProjectDsn } from "./support/lantern-process";
import { uniqueToken } from "../tests/support/sdk-helpers";
import { slugify } from "../src/lib/slugify";
import { e2eBaseUrl, e2ePort, e2eServerEnvironment, e2eServerLog } from "./support/server";

/** Issue 20's first-minute polish, as a newcomer meets it in the browser against `npm start`. */

test("/favicon.ico and the app icons answer to anyone, and pages link their icon", async ({ page }) => {
  const anonymous = await playwrightRequest.newContext({ baseURL: e2eBaseUrl });
  try {
    for (const [path, type] of [
      ["/favicon.ico", "image/x-icon"],
      ["/icon.svg", "image/svg+xml"],
      ["/apple-icon.png", "image/png"],
    ] as const) {
      const response = await anonymous.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      expect(response.headers()["content-type"], path).toContain(type);
      expect((await response.body()).length, path).toBeGreaterThan(100);
    }
  } finally {
    await anonymous.dispose();
  }
  await page.goto("/projects");
  await expect(page.locator('head link[rel="icon"][type="image/svg+xml"]')).toHaveAttribute("href", /^\/icon\.svg/);
  await expect(page.locator('head link[rel="apple-touch-icon"]')).toHaveAttribute("href", /^\/apple-icon\.png/);
});

test("/projects never says there are no projects above the projects it lists", async ({ page }) => {
  await page.goto("/projects");
  await expect(page.getByRole("list", { name: "Projects" }).getByRole("link", { name: "Lantern", exact: true })).toBeVisible();
  await expect(page.getByText("No projects yet")).toHaveCount(0);
});

test("the server's start-up line says where to go and, with an owner already made, to sign in", () => {
  const log = readFileSync(e2eServerLog, "utf8");
  expect(log).toContain(`lantern: serving ${e2eBaseUrl} (listening on 127.0.0.1:${e2ePort}, sqlite) — open ${e2eBaseUrl} and sign in`);
});

test("the header's search takes an issue query to the issue list and a digest to the digest lookup", async ({ page }) => {
  await page.goto("/settings");
  const box = page.getByRole("searchbox", { name: "Search issues or find by digest" });
  await box.fill("level:error TypeError");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/issues\?query=level%3Aerror\+TypeError$/);
  await expect(page.getByRole("combobox", { name: "Search", exact: true })).toHaveValue("level:error TypeError ");

  await box.fill("2654435761");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/digest\?value=2654435761$/);
  await expect(page.getByRole("heading", { name: "No event carries the digest 2654435761" })).toBeVisible();
});

test("the server error page tells a signed-in person that Find by digest opens the event behind it", async ({ page }) => {
  const response = await page.goto("/settings/diagnostics/server-error");
  expect(response?.status()).toBe(500);
  const digest = (await page.getByText(/^Digest: /).textContent())!.replace("Digest: ", "").trim();
  await expect(page.getByText(/Paste the digest into Find by digest/)).toBeVisible();
  await expect(page.getByRole("link", { name: "look it up now" })).toHaveAttribute("href", `/digest?value=${digest}`);
});

test("every settings page keeps the settings navigation, with the current page marked", async ({ page }) => {
  await page.goto("/settings/members");
  const sections = page.getByRole("navigation", { name: "Settings sections" });
  await expect(sections.getByRole("link")).toHaveText(["Overview", "Your account", "Members", "Teams", "Notifications", "Audit log", "Storage", "Diagnostics"]);
  await expect(sections.getByRole("link", { name: "Members" })).toHaveAttribute("aria-current", "page");
  await sections.getByRole("link", { name: "Teams" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Teams" })).toBeVisible();
  await expect(sections.getByRole("link", { name: "Teams" })).toHaveAttribute("aria-current", "page");
  await expect(sections.getByRole("link", { name: "Overview" })).not.toHaveAttribute("aria-current", "page");
});

test("the docs' snippets use this instance's address (LANTERN_URL), not localhost:3000", async ({ page }) => {
  await page.goto("/docs/getting-started");
  const article = page.getByRole("article");
  await expect(article.getByText(`dsn: "http://<public key>@127.0.0.1:${e2ePort}/<project id>"`).first()).toBeVisible();
  await expect(article.getByText(`report-uri ${e2eBaseUrl}/api/PROJECT_ID/security/?sentry_key=PUBLIC_KEY`)).toBeVisible();
  await expect(article.getByText("localhost:3000")).toHaveCount(0);
});

test("a DSN shows whole beside its Copy button (under it on a phone), never under the button", async ({ page }) => {
  const name = `copy dsn ${uniqueToken()}`;
  const dsn = await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, name);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/projects/${slugify(name)}/setup`);
    // The block whose whole text is the DSN (the SDK snippets below quote it too).
    const block = page.locator("pre").filter({ hasText: new RegExp(`^${dsn.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) });
    await expect(block).toBeVisible();
    const copy = page.getByRole("button", { name: "Copy DSN" });
    const [text, button] = [(await block.boundingBox())!, (await copy.boundingBox())!];
    const isBeside = text.x + text.width <= button.x;
    const isAbove = text.y + text.height <= button.y;
    expect(isBeside || isAbove, `the DSN ends before its Copy button or above it at ${width} px`).toBe(true);
    if (width >= 640) expect(isBeside, `the Copy button is beside the DSN at ${width} px`).toBe(true);
    expect(await block.evaluate((pre) => pre.scrollWidth <= pre.clientWidth), `the DSN needs no scrolling at ${width} px`).toBe(true);
  }
});
