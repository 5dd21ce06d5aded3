import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { hashToken } from "../src/server/tokens/api-tokens";
import { openLanternDatabase } from "./support/lantern-database";
import { e2eOrganizationSlug } from "./support/minified-app";
import { anonymousState, e2eBaseUrl, e2eOwner, e2eServerEnvironment } from "./support/server";

/**
 * CI tokens as teams have them (issue 30): the token a person makes is in Sentry's org-token format, so the
 * unmodified sentry-cli (3.8, and the 2.58.6 the bundler plugins run) manages releases with a `read,write`
 * token — given with `--url`/`--org`, or as `SENTRY_AUTH_TOKEN` alone with no URL or organization anywhere —
 * and prints no "Unrecognized auth token format". A token made before the format (`lnt_…`) still works.
 */
test.use({ storageState: anonymousState });

const execFileAsync = promisify(execFile);
const environment = { ...process.env, ...e2eServerEnvironment };
const run = randomUUID().slice(0, 8);
const org = e2eOrganizationSlug;
const clis = {
  "3.8": resolve("node_modules/.bin/sentry-cli"),
  "2.58.6": resolve("node_modules/@sentry/bundler-plugins/node_modules/@sentry/cli/bin/sentry-cli"),
} as const;
const formatWarning = "Unrecognized auth token format";

let projectSlug = "";
let repository = "";

async function lantern(args: string[]): Promise<{ stdout: string; stderr: string }> {
  const { stdout, stderr } = await execFileAsync(process.execPath, ["cli/lantern.mjs", ...args], { env: environment, encoding: "utf8" });
  return { stdout: stdout.trim(), stderr };
}

interface CliRun {
  stdout: string;
  stderr: string;
}

/**
 * sentry-cli in a git repository as a CI job runs it: none of this machine's SENTRY_* variables, HOME in the
 * repository (no ~/.sentryclirc), no update check; `authToken` goes into SENTRY_AUTH_TOKEN when given.
 */
async function sentryCli(cli: keyof typeof clis, args: string[], authToken?: string): Promise<CliRun> {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: repository, SENTRY_DISABLE_UPDATE_CHECK: "true", SENTRY_LOAD_DOTENV: "0" };
  for (const name of Object.keys(env)) if (name.startsWith("SENTRY_") && name !== "SENTRY_DISABLE_UPDATE_CHECK" && name !== "SENTRY_LOAD_DOTENV") delete env[name];
  if (authToken) env.SENTRY_AUTH_TOKEN = authToken;
  try {
    const { stdout, stderr } = await execFileAsync(clis[cli], args, {
      cwd: repository,
      env,
      encoding: "utf8",
      timeout: 60_000,
    });
    return { stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    throw new Error(`sentry-cli ${cli} ${args.join(" ")} failed (exit ${failed.code}):\n${failed.stdout ?? ""}\n${failed.stderr ?? ""}`);
  }
}

async function storedRelease(version: string) {
  const database = openLanternDatabase();
  try {
    return {
      release: await database.db.selectFrom("releases").innerJoin("projects", "projects.id", "releases.project_id").select(["releases.date_released", "releases.created_by"]).where("projects.slug", "=", projectSlug).where("version", "=", version).executeTakeFirst(),
      deploys: await database.db.selectFrom("release_deploys").select(["environment"]).where("version", "=", version).execute(),
    };
  } finally {
    await database.close();
  }
}

interface Credentials {
  /** Before the command: `--url`, `--auth-token`. */
  globalArgs: string[];
  /** `--org lantern` after `releases`, where sentry-cli 2.x and 3.x both read it. */
  isOrgGiven: boolean;
  environmentToken?: string;
}

/** What a release's life in CI looks like: new, set-commits from the local repository, finalize, a deploy, and the list. */
async function manageRelease(cli: keyof typeof clis, version: string, credentials: Credentials): Promise<CliRun[]> {
  const releases = (command: string[]) =>
    sentryCli(cli, [...credentials.globalArgs, "releases", ...(credentials.isOrgGiven ? ["--org", org] : []), "--project", projectSlug, ...command], credentials.environmentToken);
  const runs: CliRun[] = [];
  const expectOutput = async (command: string[], text: string) => {
    const result = await releases(command);
    expect(result.stdout, command.join(" ")).toContain(text);
    runs.push(result);
  };
  await expectOutput(["new", version], `Created release ${version}`);
  await expectOutput(["set-commits", version, "--local"], `Set commits for release ${version}`);
  await expectOutput(["finalize", version], `Finalized release ${version}`);
  await expectOutput(["deploys", version, "new", "-e", "production"], "'production'");
  await expectOutput(["list"], version);

  const stored = await storedRelease(version);
  expect(stored.release?.date_released).toBeGreaterThan(Date.now() - 120_000);
  expect(stored.release?.created_by).toBe(`user:${e2eOwner.email}`);
  expect(stored.deploys).toEqual([{ environment: "production" }]);
  return runs;
}

test.beforeAll(async () => {
  const name = `cli tokens ${run}`;
  await lantern(["project", "create", name, "--platform", "javascript"]);
  projectSlug = slugify(name);
  // set-commits --local reads the history of the repository it runs in.
  repository = await mkdtemp(join(tmpdir(), "lantern-cli-tokens-"));
  await writeFile(join(repository, "checkout.ts"), "export const total = 1;\n");
  const git = (args: string[]) => execFileAsync("git", ["-c", "user.email=ci@lantern.test", "-c", "user.name=CI", ...args], { cwd: repository });
  await git(["init", "-q", "."]);
  await git(["add", "checkout.ts"]);
  await git(["commit", "-q", "-m", "Checkout total"]);
});

test.afterAll(async () => {
  if (repository) await rm(repository, { recursive: true, force: true });
});

test("lantern token create prints an org-format token naming this instance's URL and organization, and says which URL on stderr", async () => {
  const { stdout, stderr } = await lantern(["token", "create", "--user", e2eOwner.email, "--scopes", "read,write", "--name", `format ${run}`]);
  const token = stdout.split("\n").pop()!;
  expect(token.split("_")).toHaveLength(3);
  const [prefix, payload, secret] = token.split("_") as [string, string, string];
  expect(prefix).toBe("sntrys");
  expect(Buffer.from(secret, "base64")).toHaveLength(32);
  expect(JSON.parse(Buffer.from(payload, "base64").toString("utf8"))).toMatchObject({ url: e2eBaseUrl, region_url: e2eBaseUrl, org });
  expect(stderr).toContain(`lantern: Tokens use ${e2eBaseUrl} — LANTERN_URL set here.`);
});

for (const cli of Object.keys(clis) as (keyof typeof clis)[]) {
  test(`sentry-cli ${cli} manages a release with a read,write token given with --url and --org, and with it alone in SENTRY_AUTH_TOKEN; no format warning`, async () => {
    const token = (await lantern(["token", "create", "--user", e2eOwner.email, "--scopes", "read,write", "--name", `releases ${cli} ${run}`])).stdout.split("\n").pop()!;
    const explicit = await manageRelease(cli, `explicit-${cli}@${run}`, { globalArgs: ["--url", e2eBaseUrl, "--auth-token", token], isOrgGiven: true });
    // sentry-cli checks the format of a token given with --auth-token (a token from the environment it never warns
    // about): an lnt_ token warns here (the last test), this one must not.
    for (const { stderr } of explicit) expect(stderr).not.toContain(formatWarning);
    // Nothing but the token: no --url, no --org, no SENTRY_URL or SENTRY_ORG (sentryCli drops every SENTRY_* but the token).
    const tokenAlone = await manageRelease(cli, `alone-${cli}@${run}`, { globalArgs: [], isOrgGiven: false, environmentToken: token });
    for (const { stderr } of tokenAlone) expect(stderr).not.toContain(formatWarning);
    const info = await sentryCli(cli, ["info"], token);
    expect(info.stdout).toContain(`Sentry Server: ${e2eBaseUrl}`);
    expect(info.stderr).not.toContain(formatWarning);
  });
}

test("a token made before the org format (lnt_…) still manages releases, given --url and --org (sentry-cli warns about its format); alone it configures nothing", async () => {
  const legacyToken = `lnt_${randomUUID().replaceAll("-", "")}${randomUUID().replaceAll("-", "").slice(0, 11)}`;
  const database = openLanternDatabase();
  try {
    const owner = await database.db.selectFrom("users").select("id").where("email", "=", e2eOwner.email).executeTakeFirstOrThrow();
    // As an earlier Lantern stored it: the hash and the first 10 characters.
    await database.db
      .insertInto("api_tokens")
      .values({ user_id: owner.id, name: `legacy ${run}`, token_hash: hashToken(legacyToken), token_prefix: legacyToken.slice(0, 10), scopes: "read,write", created_at: Date.now() })
      .execute();
  } finally {
    await database.close();
  }
  const runs = await manageRelease("3.8", `legacy-token@${run}`, { globalArgs: ["--url", e2eBaseUrl, "--auth-token", legacyToken], isOrgGiven: true });
  for (const { stderr } of runs) expect(stderr).toContain(formatWarning);
  // In SENTRY_AUTH_TOKEN alone it names no organization (nor URL): sentry-cli stops before any request.
  await expect(sentryCli("3.8", ["releases", "--project", projectSlug, "new", `legacy-alone@${run}`], legacyToken)).rejects.toThrow(/organization/i);
});
