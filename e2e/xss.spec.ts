import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { runSdkScript, uniqueToken } from "../tests/support/sdk-helpers";
import { openLanternDatabase } from "./support/lantern-database";
import { createProjectDsn } from "./support/lantern-process";
import { e2eBaseUrl, e2eServerEnvironment } from "./support/server";

/**
 * Hostile event data stays harmless (issue 6, acceptance 3). The real @sentry/node sends events whose every
 * string field — message, exception type and value, frame function, file, module, context lines and
 * variables, breadcrumbs, tags, user, request URL, headers and body, contexts, release, environment,
 * transaction, logger, attachment name — carries the corpus of tests/fixtures/xss/vectors.json
 * (tests/fixtures/sdk-scripts/capture-xss-vectors.mjs). Every page that shows them is opened in Chromium:
 * no dialog, no XSS-MARKER in the console, no `window.__xss`, no request to the attacker server (started
 * here on 127.0.0.1) or any other origin, no CSP violation (nothing was injected that the policy had to
 * stop), no element or attribute that could run or load something; and the vectors are on the page as text.
 * Every page is opened twice: under Lantern's Content-Security-Policy, and with it bypassed, so that the
 * rendering itself — not only the policy — is what keeps the vectors inert.
 */

interface Corpus {
  placeholder: string;
  vectors: { name: string; payload: string }[];
}

interface Attacker {
  origin: string;
  /** Every request the attacker server received, as "METHOD path". */
  requests: string[];
  close(): Promise<void>;
}

/** The "attacker": any request reaching it means a vector loaded something. */
async function startAttacker(): Promise<Attacker> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    response.writeHead(200, { "content-type": "text/plain" });
    response.end("window.__xss = 1;");
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

interface Seed {
  slug: string;
  /** Vector by its name in the corpus, the attacker's origin filled in. */
  vector: (name: string) => string;
  vectors: string[];
  /** The vectors used as whole issue titles (one message issue each). */
  titles: string[];
  release: string;
  environment: string;
  digest: string;
  exceptionIssueId: number;
  /** Oldest first: the first with a `javascript:` request URL, the second with an http(s) one. */
  exceptionEventIds: string[];
  exceptionIntakeId: number;
  allInOneIssueId: number;
  titleIssueIds: number[];
}

let attacker: Attacker;
let seed: Seed;

async function sendHostileEvents(): Promise<Seed> {
  const corpus = JSON.parse(readFileSync("tests/fixtures/xss/vectors.json", "utf8")) as Corpus;
  const byName = new Map(corpus.vectors.map(({ name, payload }) => [name, payload.replaceAll(corpus.placeholder, attacker.origin)]));
  const vector = (name: string) => {
    const payload = byName.get(name);
    if (payload === undefined) throw new Error(`no vector named ${name} in vectors.json`);
    return payload;
  };
  const vectors = [...byName.values()];
  const titles = ["img onerror", "svg onload", "double-quoted attribute breaker", "javascript: link", "template expression", "markdown link"].map(vector);
  // A release may hold no slash and an environment only 64 characters: vectors that fit.
  const release = vector("img onerror");
  const environment = vector("svg onload");
  const requestUrls = [vector("javascript: URL"), `${attacker.origin}/checkout/${encodeURIComponent(vector("script element"))}?next=${vector("svg onload")}`];
  const digest = String(Date.now());

  const token = uniqueToken();
  const name = `xss ${token}`;
  const dsn = await createProjectDsn({ ...process.env, ...e2eServerEnvironment }, name);
  const run = await runSdkScript("capture-xss-vectors.mjs", {
    LANTERN_TEST_DSN: dsn,
    LANTERN_TEST_RELEASE: release,
    LANTERN_TEST_ENVIRONMENT: environment,
    LANTERN_TEST_VECTORS: JSON.stringify(vectors),
    LANTERN_TEST_REQUEST_URLS: JSON.stringify(requestUrls),
    LANTERN_TEST_TITLES: JSON.stringify(titles),
    LANTERN_TEST_DIGEST: digest,
  });
  expect(run.code, run.stderr).toBe(0);
  expect(run.facts.isFlushed).toBe(true);
  const exceptionEventIds = run.facts.exceptionEventIds as string[];
  const allInOneEventId = run.facts.allInOneEventId as string;
  const titleEventIds = run.facts.titleEventIds as string[];
  const eventIds = [...exceptionEventIds, allInOneEventId, ...titleEventIds];

  const projectId = Number(new URL(dsn).pathname.slice(1));
  const database = openLanternDatabase();
  try {
    const digested = () => database.db.selectFrom("events").select(["event_id", "issue_id", "intake_id"]).where("project_id", "=", projectId).where("event_id", "in", eventIds).execute();
    await expect.poll(async () => (await digested()).length, { message: "every event is digested", timeout: 30_000 }).toBe(eventIds.length);
    const rows = new Map((await digested()).map((row) => [row.event_id, row]));
    const issueOf = (eventId: string) => rows.get(eventId)!.issue_id!;
    expect(new Set(exceptionEventIds.map(issueOf)).size, "the two exceptions are one issue").toBe(1);
    expect(new Set(titleEventIds.map(issueOf)).size, "one issue per title").toBe(titles.length);
    return {
      slug: slugify(name),
      vector,
      vectors,
      titles,
      release,
      environment,
      digest,
      exceptionIssueId: issueOf(exceptionEventIds[0]!),
      exceptionEventIds,
      exceptionIntakeId: rows.get(exceptionEventIds[0]!)!.intake_id,
      allInOneIssueId: issueOf(allInOneEventId),
      titleIssueIds: titleEventIds.map(issueOf),
    };
  } finally {
    await database.close();
  }
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  attacker = await startAttacker();
  seed = await sendHostileEvents();
});

test.afterAll(async () => {
  await attacker?.close();
});

const issuePath = () => `/projects/${seed.slug}/issues/${seed.exceptionIssueId}`;

/** What a page did that it must not: dialogs, console markers, requests elsewhere, CSP violations. */
interface Watch {
  dialogs: string[];
  markers: string[];
  foreignRequests: string[];
}

async function watch(page: Page): Promise<Watch> {
  const seen: Watch = { dialogs: [], markers: [], foreignRequests: [] };
  page.on("dialog", (dialog) => {
    seen.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on("console", (message) => {
    if (message.text().includes("XSS-MARKER")) seen.markers.push(message.text());
  });
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol !== "data:" && url.origin !== e2eBaseUrl) seen.foreignRequests.push(request.url());
  });
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = violations;
    document.addEventListener("securitypolicyviolation", (event) => violations.push(`${event.violatedDirective}: ${event.blockedURI || "inline"}`));
  });
  return seen;
}

/** Everything in the DOM that could run or load something an event put there. */
function dangerousMarkup(): string[] {
  const problems: string[] = [];
  const urlAttributes = new Set(["href", "src", "action", "formaction", "data", "xlink:href", "poster", "background"]);
  // React's own placeholder on a form whose action is a server action (never followed: React submits it).
  const reactFormAction = "javascript:throw new Error('React form unexpectedly submitted.')";
  for (const element of document.querySelectorAll("*")) {
    for (const attribute of element.attributes) {
      if (/^on/i.test(attribute.name)) problems.push(`<${element.localName}> has ${attribute.name}="${attribute.value}"`);
      const isReactFormAction = element.localName === "form" && attribute.name === "action" && attribute.value === reactFormAction;
      if (urlAttributes.has(attribute.name) && /^\s*(javascript|vbscript|data):/i.test(attribute.value) && !isReactFormAction) problems.push(`<${element.localName}> has ${attribute.name}="${attribute.value}"`);
    }
  }
  for (const element of document.querySelectorAll("iframe, frame, object, embed, base, meta[http-equiv], img, video, audio, source, details[ontoggle]")) problems.push(`a <${element.localName}> element: ${element.outerHTML.slice(0, 120)}`);
  for (const element of document.querySelectorAll<HTMLElement>("[style]")) if (/expression\(|url\(/i.test(element.getAttribute("style") ?? "")) problems.push(`style="${element.getAttribute("style")}"`);
  for (const element of document.querySelectorAll("style")) if (/@import|expression\(/i.test(element.textContent ?? "")) problems.push(`<style>${element.textContent?.slice(0, 120)}`);
  for (const element of document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>("link[href], script[src]")) {
    const url = new URL("href" in element ? element.href : element.src);
    if (url.origin !== location.origin) problems.push(`<${element.localName}> loads ${url.href}`);
  }
  for (const link of document.querySelectorAll<HTMLAnchorElement>("a[href]")) {
    const url = new URL(link.href);
    if (url.origin === location.origin) continue;
    if (url.protocol !== "http:" && url.protocol !== "https:") problems.push(`a link to ${link.href}`);
    const rel = new Set(link.rel.split(/\s+/));
    if (!["noopener", "noreferrer", "nofollow"].every((value) => rel.has(value))) problems.push(`a link to ${link.href} with rel="${link.rel}"`);
  }
  return problems;
}

/** The page after it settled: nothing ran, nothing loaded, nothing dangerous in the DOM. */
async function expectHarmless(page: Page, seen: Watch): Promise<void> {
  // Let anything that would fire (an onerror, a loading frame) fire before looking.
  await page.waitForLoadState("load");
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 250))));
  expect(seen.dialogs, "dialogs").toEqual([]);
  expect(seen.markers, "console markers").toEqual([]);
  expect(seen.foreignRequests, "requests to other origins").toEqual([]);
  expect(attacker.requests, "requests to the attacker server").toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss), "window.__xss").toBeUndefined();
  expect(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []), "CSP violations").toEqual([]);
  expect(await page.evaluate(dangerousMarkup), "dangerous markup").toEqual([]);
  expect(new URL(page.url()).origin, "still on Lantern (no refresh, no base)").toBe(e2eBaseUrl);
}

async function expectText(page: Page, texts: string[], within = page.locator("body")): Promise<void> {
  // Visible ones only: a vector can also be a (hidden) <option> of a filter.
  for (const text of texts) await expect(within.getByText(text, { exact: false }).filter({ visible: true }).first(), text).toBeVisible();
}

for (const bypassCSP of [false, true]) {
  test.describe(bypassCSP ? "with the CSP bypassed" : "under Lantern's CSP", () => {
    test.use({ bypassCSP });

    test("the project's issue list and the all-projects list show the hostile titles as text", async ({ page }) => {
      const seen = await watch(page);
      for (const path of [`/projects/${seed.slug}/issues`, `/issues?project=${seed.slug}`, `/projects/${seed.slug}`]) {
        await page.goto(path);
        // The overview lists received envelopes by summary: the newest is the last title.
        await expectText(page, path.includes("/issues") ? seed.titles : seed.titles.slice(-1));
        await expectHarmless(page, seen);
      }
    });

    test("the issue page shows every vector as text in every section, in each stack trace view", async ({ page }) => {
      const seen = await watch(page);
      await page.goto(issuePath());
      await expect(page.getByRole("heading", { level: 1 })).toContainText(seed.vector("script element"));
      const event = page.getByRole("region", { name: "Latest event" });
      const exception = event.getByRole("region", { name: "Exception" });
      // `Type: value`, the value being every vector, one a line.
      await expectText(page, seed.vectors, exception.locator("article h3").first());
      // Frames (one per vector): function names, files and modules; the open (in-app: every other one)
      // frames' context lines and variables.
      await expectText(page, [seed.vector("mutation XSS"), seed.vector("stylesheet link")], exception.getByRole("list", { name: "Stack trace, newest frame first" }));
      // Only the crashing frame opens by itself: the others' context and variables show once every frame is expanded.
      await exception.getByRole("button", { name: "Expand all frames" }).click();
      for (const name of ["markdown link", "stylesheet import"]) {
        await expect(exception.getByLabel("Source context").filter({ hasText: seed.vector(name) }).first(), `context lines: ${name}`).toBeVisible();
        await expect(exception.getByLabel("Variables").filter({ hasText: seed.vector(name) }).first(), `variables: ${name}`).toBeVisible();
      }
      await expectText(page, [seed.vector("details ontoggle"), seed.vector("textarea breakout")], event.getByRole("region", { name: "Breadcrumbs" }));
      const request = event.getByRole("region", { name: "Request" });
      await expectText(page, [seed.vector("script element"), seed.vector("base element")], request);
      // The http(s) request URL is a link that leaves no referrer and gives no rank — and is never loaded.
      const link = request.getByRole("link").first();
      await expect(link).toHaveAttribute("href", new RegExp(`^${attacker.origin.replace(/\./g, "\\.")}/checkout/`));
      await expect(link).toHaveAttribute("rel", "noopener noreferrer nofollow");
      await expectText(page, [seed.vector("template expression"), seed.vector("img onerror")], event.getByRole("region", { name: "User" }));
      await expectText(page, [seed.vector("inline script breakout"), seed.vector("svg onload")], event.getByRole("region", { name: "Tags" }));
      await expectText(page, [seed.vector("meta refresh"), seed.vector("img from an unresolvable host")], event.getByRole("region", { name: "Contexts" }));
      await expectText(page, [seed.release, seed.environment], event.getByRole("region", { name: "Release and environment" }));
      await expectText(page, [seed.vector("title breakout")], page.getByRole("region", { name: "Tag distribution" }));
      await event.getByRole("tab", { name: "Grouping" }).click();
      await expectText(page, [seed.vector("script element")], page.getByRole("region", { name: "Why grouped this way" }));
      await expectHarmless(page, seen);

      await page.getByRole("button", { name: "In-app only" }).click();
      await expectText(page, [seed.vector("script element")], exception.getByRole("list", { name: "Stack trace, newest frame first" }));
      await expectHarmless(page, seen);
      await page.getByRole("button", { name: "Raw" }).click();
      await expectText(page, [seed.vector("object element"), seed.vector("single-quoted attribute breaker")], exception.getByLabel("Raw stack trace"));
      await expectHarmless(page, seen);
      await page.getByRole("button", { name: "Full" }).click();

      // Client-side filtering re-renders the crumbs from the data.
      await event.getByLabel("Filter breadcrumbs by text").fill(seed.vector("HTML entities"));
      await expect(event.getByText(/^1 of \d+ breadcrumbs match\b/)).toBeVisible();
      await expectText(page, [seed.vector("HTML entities")], event.getByRole("list", { name: "Breadcrumbs" }));
      await event.getByRole("tab", { name: "JSON" }).click();
      await expectText(page, [seed.vector("svg onload"), seed.vector("percent-encoded")], event.getByLabel("Event JSON"));
      await expectHarmless(page, seen);
    });

    test("an event permalink, the events list and the message issue show the vectors as text", async ({ page }) => {
      const seen = await watch(page);
      // The older event: its request URL is `javascript:…`, shown as text and never a link.
      await page.goto(`${issuePath()}/events/${seed.exceptionEventIds[0]}`);
      const request = page.getByRole("region", { name: "Request" });
      await expectText(page, [seed.vector("javascript: URL")], request);
      await expect(request.getByRole("link", { name: seed.vector("javascript: URL") })).toHaveCount(0);
      await expectHarmless(page, seen);

      await page.goto(`${issuePath()}/events/list`);
      await expectText(page, [seed.vector("script element")]);
      await expectHarmless(page, seen);

      await page.goto(`/projects/${seed.slug}/issues/${seed.allInOneIssueId}`);
      await expectText(page, seed.vectors, page.getByRole("region", { name: "Message" }));
      await expectHarmless(page, seen);

      await page.goto(`/projects/${seed.slug}/issues/${seed.titleIssueIds[1]}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(seed.titles[1]!);
      await expectHarmless(page, seen);
    });

    test("the received envelopes show the raw envelope as text", async ({ page }) => {
      const seen = await watch(page);
      await page.goto(`/projects/${seed.slug}/received/${seed.exceptionIntakeId}`);
      await expectText(page, [seed.vector("svg onload"), seed.vector("script element").replace(/"/g, '\\"')]);
      await expectHarmless(page, seen);
      await page.goto(`/projects/${seed.slug}/received`);
      await expectText(page, [seed.vector("svg onload")]);
      await expectHarmless(page, seen);
    });

    test("the digest lookup lists the hostile events as text, and echoes a hostile digest as text", async ({ page }) => {
      const seen = await watch(page);
      await page.goto(`/digest?value=${seed.digest}`);
      await expectText(page, seed.titles);
      await expectHarmless(page, seen);

      const hostile = seed.vector("double-quoted attribute breaker");
      await page.goto(`/digest?value=${encodeURIComponent(hostile)}`);
      await expect(page.getByLabel("Digest", { exact: true })).toHaveValue(hostile);
      await expectHarmless(page, seen);
    });

    test("search and project parameters that carry vectors are echoed as text", async ({ page }) => {
      const seen = await watch(page);
      for (const name of ["double-quoted attribute breaker", "img onerror", "inline script breakout"]) {
        const hostile = seed.vector(name);
        await page.goto(`/issues?query=${encodeURIComponent(hostile)}`);
        await expectHarmless(page, seen);
        await page.goto(`/issues?project=${encodeURIComponent(hostile)}`);
        await expectText(page, [hostile]);
        await expectHarmless(page, seen);
      }
    });
  });
}

test("the event's JSON and its attachment are downloads, never pages", async ({ page, request }) => {
  const eventPath = `${issuePath()}/events/${seed.exceptionEventIds[0]}`;
  const json = await request.get(`${eventPath}/json`);
  expect(json.status()).toBe(200);
  expect(json.headers()["content-type"]).toBe("application/json; charset=utf-8");
  expect(json.headers()["content-disposition"]).toMatch(/^attachment; filename="event-[0-9a-f]{32}\.json"/);
  expect(json.headers()["x-content-type-options"]).toBe("nosniff");
  expect(await json.text()).toContain(JSON.stringify(seed.vector("script element")).slice(1, -1));

  const seen = await watch(page);
  await page.goto(eventPath);
  const jsonDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download JSON" }).click();
  expect((await jsonDownload).suggestedFilename()).toBe(`event-${seed.exceptionEventIds[0]}.json`);

  // The HTML attachment (named by a vector) comes back as bytes to save, not as a page.
  const attachmentLink = page.getByRole("link", { name: /^Download .*\.html$/ });
  await expect(attachmentLink).toHaveAccessibleName(`Download ${seed.vector("svg onload")}.html`);
  const attachment = await request.get((await attachmentLink.getAttribute("href"))!);
  expect(attachment.headers()["content-type"]).toBe("application/octet-stream");
  expect(attachment.headers()["content-disposition"]).toMatch(/^attachment;/);
  expect(attachment.headers()["x-content-type-options"]).toBe("nosniff");
  const attachmentDownload = page.waitForEvent("download");
  await attachmentLink.click();
  await attachmentDownload;
  await expectHarmless(page, seen);
});
