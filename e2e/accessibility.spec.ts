import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import type { Result } from "axe-core";
import { slugify } from "../src/lib/slugify";
import { runSdkScript, uniqueToken } from "../tests/support/sdk-helpers";
import { openLanternDatabase } from "./support/lantern-database";
import { createProjectDsn } from "./support/lantern-process";
import { e2eServerEnvironment } from "./support/server";

/**
 * Every main page, in the light and the dark theme: an axe scan that fails on serious or critical
 * violations (all of them are written, readably, to the failure message and to
 * test-results/accessibility/), and a full-page screenshot in test-results/screenshots/ (ignored by git).
 * The data is a real error sent with the real @sentry/node into a project made with the CLI.
 */

const themes = ["light", "dark"] as const;
type Theme = (typeof themes)[number];

interface Seed {
  slug: string;
  issueId: number;
  eventId: string;
}

interface MainPage {
  name: string;
  path: (seed: Seed) => string;
  /** The status the page answers with; 200 unless said. */
  status?: number;
}

const mainPages: MainPage[] = [
  { name: "projects", path: () => "/projects" },
  { name: "project", path: ({ slug }) => `/projects/${slug}` },
  { name: "project-settings", path: ({ slug }) => `/projects/${slug}/settings` },
  { name: "project-setup", path: ({ slug }) => `/projects/${slug}/setup` },
  { name: "project-issues", path: ({ slug }) => `/projects/${slug}/issues` },
  { name: "project-alerts", path: ({ slug }) => `/projects/${slug}/alerts` },
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
  { name: "not-found", path: () => "/this-page-does-not-exist", status: 404 },
];

const outputRoot = resolve("test-results");
const seriousImpacts = new Set(["serious", "critical"]);

/** One project with one real error (sent by @sentry/node, digested by the server), for the pages that need data. */
async function seedProject(): Promise<Seed> {
  const token = uniqueToken();
  const name = `accessibility ${token}`;
  const dsn = await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, name);
  const run = await runSdkScript("capture-exception.mjs", { LANTERN_TEST_DSN: dsn, LANTERN_TEST_RELEASE: "shop@1.0.0", LANTERN_TEST_ENVIRONMENT: "e2e", LANTERN_TEST_TOKEN: token });
  expect(run.code, run.stderr).toBe(0);
  const eventId = String(run.facts.eventId);
  const projectId = Number(new URL(dsn).pathname.slice(1));
  const database = openLanternDatabase();
  try {
    const find = () => database.db.selectFrom("events").select(["issue_id", "event_id"]).where("project_id", "=", projectId).where("event_id", "=", eventId).executeTakeFirst();
    await expect.poll(async () => (await find())?.issue_id ?? null, { message: `event ${eventId} is digested`, timeout: 30_000 }).not.toBeNull();
    const row = (await find())!;
    return { slug: slugify(name), issueId: row.issue_id!, eventId: row.event_id };
  } finally {
    await database.close();
  }
}

/** Readable: rule, impact and help, then each failing element's selector and axe's summary of what to fix. */
function describeViolations(violations: Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map((node) => `    at ${node.target.join(" ")}\n      ${(node.failureSummary ?? "").replace(/\n/g, "\n      ")}`).join("\n");
      return `  [${violation.impact}] ${violation.id}: ${violation.help}\n    ${violation.helpUrl}\n${nodes}`;
    })
    .join("\n\n");
}

async function expectTheme(page: Page, theme: Theme): Promise<void> {
  // next-themes follows the system preference (defaultTheme "system"), which the context's colorScheme sets.
  if (theme === "dark") await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
  else await expect(page.locator("html")).not.toHaveClass(/(^|\s)dark(\s|$)/);
}

function writeOutput(path: string, content: string | Buffer): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

let seed: Seed;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  seed = await seedProject();
});

for (const theme of themes) {
  test.describe(`in the ${theme} theme`, () => {
    test.use({ colorScheme: theme });

    for (const mainPage of mainPages) {
      test(`${mainPage.name} has no serious or critical axe violations`, async ({ page }) => {
        const response = await page.goto(mainPage.path(seed));
        expect(response?.status(), `${mainPage.path(seed)} answers`).toBe(mainPage.status ?? 200);
        await expectTheme(page, theme);
        await page.waitForLoadState("load");
        await page.evaluate(async () => {
          await document.fonts.ready;
        });

        const screenshot = await page.screenshot({ fullPage: true, animations: "disabled" });
        writeOutput(resolve(outputRoot, "screenshots", theme, `${mainPage.name}.png`), screenshot);

        const results = await new AxeBuilder({ page }).analyze();
        writeOutput(resolve(outputRoot, "accessibility", `${mainPage.name}-${theme}.json`), JSON.stringify(results.violations, null, 2));
        const serious = results.violations.filter((violation) => seriousImpacts.has(violation.impact ?? ""));
        expect(serious.map((violation) => violation.id), `Serious or critical violations on ${mainPage.path(seed)} (${theme}):\n${describeViolations(serious)}`).toEqual([]);
      });
    }
  });
}

test.describe("the app shell", () => {
  test("the first Tab shows a Skip to content link that moves focus to the page's main content", async ({ page }) => {
    await page.goto("/projects");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("main").getByRole("link", { name: "Create project" })).toBeFocused();
  });

  test("focused navigation links and the digest box show a visible focus indicator", async ({ page }) => {
    await page.goto("/projects");
    const projects = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Projects" });
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(projects).toBeFocused();
    const hasIndicator = (element: HTMLElement | SVGElement) => {
      const style = getComputedStyle(element);
      return (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none";
    };
    expect(await projects.evaluate(hasIndicator)).toBe(true);
    const search = page.getByRole("searchbox", { name: "Find by digest" });
    await search.focus();
    expect(await search.evaluate(hasIndicator)).toBe(true);
  });

  for (const path of ["/projects", "/docs"]) {
    test(`at 375 px wide, ${path} keeps every navigation link, the digest box and the theme switch on screen without scrolling sideways`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto(path);
      const navigation = page.getByRole("navigation", { name: "Main" });
      for (const label of ["Projects", "Issues", "Settings", "Docs"]) await expect(navigation.getByRole("link", { name: label })).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole("searchbox", { name: "Find by digest" })).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole("button", { name: /Switch to (dark|light) theme/ })).toBeInViewport({ ratio: 1 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      writeOutput(resolve(outputRoot, "screenshots", "mobile", `${path.slice(1).replaceAll("/", "-")}.png`), await page.screenshot({ fullPage: true }));
    });
  }
});
