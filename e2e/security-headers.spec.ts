import { expect, test, type Page } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { eventEnvelope, uniqueToken } from "../tests/support/sdk-helpers";
import { openLanternDatabase } from "./support/lantern-database";
import { createProjectDsn } from "./support/lantern-process";
import { anonymousState, e2eBaseUrl, e2eServerEnvironment } from "./support/server";

/** What `lantern start` adds to every dashboard response (src/server/http/security-headers.ts). */
test("dashboard pages forbid framing and MIME sniffing and limit referrers", async ({ request }) => {
  for (const path of ["/projects", "/issues", "/docs", "/no-such-page"]) {
    const response = await request.get(path);
    expect(response.headers()["x-frame-options"], path).toBe("DENY");
    expect(response.headers()["x-content-type-options"], path).toBe("nosniff");
    expect(response.headers()["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    // Served over plain HTTP in the test: no HSTS.
    expect(response.headers()["strict-transport-security"], path).toBeUndefined();
  }
});

interface Seed {
  issuePath: string;
  eventId: string;
}

/** One error with a stack trace, sent over HTTP into a project made with the CLI, for the issue page. */
async function seedIssue(): Promise<Seed> {
  const token = uniqueToken();
  const name = `csp ${token}`;
  const dsn = new URL(await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, name));
  const frames = [
    { function: "main", filename: "app/main.js", lineno: 3, in_app: true },
    { function: "renderCart", filename: "app/cart.js", lineno: 42, in_app: true },
  ];
  const { eventId, body } = eventEnvelope({ message: undefined, exception: { values: [{ type: "TypeError", value: `cart ${token} is undefined`, stacktrace: { frames } }] } });
  const response = await fetch(`${e2eBaseUrl}/api${dsn.pathname}/envelope/?sentry_version=7&sentry_key=${dsn.username}`, { method: "POST", body: new Uint8Array(body) });
  expect(response.status).toBe(200);
  const database = openLanternDatabase();
  try {
    const projectId = Number(dsn.pathname.slice(1));
    const find = () => database.db.selectFrom("events").select("issue_id").where("project_id", "=", projectId).where("event_id", "=", eventId).executeTakeFirst();
    await expect.poll(async () => (await find())?.issue_id ?? null, { message: `event ${eventId} is digested`, timeout: 30_000 }).not.toBeNull();
    return { issuePath: `/projects/${slugify(name)}/issues/${(await find())!.issue_id}`, eventId };
  } finally {
    await database.close();
  }
}

const noncePattern = /script-src 'self' 'nonce-([A-Za-z0-9+/]+={0,2})' 'strict-dynamic'/;

function nonceOf(policy: string | undefined): string {
  const nonce = noncePattern.exec(policy ?? "")?.[1];
  expect(nonce, `a script nonce in ${policy}`).toBeTruthy();
  return nonce!;
}

/** Every directive but the nonce, so that a change to the policy is a deliberate one. */
function expectDashboardPolicy(policy: string): void {
  expect(policy.replace(/'nonce-[^']+'/, "'nonce-…'")).toBe(
    "default-src 'self'; script-src 'self' 'nonce-…' 'strict-dynamic'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  );
}

/** Records CSP violations (the DOM event) and the console's CSP errors from the first script on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) consoleErrors.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`));
  });
  return async () => [...consoleErrors, ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []))];
}

/** The page's inline scripts (Next's and next-themes') all carry the response's nonce; the JSON data blocks need none. */
async function inlineScriptNonces(page: Page): Promise<(string | null)[]> {
  return page.locator("script:not([src])").evaluateAll((scripts) =>
    scripts.filter((script) => ["", "text/javascript", "module"].includes(script.getAttribute("type") ?? "")).map((script) => (script as HTMLScriptElement).nonce || null),
  );
}

interface PageKind {
  name: string;
  path: (seed: Seed) => string;
  status: number;
  isAnonymous?: boolean;
  /** A client component reacting to a click, beyond the theme switch every page has. */
  interact?: (page: Page) => Promise<void>;
}

const pageKinds: PageKind[] = [
  { name: "a dashboard page (App Router)", path: () => "/projects", status: 200 },
  {
    name: "an issue page",
    path: (seed) => seed.issuePath,
    status: 200,
    interact: async (page) => {
      await page.getByRole("button", { name: "Raw" }).click();
      await expect(page.getByLabel("Raw stack trace")).toContainText("renderCart");
    },
  },
  {
    name: "a docs page (Pages Router)",
    path: () => "/docs/getting-started",
    status: 200,
    interact: async (page) => {
      // A client-side navigation by the Pages Router's own Link.
      await page.getByRole("navigation", { name: "Documentation" }).getByRole("link").nth(1).click();
      await expect(page).not.toHaveURL(/getting-started$/);
      await expect(page.locator("article h1")).toBeVisible();
    },
  },
  { name: "the sign-in page, signed out", path: () => "/sign-in", status: 200, isAnonymous: true },
  { name: "a 404 (no route matches)", path: () => "/no-such-page", status: 404 },
  { name: "a 404 of the Pages Router (a missing docs page)", path: () => "/docs/no-such-page", status: 404 },
  { name: "the Pages Router's own /404 page", path: () => "/404", status: 404 },
];

test.describe("the Content-Security-Policy", () => {
  let seed: Seed;

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    seed = await seedIssue();
  });

  for (const kind of pageKinds) {
    test.describe(kind.name, () => {
      test.use({ colorScheme: "light", ...(kind.isAnonymous ? { storageState: anonymousState } : {}) });

      test("carries a nonce that differs per response, on every inline script; runs without a violation", async ({ page, request }) => {
        const path = kind.path(seed);
        // Two plain requests: a new nonce each time.
        const first = (await request.get(path)).headers()["content-security-policy"];
        const second = (await request.get(path)).headers()["content-security-policy"];
        expect(nonceOf(first)).not.toBe(nonceOf(second));

        const violations = await watchViolations(page);
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(kind.status);
        const policy = response!.headers()["content-security-policy"]!;
        expectDashboardPolicy(policy);
        const nonce = nonceOf(policy);
        expect(nonce).not.toBe(nonceOf(first));
        const nonces = await inlineScriptNonces(page);
        expect(nonces.length, "Next's inline scripts are on the page").toBeGreaterThan(0);
        expect(new Set(nonces)).toEqual(new Set([nonce]));

        // Hydrated: the theme switch (a client component) reacts to a click.
        await page.getByRole("button", { name: "Switch to dark theme" }).click();
        await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
        await page.getByRole("button", { name: "Switch to light theme" }).click();
        await expect(page.locator("html")).not.toHaveClass(/(^|\s)dark(\s|$)/);
        if (kind.interact) await kind.interact(page);
        expect(await violations()).toEqual([]);
      });
    });
  }

  test("the stored theme is applied by next-themes' inline script, which runs with the nonce", async ({ page }) => {
    const violations = await watchViolations(page);
    await page.addInitScript(() => localStorage.setItem("theme", "dark"));
    await page.goto("/docs/getting-started");
    await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
    await page.goto("/projects");
    await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
    expect(await violations()).toEqual([]);
  });

  test("an inline event handler put into the page does not run, and is reported", async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto("/projects");
    await page.evaluate(() => document.body.insertAdjacentHTML("beforeend", `<img src="/missing.png" onerror="window.__ran = 1">`));
    await expect.poll(violations).toContainEqual(expect.stringMatching(/^script-src-attr blocked inline/));
    expect(await page.evaluate(() => (window as unknown as { __ran?: number }).__ran)).toBeUndefined();
  });

  test("the event JSON download keeps its own sandboxing policy", async ({ request }) => {
    const response = await request.get(`${seed.issuePath}/events/${seed.eventId}/json`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-security-policy"]).toBe("default-src 'none'; sandbox");
    expect(response.headers()["content-disposition"]).toMatch(/^attachment;/);
  });
});
