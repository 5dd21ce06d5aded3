import { devices, expect, test } from "@playwright/test";
import { mainPages, seedProject, type Seed } from "./support/main-pages";
import { e2eDatabasePath, e2eLongFolderName } from "./support/server";
import { findTextProblems } from "./support/text-integrity";

/**
 * Acceptance 4 of issue 26: nothing cut off, no word broken in the middle. Every main page, at 375 px (the
 * phone suite's emulated iPhone SE) and at 1440 px, with data made long on purpose — the server's database
 * under a 120-character folder (e2e/support/server.ts), a 200-character release, a project name as long as
 * Lantern takes (64 characters) and made of one identifier — shows no token split across two lines, no text
 * cut off without its whole value on offer, no sideways-scrolling box without a visible hint, and no page
 * wider than the screen.
 */

/** As long as a release may be (Sentry's and Lantern's cap, 200), and as full of separators as real ones. */
const longRelease = "checkout-api@2026.11.28+build.4821.sha.9f2c4e1a7b3d5f60182e4c9a0b7d3e5f.storefront_payments-reconciliation.eu-west-1.canary-cohort_kernel_version-fetchShipping.availability-window_extended-validation".padEnd(200, "-x").slice(0, 200);
/**
 * One identifier as long as a project name may be (64), its unique token first: the slug keeps the first 50
 * characters, and each run (a worker restarted after a failure seeds again) needs its own project.
 */
const longProjectName = (token: string) => `${token}_storefront_payments.reconciliation_service.eu_west_1.canary_cohort`.slice(0, 64);

const phone = devices["iPhone SE (3rd gen)"];
const widths = [
  { name: "375 px", use: { viewport: phone.viewport, deviceScaleFactor: phone.deviceScaleFactor, isMobile: true, hasTouch: true, userAgent: phone.userAgent } },
  { name: "1440 px", use: { viewport: { width: 1440, height: 900 } } },
];

let seed: Seed;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  expect(e2eLongFolderName).toHaveLength(120);
  expect(e2eDatabasePath).toContain(`/${e2eLongFolderName}/`);
  expect(longRelease).toHaveLength(200);
  seed = await seedProject("long", { name: longProjectName, release: longRelease });
});

for (const width of widths) {
  test.describe(`at ${width.name}`, () => {
    test.use(width.use);

    for (const mainPage of mainPages) {
      test(`${mainPage.name}: no token broken across lines, nothing cut off or wider than the screen`, async ({ page }) => {
        const response = await page.goto(mainPage.path(seed));
        expect(response?.status(), `${mainPage.path(seed)} answers`).toBe(mainPage.status ?? 200);
        await page.waitForLoadState("load");
        await page.evaluate(async () => {
          await document.fonts.ready;
        });
        const problems = await findTextProblems(page);
        expect(problems, `${mainPage.path(seed)} at ${width.name}`).toEqual({ brokenTokens: [], clippedTexts: [], hiddenScrolls: [], pageOverflow: null });
      });
    }
  });
}
