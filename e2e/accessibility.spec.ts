import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import type { Result } from "axe-core";
import { mainPages, seedProject, type Seed } from "./support/main-pages";

/**
 * Every main page, in the light and the dark theme: an axe scan that fails on serious or critical
 * violations (all of them are written, readably, to the failure message and to
 * test-results/accessibility/), and a full-page screenshot at 1440 px in test-results/screenshots/ (ignored
 * by git; the phone suite adds 375 px).
 * The data is a real error sent with the real @sentry/node into a project made with the CLI.
 */

const themes = ["light", "dark"] as const;
type Theme = (typeof themes)[number];

const outputRoot = resolve("test-results");
const seriousImpacts = new Set(["serious", "critical"]);

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
    // The desktop width of the screenshots (the phone suite takes them at 375 px).
    test.use({ colorScheme: theme, viewport: { width: 1440, height: 900 } });

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
        writeOutput(resolve(outputRoot, "screenshots", `1440px-${theme}`, `${mainPage.name}.png`), screenshot);

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
      for (const label of ["Projects", "Issues", "Feedback", "Logs", "Replays", "Settings", "Docs"]) await expect(navigation.getByRole("link", { name: label })).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole("searchbox", { name: "Find by digest" })).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole("button", { name: /Switch to (dark|light) theme/ })).toBeInViewport({ ratio: 1 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      writeOutput(resolve(outputRoot, "screenshots", "mobile", `${path.slice(1).replaceAll("/", "-")}.png`), await page.screenshot({ fullPage: true }));
    });
  }
});
