import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { internalProjectId, openLanternDatabase } from "./support/lantern-database";
import { buildMinifiedApp, e2eOrganizationSlug, injectDebugIds, removeMinifiedApp, uploadSourceMaps, type MinifiedApp } from "./support/minified-app";
import { callServerAction, signedInContext } from "./support/server-actions";
import { e2eBaseUrl, e2eOwner, e2eServerEnvironment } from "./support/server";

/**
 * Lantern's own source maps (issue 18): `npm run build` gives Lantern's chunks debug IDs and keeps their maps
 * private, `lantern start` registers them in the Lantern project, and an error in Lantern's own page then
 * reads as its src/ files. Project settings → Source maps lists bundles and deletes them.
 */

const execFileAsync = promisify(execFile);
const environment = { ...process.env, ...e2eServerEnvironment };
const run = randomUUID().slice(0, 8);

async function lantern(args: string[], input?: string): Promise<string> {
  const child = execFileAsync(process.execPath, ["cli/lantern.mjs", ...args], { env: environment, encoding: "utf8" });
  if (input !== undefined) {
    child.child.stdin?.end(input);
  }
  return (await child).stdout.trim();
}

/** A frame as the Sentry-compatible event API answers it. */
type ApiFrame = { filename: string | null; function: string | null; lineNo: number | null; context: [number, string][]; inApp: boolean };

test.describe("Lantern reads its own stack traces", () => {
  test("the build keeps its maps private: none is served, the chunks carry debug IDs and no sourceMappingURL", async ({ request }) => {
    const manifest = JSON.parse(readFileSync(".next/lantern-sourcemaps/manifest.json", "utf8")) as { files: { minified: string; map: string; debugId: string }[] };
    const client = manifest.files.filter((file) => file.minified.startsWith("static/"));
    expect(client.length).toBeGreaterThan(5);
    expect(manifest.files.some((file) => file.minified.startsWith("server/"))).toBe(true);
    for (const file of client.slice(0, 5)) {
      const chunk = await request.get(`/_next/${file.minified}`);
      expect(chunk.status()).toBe(200);
      const text = await chunk.text();
      expect(text).toContain(`//# debugId=${file.debugId}`);
      // The directive, not the word: the built-in docs' own text names sourceMappingURL, and may be in any chunk.
      expect(text).not.toMatch(/\/\/[#@] sourceMappingURL=/);
      expect((await request.get(`/_next/${file.map}`)).status()).toBe(404);
    }
  });

  test("an error thrown by Lantern's own page shows its original src/ file, function and line in the Lantern project", async ({ page, request }) => {
    const database = openLanternDatabase();
    try {
      const projectId = await internalProjectId(database);
      await page.goto("/settings/diagnostics");
      const sent = page.waitForResponse((response) => new URL(response.url()).pathname === "/monitoring" && (response.request().postData() ?? "").includes("Lantern diagnostics: unhandled browser error"));
      await page.getByRole("button", { name: "Raise an unhandled error" }).click();
      const posted = (await sent).request().postData() ?? "";
      // The SDK found the chunk's debug ID (Turbopack registered it) and sent it with the event.
      expect(posted).toMatch(/"debug_meta":\{"images":\[\{"type":"sourcemap","code_file":"[^"]+\/_next\/static\/chunks\/[^"]+\.js","debug_id":"[0-9a-f-]{36}"/);
      const eventId = (JSON.parse(posted.split("\n")[0]!) as { event_id: string }).event_id;

      const findStored = () => database.db.selectFrom("events").select("issue_id").where("project_id", "=", projectId).where("event_id", "=", eventId).executeTakeFirst();
      await expect.poll(findStored, { timeout: 15_000 }).toBeTruthy();
      const stored = (await findStored())!;

      const token = (await lantern(["token", "create", "--user", e2eOwner.email, "--scopes", "read", "--name", `own maps ${run}`])).split("\n").pop()!;
      const answer = await request.get(`${e2eBaseUrl}/api/0/projects/${e2eOrganizationSlug}/lantern/events/${eventId}/`, { headers: { authorization: `Bearer ${token}` } });
      expect(answer.status()).toBe(200);
      const event = (await answer.json()) as { entries: { type: string; data: { values?: { stacktrace?: { frames: ApiFrame[] } }[] } }[] };
      const frames = event.entries.find((entry) => entry.type === "exception")?.data.values?.at(-1)?.stacktrace?.frames ?? [];
      const thrower = frames.at(-1);
      expect(thrower).toMatchObject({ filename: "src/components/diagnostics/diagnostics-panel.tsx", lineNo: 20, inApp: true });
      expect(thrower?.context).toContainEqual([20, '              throw new Error("Lantern diagnostics: unhandled browser error");']);

      await page.goto(`/projects/lantern/issues/${stored.issue_id}`);
      await expect(page.getByText("src/components/diagnostics/diagnostics-panel.tsx").first()).toBeVisible();
      await expect(page.getByText('throw new Error("Lantern diagnostics: unhandled browser error");').first()).toBeVisible();
    } finally {
      await database.close();
    }
  });

  test("an error thrown by Lantern's own server component shows its original src/ file and line in the Lantern project", async ({ page, request }) => {
    const database = openLanternDatabase();
    try {
      const projectId = await internalProjectId(database);
      const response = await page.goto("/settings/diagnostics/server-error");
      expect(response?.status()).toBe(500);
      const findStored = () =>
        database.db.selectFrom("events").select(["event_id", "platform"]).where("project_id", "=", projectId).where("title", "like", "Error: Lantern diagnostics: server component failure at %").where("platform", "=", "node").orderBy("id", "desc").executeTakeFirst();
      await expect.poll(findStored, { timeout: 15_000 }).toBeTruthy();
      const { event_id: eventId } = (await findStored())!;

      const token = (await lantern(["token", "create", "--user", e2eOwner.email, "--scopes", "read", "--name", `own server maps ${run}`])).split("\n").pop()!;
      const answer = await request.get(`${e2eBaseUrl}/api/0/projects/${e2eOrganizationSlug}/lantern/events/${eventId}/`, { headers: { authorization: `Bearer ${token}` } });
      expect(answer.status()).toBe(200);
      const event = (await answer.json()) as { entries: { type: string; data: { values?: { stacktrace?: { frames: ApiFrame[] } }[] } }[] };
      const frames = event.entries.find((entry) => entry.type === "exception")?.data.values?.at(-1)?.stacktrace?.frames ?? [];
      const thrower = frames.find((frame) => frame.filename === "src/app/(dashboard)/settings/diagnostics/server-error/page.tsx");
      expect(thrower, JSON.stringify(frames.map((frame) => `${frame.filename}:${frame.lineNo}`))).toMatchObject({ lineNo: 6, inApp: true });
      expect(thrower?.context).toContainEqual([6, "  throw new Error(`Lantern diagnostics: server component failure at ${new Date().toISOString()}`);"]);
    } finally {
      await database.close();
    }
  });
});

test.describe("Project settings → Source maps", () => {
  let app: MinifiedApp | undefined;
  test.afterAll(async () => removeMinifiedApp(app));

  test("lists the build's own bundle in the Lantern project: registered by lantern start, no release, its debug IDs", async ({ page }) => {
    await page.goto("/projects/lantern");
    await page.getByRole("navigation", { name: "Project" }).getByRole("link", { name: "Source maps" }).click();
    await expect(page).toHaveURL(/\/projects\/lantern\/settings\/source-maps$/);
    const bundles = page.getByRole("list", { name: "Source map bundles" }).getByRole("listitem").filter({ hasText: "uploaded by lantern start" });
    await expect(bundles).toHaveCount(1);
    await expect(bundles.first()).toContainText("Release none");
    await bundles.first().getByText(/^\d+ debug IDs$/).click();
    await expect(page.getByRole("list", { name: /^Debug IDs of Bundle \d+$/ }).getByText(/^[0-9a-f]{8}-[0-9a-f]{4}-/).first()).toBeVisible();
  });

  test("a project without bundles shows the sentry-cli commands for this instance; an upload appears, a member sees it without delete, an admin deletes it after confirming", async ({ page, browser }) => {
    const name = `Shop maps ${run}`;
    const slug = slugify(name);
    await lantern(["project", "create", name, "--platform", "javascript"]);
    await page.goto(`/projects/${slug}/settings/source-maps`);
    await expect(page.getByRole("heading", { name: "No source maps yet" })).toBeVisible();
    await expect(page.getByText(`export SENTRY_URL=${e2eBaseUrl}`)).toBeVisible();
    await expect(page.getByText(`npx sentry-cli sourcemaps upload --org ${e2eOrganizationSlug} --project ${slug} ./dist`)).toBeVisible();
    await expect(page.getByRole("link", { name: "Source maps in the docs" })).toHaveAttribute("href", `/docs/guides/source-maps?project=${slug}`);

    app = await buildMinifiedApp();
    const debugId = await injectDebugIds(app);
    const uploadToken = (await lantern(["token", "create", "--user", e2eOwner.email, "--scopes", "upload", "--name", `settings maps ${run}`])).split("\n").pop()!;
    await uploadSourceMaps(app, { projectSlug: slug, authToken: uploadToken });

    await page.reload();
    const bundle = page.getByRole("list", { name: "Source map bundles" }).getByRole("listitem").filter({ hasText: /^Bundle \d+/ });
    await expect(bundle).toHaveCount(1);
    await expect(bundle).toContainText("Release none");
    await expect(bundle).toContainText("2 files");
    await expect(bundle).toContainText(`uploaded by user:${e2eOwner.email}`);
    await bundle.getByText("1 debug ID").click();
    await expect(bundle.getByText(debugId.toLowerCase())).toBeVisible();
    const bundleName = (await bundle.locator("span.font-medium").first().textContent())!;

    // A member of the project's team sees the list, and no delete.
    const member = { email: `maps-member-${run}@lantern.test`, password: "maps-member-password-1" };
    await lantern(["user", "create", "--email", member.email, "--name", "Maps member", "--role", "member", "--password-stdin"], member.password);
    const database = openLanternDatabase();
    try {
      const now = Date.now();
      const team = await database.db.insertInto("teams").values({ slug: `maps-${run}`, name: "Maps", created_at: now }).returning("id").executeTakeFirstOrThrow();
      const user = await database.db.selectFrom("users").select("id").where("email", "=", member.email).executeTakeFirstOrThrow();
      const project = await database.db.selectFrom("projects").select("id").where("slug", "=", slug).executeTakeFirstOrThrow();
      await database.db.insertInto("team_members").values({ team_id: team.id, user_id: user.id }).execute();
      await database.db.insertInto("team_projects").values({ team_id: team.id, project_id: project.id }).execute();
    } finally {
      await database.close();
    }
    const memberContext = await signedInContext(browser, member.email, member.password);
    try {
      const memberPage = await memberContext.newPage();
      await memberPage.goto(`${e2eBaseUrl}/projects/${slug}/settings/source-maps`);
      await expect(memberPage.getByRole("list", { name: "Source map bundles" }).getByText(bundleName)).toBeVisible();
      await expect(memberPage.getByText("Delete…")).toHaveCount(0);
      // Calling the action directly, as a hostile member would, is refused and deletes nothing.
      const bundleId = bundleName.replace("Bundle ", "");
      const refused = await callServerAction(memberContext.request, "deleteSourceMapBundleAction", { projectSlug: slug, bundleId });
      expect(refused.redirect).toBeNull();
      expect(refused.body).toContain("Only owners and admins");
      await memberPage.reload();
      await expect(memberPage.getByRole("list", { name: "Source map bundles" }).getByText(bundleName)).toBeVisible();
    } finally {
      await memberContext.close();
    }

    await bundle.getByText("Delete…").click();
    await expect(bundle.getByText(/This cannot be undone\./)).toBeVisible();
    await bundle.getByRole("button", { name: `Delete ${bundleName}` }).click();
    await expect(page.getByRole("status")).toHaveText(`${bundleName} deleted.`);
    await expect(page.getByRole("heading", { name: "No source maps yet" })).toBeVisible();
  });
});

test("Docs → Source maps writes in this instance's URL, its organization, a project and the reader's e-mail", async ({ page }) => {
  await page.goto("/docs/guides/source-maps?project=lantern");
  await expect(page.getByRole("heading", { level: 1, name: "Source maps" })).toBeVisible();
  await expect(page.getByText(`export SENTRY_URL=${e2eBaseUrl}`)).toBeVisible();
  await expect(page.getByText(`npx sentry-cli sourcemaps upload --org ${e2eOrganizationSlug} --project lantern ./dist`)).toBeVisible();
  await expect(page.getByText(`lantern token create --user ${e2eOwner.email} --scopes upload --name CI`)).toBeVisible();
  await expect(page.getByText(`sentryUrl: "${e2eBaseUrl}",`)).toBeVisible();
});
