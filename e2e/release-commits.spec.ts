import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { runSdkScript, uniqueToken } from "../tests/support/sdk-helpers";
import { openLanternDatabase } from "./support/lantern-database";
import { createProjectDsn } from "./support/lantern-process";
import { e2eOrganizationSlug } from "./support/minified-app";
import { e2eBaseUrl, e2eOwner, e2eServerEnvironment } from "./support/server";

/**
 * Commits from CI, end to end: the unmodified sentry-cli 3.8 runs `releases new`, `releases set-commits
 * --local` in a git repository of its own (made here) and `deploys new --project`; the API then serves the
 * commits, their files, the release's integer id and the deploy of that project; the issue page of an error
 * from the real @sentry/node (tests/fixtures/sdk-scripts/capture-rich-exception.mjs) in that release names
 * the commit that changed the script's file as its suspect commit, and an issue whose release has only other
 * commits names none.
 */
const execFileAsync = promisify(execFile);
const environment = { ...process.env, ...e2eServerEnvironment };
const cli = resolve("node_modules/@sentry/cli/bin/sentry-cli");
const org = e2eOrganizationSlug;
/** The in-app frame's file, as the repository names it (the script runs from this worktree). */
const scriptPath = "tests/fixtures/sdk-scripts/capture-rich-exception.mjs";
const token = uniqueToken();
let repository = "";
/** sentry-cli runs with an upload-only token, as CI holds it; the API is read with an owner's token that may read. */
let authToken = "";
let readToken = "";

async function git(...args: string[]): Promise<string> {
  const { stdout } = await execFileAsync("git", args, { cwd: repository, env: { ...process.env, GIT_AUTHOR_NAME: "Dana Dev", GIT_AUTHOR_EMAIL: "dana@shop.test", GIT_COMMITTER_NAME: "Dana Dev", GIT_COMMITTER_EMAIL: "dana@shop.test" } });
  return stdout.trim();
}

async function commitFile(path: string, content: string, message: string): Promise<string> {
  await mkdir(dirname(join(repository, path)), { recursive: true });
  await writeFile(join(repository, path), content);
  await git("add", path);
  await git("commit", "-q", "-m", message);
  return git("rev-parse", "HEAD");
}

async function sentryCli(args: string[]): Promise<string> {
  const { stdout, stderr } = await execFileAsync(cli, ["--url", e2eBaseUrl, ...args], { cwd: repository, env: { ...process.env, SENTRY_AUTH_TOKEN: authToken }, encoding: "utf8" });
  return `${stdout}${stderr}`;
}

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${e2eBaseUrl}/api/0${path}`, { headers: { Authorization: `Bearer ${readToken}` } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** A project with one issue from the real @sentry/node in `release`; its slug and issue id. */
async function issueIn(label: string, release: string): Promise<{ slug: string; issueId: number }> {
  const name = `${label} ${token}`;
  const dsn = await createProjectDsn(environment, name);
  const run = await runSdkScript("capture-rich-exception.mjs", { LANTERN_TEST_DSN: dsn, LANTERN_TEST_RELEASE: release, LANTERN_TEST_ENVIRONMENT: "e2e", LANTERN_TEST_TOKEN: token, LANTERN_TEST_PLAN: "pro" });
  expect(run.code, run.stderr).toBe(0);
  const database = openLanternDatabase();
  try {
    const eventId = String(run.facts.eventId);
    const row = () => database.db.selectFrom("events").select("issue_id").where("event_id", "=", eventId).executeTakeFirst();
    await expect.poll(async () => (await row())?.issue_id ?? null, { message: "the event is digested", timeout: 30_000 }).not.toBeNull();
    return { slug: slugify(name), issueId: Number((await row())!.issue_id) };
  } finally {
    await database.close();
  }
}

test.beforeAll(async () => {
  repository = await mkdtemp(join(tmpdir(), "lantern-set-commits-"));
  await git("init", "-q", ".");
  const createToken = async (scopes: string) => {
    const { stdout } = await execFileAsync(process.execPath, ["cli/lantern.mjs", "token", "create", "--user", e2eOwner.email, "--scopes", scopes, "--name", `set-commits e2e ${token}`], { env: environment, encoding: "utf8" });
    return stdout.trim().split("\n").pop()!;
  };
  authToken = await createToken("upload");
  readToken = await createToken("read,write,admin,upload");
});

test.afterAll(async () => {
  if (repository) await rm(repository, { recursive: true, force: true });
});

test("set-commits --local stores the commits; the issue page names the commit that touched the frame's file, and none otherwise", async ({ page }) => {
  test.setTimeout(120_000);
  const release = `shop@${token}`;
  const otherRelease = `other@${token}`;
  const shop = await issueIn("suspect shop", release);
  const other = await issueIn("suspect other", otherRelease);

  const first = await commitFile("README.md", "# Shop\n", "Start the shop");
  const suspect = await commitFile(scriptPath, "// the checkout\n", "Round discounts per line <b>bold</b>");
  const newest = await commitFile("docs/notes.md", "notes\n", "Write notes");
  expect(await sentryCli(["releases", "--org", org, "--project", shop.slug, "new", release])).toContain(release);
  expect(await sentryCli(["releases", "--org", org, "--project", shop.slug, "set-commits", release, "--local"])).toContain(`Set commits for release ${release}`);
  expect(await sentryCli(["deploys", "--org", org, "--project", shop.slug, "new", "--release", release, "-e", "production"])).toContain("production");

  // The other release's commits never touched the script.
  await git("checkout", "-q", "-b", "other");
  await git("reset", "-q", "--hard", first);
  await commitFile("src/unrelated.ts", "export {};\n", "Unrelated change");
  expect(await sentryCli(["releases", "--org", org, "--project", other.slug, "set-commits", otherRelease, "--local"])).toContain(`Set commits for release ${otherRelease}`);

  const encoded = encodeURIComponent(release);
  const commits = await api<{ id: string; message: string; author: { name: string; email: string } }[]>(`/organizations/${org}/releases/${encoded}/commits/`);
  expect(commits.map((commit) => commit.id)).toEqual([newest, suspect, first]);
  expect(commits[1]).toMatchObject({ message: "Round discounts per line <b>bold</b>\n", author: { name: "Dana Dev", email: "dana@shop.test" } });
  const files = await api<{ filename: string; type: string }[]>(`/organizations/${org}/releases/${encoded}/commitfiles/`);
  expect(files.map((file) => `${file.type} ${file.filename}`)).toEqual(["A docs/notes.md", `A ${scriptPath}`, "A README.md"]);
  const details = await api<{ id: number; commitCount: number; lastCommit: { id: string }; authors: unknown[]; deployCount: number; lastDeploy: { environment: string } }>(`/organizations/${org}/releases/${encoded}/`);
  expect(Number.isInteger(details.id)).toBe(true);
  expect(details).toMatchObject({ commitCount: 3, lastCommit: { id: newest }, authors: [{ name: "Dana Dev", email: "dana@shop.test" }], deployCount: 1, lastDeploy: { environment: "production" } });

  await page.goto(`/projects/${shop.slug}/issues/${shop.issueId}`);
  const header = page.locator("header").filter({ has: page.getByRole("heading", { level: 1 }) });
  await expect(header.getByText("Suspect commit:")).toBeVisible();
  await expect(header.getByText(`Suspect commit: ${suspect.slice(0, 7)} Round discounts per line <b>bold</b> by Dana Dev`)).toBeVisible();

  await page.goto(`/projects/${other.slug}/issues/${other.issueId}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("Suspect commit:")).toHaveCount(0);
});
