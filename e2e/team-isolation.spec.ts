import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test, type APIRequestContext, type BrowserContext } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { runSdkScript, uniqueToken } from "../tests/support/sdk-helpers";
import { openLanternDatabase } from "./support/lantern-database";
import { createProjectDsn } from "./support/lantern-process";
import { callServerAction, signedInContext } from "./support/server-actions";
import { e2eServerEnvironment } from "./support/server";

/**
 * Acceptance 2 of accounts and access, through the dashboard: a member of team A cannot read or change
 * anything of team B's project — every page of it is a 404, and every server action, called directly with
 * B's ids (as a hostile member would, bypassing the UI), is refused and changes nothing. A positive
 * control (the same call on A's issue) shows the calls themselves work.
 */
const execFileAsync = promisify(execFile);
const environment = { ...process.env, ...e2eServerEnvironment };

interface Side {
  slug: string;
  projectId: number;
  issueId: number;
  eventId: string;
  keyId: number;
  hash: string;
}

const token = uniqueToken();
const member = { email: `member-${token}@lantern.test`, password: "member-password-123" };
let teamA: Side;
let teamB: Side;
let memberContext: BrowserContext;

async function seedProject(name: string): Promise<Side> {
  const dsn = await createProjectDsn(environment, name);
  const run = await runSdkScript("capture-rich-exception.mjs", { LANTERN_TEST_DSN: dsn, LANTERN_TEST_RELEASE: "app@1.0.0", LANTERN_TEST_ENVIRONMENT: "e2e", LANTERN_TEST_TOKEN: `${token}-${name}`, LANTERN_TEST_PLAN: "pro" });
  expect(run.code, run.stderr).toBe(0);
  const eventId = String(run.facts.eventId);
  const projectId = Number(new URL(dsn).pathname.slice(1));
  const database = openLanternDatabase();
  try {
    await expect.poll(async () => (await database.db.selectFrom("events").select("issue_id").where("event_id", "=", eventId).executeTakeFirst())?.issue_id ?? null, { timeout: 30_000 }).not.toBeNull();
    const event = await database.db.selectFrom("events").select("issue_id").where("event_id", "=", eventId).executeTakeFirstOrThrow();
    const key = await database.db.selectFrom("project_keys").select("id").where("project_id", "=", projectId).executeTakeFirstOrThrow();
    const hash = await database.db.selectFrom("issue_hashes").select("hash").where("issue_id", "=", event.issue_id).executeTakeFirstOrThrow();
    return { slug: slugify(name), projectId, issueId: Number(event.issue_id), eventId, keyId: Number(key.id), hash: hash.hash };
  } finally {
    await database.close();
  }
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  [teamA, teamB] = [await seedProject(`team a ${token}`), await seedProject(`team b ${token}`)];
  const created = execFileAsync(process.execPath, ["cli/lantern.mjs", "user", "create", "--email", member.email, "--name", "Member", "--password-stdin"], { env: environment });
  created.child.stdin?.end(member.password);
  await created;
  const database = openLanternDatabase();
  try {
    const user = await database.db.selectFrom("users").select("id").where("email", "=", member.email).executeTakeFirstOrThrow();
    const now = Date.now();
    const a = await database.db.insertInto("teams").values({ slug: `a-${token}`, name: "Team A", created_at: now }).returning("id").executeTakeFirstOrThrow();
    const b = await database.db.insertInto("teams").values({ slug: `b-${token}`, name: "Team B", created_at: now }).returning("id").executeTakeFirstOrThrow();
    await database.db.insertInto("team_members").values({ team_id: a.id, user_id: user.id }).execute();
    await database.db.insertInto("team_projects").values([{ team_id: a.id, project_id: teamA.projectId }, { team_id: b.id, project_id: teamB.projectId }]).execute();
  } finally {
    await database.close();
  }
  memberContext = await signedInContext(browser, member.email, member.password);
});

test.afterAll(async () => {
  await memberContext?.close();
});

test("a member sees their team's project and none of another team's pages", async () => {
  const page = await memberContext.newPage();
  await page.goto("/projects");
  await expect(page.getByRole("link", { name: new RegExp(`team a ${token}`, "i") }).first()).toBeVisible();
  await expect(page.getByText(new RegExp(`team b ${token}`, "i"))).toHaveCount(0);
  await page.goto("/issues?query=");
  await expect(page.locator(`a[href*="/issues/${teamA.issueId}"]`).first()).toBeVisible();
  await expect(page.locator(`a[href*="/issues/${teamB.issueId}"]`)).toHaveCount(0);

  const b = `/projects/${teamB.slug}`;
  const issueB = `${b}/issues/${teamB.issueId}`;
  for (const path of [b, `${b}/issues`, issueB, `${issueB}/events/latest`, `${issueB}/events/${teamB.eventId}`, `${issueB}/events/list`, `${b}/received`, `${b}/keys`, `${b}/setup`, `${b}/settings`, `/issues/${teamB.issueId}`, `/projects/${teamA.slug}/issues/${teamB.issueId}`]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
  for (const path of [`${issueB}/events/${teamB.eventId}/json`, `${issueB}/events/${teamB.eventId}/attachments/1`]) {
    const response = await page.request.get(path, { failOnStatusCode: false });
    expect(response.status(), path).toBe(404);
  }
  const live = await page.request.get(`/issues/live?query=&projectId=${teamB.projectId}&since=0`, { failOnStatusCode: false });
  expect(live.status()).toBe(404);
  // The member's own project works, so the 404s above are about access, not broken pages.
  expect((await page.goto(`/projects/${teamA.slug}/issues/${teamA.issueId}`))?.status()).toBe(200);
  await page.close();
});

/** Calls a server action as the member; it must answer, never bounce them to sign-in. */
async function callAction(request: APIRequestContext, name: string, fields: Record<string, string>, boundId?: number): Promise<string> {
  const { redirect, body } = await callServerAction(request, name, fields, boundId);
  expect(redirect ?? "", `${name} must not bounce the member to sign-in`).not.toMatch(/sign-in/);
  return body;
}

test("every server action refuses a member who names another team's issue, key or project, and changes nothing", async () => {
  const request = memberContext.request;
  const database = openLanternDatabase();
  const snapshot = async () => {
    const issue = await database.db.selectFrom("issues").select(["status", "assignee_user_id", "assignee_team_id", "priority", "times_seen"]).where("id", "=", teamB.issueId).executeTakeFirstOrThrow();
    const comments = await database.db.selectFrom("issue_comments").select("id").where("issue_id", "=", teamB.issueId).execute();
    const hashes = await database.db.selectFrom("issue_hashes").select("hash").where("issue_id", "=", teamB.issueId).execute();
    const bookmarks = await database.db.selectFrom("issue_bookmarks").select("user_id").where("issue_id", "=", teamB.issueId).execute();
    const keys = await database.db.selectFrom("project_keys").select(["id", "is_active", "rate_limit_count"]).where("project_id", "=", teamB.projectId).orderBy("id").execute();
    const project = await database.db.selectFrom("projects").select(["scrub_data", "fingerprint_rules", "retention_days"]).where("id", "=", teamB.projectId).executeTakeFirstOrThrow();
    const projects = await database.db.selectFrom("projects").select("id").execute();
    const optOuts = await database.db.selectFrom("notification_opt_outs").select(["user_id", "topic", "project_id"]).where("project_id", "=", teamB.projectId).execute();
    const monitors = await database.db.selectFrom("monitors").select("slug").where("project_id", "=", teamB.projectId).execute();
    return JSON.stringify({ issue, comments, hashes, bookmarks, keys, project, projects: projects.length, optOuts, monitors });
  };
  try {
    const before = await snapshot();
    const issueId = String(teamB.issueId);
    const refusals: [string, Record<string, string>, number?][] = [
      ["resolveIssueAction", { issueId, kind: "now" }],
      ["ignoreIssueAction", { issueId, until: "forever" }],
      ["reopenIssueAction", { issueId }],
      ["addCommentAction", { issueId, body: "from another team" }],
      ["assignIssueAction", { issueId, intent: "me" }],
      ["loadAssigneeChoicesAction", { issueId }],
      ["setIssuePriorityAction", { issueId, priority: "low" }],
      ["setIssueBookmarkAction", { issueId, bookmarked: "true" }],
      ["unmergeHashesAction", { issueId, projectSlug: teamB.slug, hash: teamB.hash }],
      ["bulkIssueAction", { intent: "resolve", issue: issueId }],
      ["bulkIssueAction", { intent: "delete", issue: issueId }],
      ["createProjectKeyAction", { projectId: String(teamB.projectId), label: "stolen" }],
      ["changeProjectKeyAction", { projectId: String(teamB.projectId), keyId: String(teamB.keyId), intent: "disable" }],
      ["setProjectKeyRateLimitAction", { projectId: String(teamB.projectId), keyId: String(teamB.keyId), count: "1", windowSeconds: "60" }],
      ["saveProjectSettingsAction", { fingerprintRules: "type:* -> everything", stacktraceRules: "", retentionDays: "1", maxEventsPerIssue: "" }, teamB.projectId],
      ["saveScrubbingSettingsAction", { extraKeys: "", safeFields: "" }, teamB.projectId],
      ["createProjectAction", { name: `member project ${token}`, platform: "node" }],
      ["deleteProjectAction", { confirm: teamB.slug }, teamB.projectId],
      // One's own alert e-mail, but for a project one cannot see: an unticked box would write an opt-out.
      ["saveNotificationPreferencesAction", { projectId: String(teamB.projectId) }],
      ["saveMonitorAction", { projectSlug: teamB.slug, monitorSlug: "", name: "stolen", scheduleType: "crontab", crontab: "@daily", timezone: "UTC", failureIssueThreshold: "1", recoveryThreshold: "1" }],
      ["deleteMonitorAction", { projectSlug: teamB.slug, monitorSlug: "stolen" }],
    ];
    for (const [name, fields, boundId] of refusals) {
      const body = await callAction(request, name, fields, boundId);
      expect(body, name).toMatch(/No issue has id|No project has id|No project is called|Only owners and admins|cannot/);
    }
    expect(await snapshot()).toEqual(before);

    // Positive control: the same kind of call on the member's own issue goes through.
    const own = await callAction(request, "addCommentAction", { issueId: String(teamA.issueId), body: "own team" });
    expect(own).toContain("Comment added.");
    const ownComments = await database.db.selectFrom("issue_comments").select(["body", "author"]).where("issue_id", "=", teamA.issueId).execute();
    expect(ownComments).toContainEqual({ body: "own team", author: `user:${member.email}` });
  } finally {
    await database.close();
  }
});
