import { execFile } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { expect, test, type APIRequestContext, type BrowserContext } from "@playwright/test";
import { policy, type Verb } from "../src/server/access/policy";
import { systemContext } from "../src/server/access/system-context";
import type { Permission } from "../src/server/access/viewer";
import { createAlertRule } from "../src/server/alerts/create-alert-rule";
import { createNotificationChannel } from "../src/server/alerts/create-notification-channel";
import { defaultRuleInput } from "../src/server/alerts/rule-schema";
import { loadConfig } from "../src/server/config";
import { openLanternDatabase } from "./support/lantern-database";
import { createProjectDsn } from "./support/lantern-process";
import { callServerAction, signedInContext } from "./support/server-actions";
import { e2eBaseUrl, e2eServerEnvironment } from "./support/server";

/**
 * The access matrix's server-action surface, generated from the policy table: every server action that
 * exposes a verb of project data, called through Next's real action endpoint with ids chosen by the caller
 * (as a hostile user would, bypassing the UI), as the owner, an admin, a member of the project's team and a
 * member of another team. The outcome — done, refused (forbidden) or not visible (not found) — must be the
 * table's; src/server/access/policy-matrix.db.test.ts covers the verbs themselves and the /api/0/ routes.
 */
const execFileAsync = promisify(execFile);
const environment = { ...process.env, ...e2eServerEnvironment };
const run = randomUUID().slice(0, 8);

type Actor = "owner" | "admin" | "member" | "otherTeamMember";
const actors: Record<Actor, { permissions: Permission[]; seesProject: boolean }> = {
  owner: { permissions: ["read", "write", "admin"], seesProject: true },
  admin: { permissions: ["read", "write", "admin"], seesProject: true },
  member: { permissions: ["read", "write"], seesProject: true },
  otherTeamMember: { permissions: ["read", "write"], seesProject: false },
};
type Outcome = "allowed" | "forbidden" | "not_found";

/** Verbs on no one project: a member of another team is refused like anyone without the permission. */
const instanceWide = new Set<Verb>(["project.create", "channel.write"]);

function expected(verb: Verb, actor: Actor): Outcome {
  if (!instanceWide.has(verb) && !actors[actor].seesProject) return "not_found";
  return actors[actor].permissions.includes(policy[verb].permission) ? "allowed" : "forbidden";
}

interface Target {
  projectId: number;
  slug: string;
  keyId: number;
  issueId: number;
  secondIssueId: number;
  hash: string;
  ruleId: number;
  channelSlug: string;
}

interface ActionCase {
  verb: Verb;
  action: string;
  /** The form's fields (a list repeats the field) and the id bound to the action, if any. */
  form: (target: Target) => { fields: Record<string, string | string[]>; boundId?: number };
  /** What the answer shows when the verb went through. */
  done: RegExp;
  needs?: "fresh issues" | "fresh key" | "fresh project" | "fresh rule";
}

const cases: ActionCase[] = [
  { verb: "issue.resolve", action: "resolveIssueAction", form: (t) => ({ fields: { issueId: String(t.issueId), kind: "now" } }), done: /Resolved\./ },
  { verb: "issue.ignore", action: "ignoreIssueAction", form: (t) => ({ fields: { issueId: String(t.issueId), until: "forever" } }), done: /Ignored\./ },
  { verb: "issue.unresolve", action: "reopenIssueAction", form: (t) => ({ fields: { issueId: String(t.issueId) } }), done: /Reopened\./ },
  { verb: "issue.comment", action: "addCommentAction", form: (t) => ({ fields: { issueId: String(t.issueId), body: "matrix" } }), done: /Comment added\./ },
  { verb: "issue.assign", action: "assignIssueAction", form: (t) => ({ fields: { issueId: String(t.issueId), intent: "me" } }), done: /Assigned to/ },
  { verb: "issue.assign", action: "loadAssigneeChoicesAction", form: (t) => ({ fields: { issueId: String(t.issueId) } }), done: /to choose from/ },
  { verb: "issue.set_priority", action: "setIssuePriorityAction", form: (t) => ({ fields: { issueId: String(t.issueId), priority: "low" } }), done: /Priority set to low\./ },
  { verb: "issue.bookmark", action: "setIssueBookmarkAction", form: (t) => ({ fields: { issueId: String(t.issueId), bookmarked: "true" } }), done: /Bookmarked\./ },
  { verb: "issue.resolve", action: "bulkIssueAction", form: (t) => ({ fields: { intent: "resolve", issue: String(t.issueId) } }), done: /Resolved 1 issue/ },
  { verb: "issue.merge", action: "bulkIssueAction", form: (t) => ({ fields: { intent: "merge", issue: [String(t.issueId), String(t.secondIssueId)] } }), done: /Merged 2 issues/, needs: "fresh issues" },
  { verb: "issue.delete", action: "bulkIssueAction", form: (t) => ({ fields: { intent: "delete", issue: String(t.issueId) } }), done: /Deleted \d+ issues?\./, needs: "fresh issues" },
  { verb: "issue.unmerge", action: "unmergeHashesAction", form: (t) => ({ fields: { issueId: String(t.issueId), projectSlug: t.slug, hash: t.hash } }), done: /^REDIRECT /, needs: "fresh issues" },
  { verb: "key.create", action: "createProjectKeyAction", form: (t) => ({ fields: { projectId: String(t.projectId), label: "matrix" } }), done: /Created the key/ },
  { verb: "key.rotate", action: "changeProjectKeyAction", form: (t) => ({ fields: { projectId: String(t.projectId), keyId: String(t.keyId), intent: "rotate" } }), done: /Rotated\./, needs: "fresh key" },
  { verb: "key.set_active", action: "changeProjectKeyAction", form: (t) => ({ fields: { projectId: String(t.projectId), keyId: String(t.keyId), intent: "enable" } }), done: /Enabled\./ },
  { verb: "key.set_rate_limit", action: "setProjectKeyRateLimitAction", form: (t) => ({ fields: { projectId: String(t.projectId), keyId: String(t.keyId), count: "", windowSeconds: "" } }), done: /Saved: no limit/ },
  {
    verb: "project.update_settings",
    action: "saveProjectSettingsAction",
    form: (t) => ({ fields: { fingerprintRules: "", stacktraceRules: "", retentionDays: "", maxEventsPerIssue: "" }, boundId: t.projectId }),
    done: /"status":"saved"/,
  },
  { verb: "project.rename", action: "renameProjectAction", form: (t) => ({ fields: { name: `matrix ${run}`, platform: "node" }, boundId: t.projectId }), done: /"status":"saved"/ },
  { verb: "project.update_scrubbing", action: "saveScrubbingSettingsAction", form: (t) => ({ fields: { isEnabled: "on", extraKeys: "", safeFields: "" }, boundId: t.projectId }), done: /"status":"saved"/ },
  { verb: "project.create", action: "createProjectAction", form: () => ({ fields: { name: `matrix ${run} ${randomBytes(3).toString("hex")}`, platform: "node" } }), done: /^REDIRECT \/projects\/matrix-/ },
  { verb: "project.delete", action: "deleteProjectAction", form: (t) => ({ fields: { confirm: t.slug }, boundId: t.projectId }), done: /^REDIRECT \/projects$/, needs: "fresh project" },
  {
    verb: "alert.write",
    action: "saveAlertRuleAction",
    form: (t) => ({ fields: { projectSlug: t.slug, name: `matrix ${run}`, actionMatch: "any", filterMatch: "all", frequency: "30", whenFirstSeen: "on", thenEmail: "on", thenEmailTarget: "IssueOwners" } }),
    done: /^REDIRECT \/projects\/[^/]+\/alerts\/\d+\?created=1$/,
  },
  { verb: "alert.write", action: "muteAlertRuleAction", form: (t) => ({ fields: { projectSlug: t.slug, ruleId: String(t.ruleId), for: "1h" } }), done: /is muted\./ },
  { verb: "alert.write", action: "copyAlertRuleAction", form: (t) => ({ fields: { projectSlug: t.slug, ruleId: String(t.ruleId) } }), done: /Copied as/ },
  { verb: "alert.write", action: "sendRuleTestAction", form: (t) => ({ fields: { projectSlug: t.slug, ruleId: String(t.ruleId) } }), done: /Test notification queued/ },
  { verb: "alert.write", action: "deleteAlertRuleAction", form: (t) => ({ fields: { projectSlug: t.slug, ruleId: String(t.ruleId) } }), done: /^REDIRECT \/projects\/[^/]+\/alerts\?deleted=1$/, needs: "fresh rule" },
  { verb: "channel.write", action: "createChannelAction", form: () => ({ fields: { name: `matrix ${run} ${randomBytes(3).toString("hex")}`, kind: "webhook", url: "http://127.0.0.1:9/matrix" } }), done: /Created “matrix/ },
  { verb: "channel.write", action: "updateChannelAction", form: (t) => ({ fields: { channelSlug: t.channelSlug, name: `matrix channel ${run}` } }), done: /Saved “matrix channel/ },
  { verb: "saved_search.write", action: "saveSearchAction", form: (t) => ({ fields: { name: `matrix ${run}`, query: "is:unresolved", sort: "last_seen", projectId: String(t.projectId) } }), done: /Saved “matrix/ },
  { verb: "saved_search.share", action: "saveSearchAction", form: (t) => ({ fields: { name: `matrix shared ${run}`, query: "is:unresolved", sort: "last_seen", projectId: String(t.projectId), shared: "on" } }), done: /Saved “matrix shared/ },
];

/** The verbs as the CLI calls them, for what the matrix needs to exist before anyone acts. */
function seedContext(database: ReturnType<typeof openLanternDatabase>) {
  return systemContext(database, loadConfig({ ...e2eServerEnvironment, LANTERN_SELF_MONITORING: "false" }));
}

async function seedRule(database: ReturnType<typeof openLanternDatabase>, slug: string): Promise<number> {
  return (await createAlertRule(seedContext(database), { projectSlug: slug, rule: { ...defaultRuleInput, name: `matrix rule ${run} ${randomBytes(3).toString("hex")}` } })).id;
}

const people: Record<Exclude<Actor, "owner">, { email: string; password: string; role: string }> = {
  admin: { email: `admin-${run}@lantern.test`, password: "matrix-admin-password-1", role: "admin" },
  member: { email: `member-${run}@lantern.test`, password: "matrix-member-password-1", role: "member" },
  otherTeamMember: { email: `other-${run}@lantern.test`, password: "matrix-other-password-1", role: "member" },
};
const sessions = new Map<Actor, BrowserContext>();
let dsn: URL;
let shared: Target;
let teamA = 0;
let sequence = 0;

/** One event through real ingest; resolves with its issue once digest has grouped it. */
async function sendEvent(message: string): Promise<{ issueId: number; hash: string }> {
  const eventId = randomUUID().replaceAll("-", "");
  const body = [JSON.stringify({ event_id: eventId }), JSON.stringify({ type: "event" }), JSON.stringify({ event_id: eventId, message, level: "error", platform: "node" })].join("\n");
  const answer = await fetch(`${e2eBaseUrl}/api${dsn.pathname}/envelope/?sentry_version=7&sentry_key=${dsn.username}`, { method: "POST", body });
  expect(answer.status).toBe(200);
  const database = openLanternDatabase();
  try {
    await expect.poll(async () => (await database.db.selectFrom("events").select("issue_id").where("event_id", "=", eventId).executeTakeFirst())?.issue_id ?? null, { timeout: 30_000 }).not.toBeNull();
    const row = await database.db.selectFrom("events").select(["issue_id", "group_hash"]).where("event_id", "=", eventId).executeTakeFirstOrThrow();
    return { issueId: Number(row.issue_id), hash: row.group_hash! };
  } finally {
    await database.close();
  }
}

/** Grouping replaces numbers and hex ids in messages, so issues that must stay apart differ in words. */
function word(count: number): string {
  return [...String(count)].map((digit) => ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"][Number(digit)]).join("-");
}

async function freshTarget(needs: ActionCase["needs"]): Promise<Target> {
  sequence += 1;
  if (needs === "fresh issues") {
    const first = await sendEvent(`Matrix action failure ${word(sequence)} alpha`);
    const second = await sendEvent(`Matrix action failure ${word(sequence)} beta`);
    const third = await sendEvent(`Matrix action failure ${word(sequence)} gamma`);
    // Unmerge needs an issue holding two hashes: `first` takes `second`'s, as the owner merging them would.
    const body = await callAction(sessions.get("owner")!.request, "bulkIssueAction", { fields: { intent: "merge", issue: [String(first.issueId), String(second.issueId)] } });
    expect(body).toMatch(/Merged 2 issues/);
    const database = openLanternDatabase();
    try {
      const merged = await database.db.selectFrom("issues").select("merged_into_id").where("id", "=", second.issueId).executeTakeFirstOrThrow();
      return { ...shared, issueId: Number(merged.merged_into_id), secondIssueId: third.issueId, hash: second.hash };
    } finally {
      await database.close();
    }
  }
  const database = openLanternDatabase();
  try {
    if (needs === "fresh rule") return { ...shared, ruleId: await seedRule(database, shared.slug) };
    if (needs === "fresh key") {
      const key = await database.db.insertInto("project_keys").values({ project_id: shared.projectId, public_key: randomBytes(16).toString("hex"), label: "to rotate", created_at: Date.now() }).returning("id").executeTakeFirstOrThrow();
      return { ...shared, keyId: key.id };
    }
    const slug = `matrix-delete-${run}-${sequence}`;
    const project = await database.db.insertInto("projects").values({ slug, name: slug, platform: "node", is_internal: 0, created_at: Date.now() }).returning("id").executeTakeFirstOrThrow();
    await database.db.insertInto("team_projects").values({ team_id: teamA, project_id: project.id }).execute();
    return { ...shared, projectId: project.id, slug };
  } finally {
    await database.close();
  }
}

/** Calls a server action as `request`'s person: "REDIRECT <path>" when it redirected, else its answer. */
async function callAction(request: APIRequestContext, name: string, { fields, boundId }: { fields: Record<string, string | string[]>; boundId?: number }): Promise<string> {
  const { redirect, body } = await callServerAction(request, name, fields, boundId);
  expect(redirect ?? "", `${name} must not bounce to sign-in`).not.toMatch(/sign-in/);
  return redirect ? `REDIRECT ${redirect.split(";")[0]}` : body;
}

function outcomeOf(body: string, done: RegExp): Outcome | string {
  if (/No issue has id|No project has id|No project is called/.test(body)) return "not_found";
  if (/Only owners and admins|This credential can only read|This credential cannot read/.test(body)) return "forbidden";
  if (done.test(body)) return "allowed";
  return `unexpected answer: ${body.slice(0, 300)}`;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  dsn = new URL(await createProjectDsn(environment, `matrix ${run}`));
  for (const person of Object.values(people)) {
    const created = execFileAsync(process.execPath, ["cli/lantern.mjs", "user", "create", "--email", person.email, "--name", person.role, "--role", person.role, "--password-stdin"], { env: environment });
    created.child.stdin?.end(person.password);
    await created;
  }
  const projectId = Number(dsn.pathname.slice(1));
  const database = openLanternDatabase();
  try {
    const ids = Object.fromEntries(await Promise.all(Object.entries(people).map(async ([actor, person]) => [actor, (await database.db.selectFrom("users").select("id").where("email", "=", person.email).executeTakeFirstOrThrow()).id])));
    const now = Date.now();
    const a = await database.db.insertInto("teams").values({ slug: `matrix-a-${run}`, name: "Matrix A", created_at: now }).returning("id").executeTakeFirstOrThrow();
    const b = await database.db.insertInto("teams").values({ slug: `matrix-b-${run}`, name: "Matrix B", created_at: now }).returning("id").executeTakeFirstOrThrow();
    teamA = a.id;
    await database.db.insertInto("team_members").values([{ team_id: a.id, user_id: ids.member! }, { team_id: b.id, user_id: ids.otherTeamMember! }]).execute();
    await database.db.insertInto("team_projects").values({ team_id: a.id, project_id: projectId }).execute();
    const key = await database.db.selectFrom("project_keys").select("id").where("project_id", "=", projectId).executeTakeFirstOrThrow();
    const project = await database.db.selectFrom("projects").select("slug").where("id", "=", projectId).executeTakeFirstOrThrow();
    const ruleId = await seedRule(database, project.slug);
    const channel = await createNotificationChannel(seedContext(database), { name: `matrix ${run}`, kind: "webhook", url: "http://127.0.0.1:9/matrix" });
    shared = { projectId, slug: project.slug, keyId: key.id, issueId: 0, secondIssueId: 0, hash: "", ruleId, channelSlug: channel.slug };
  } finally {
    await database.close();
  }
  const owner = await browser.newContext();
  sessions.set("owner", owner);
  for (const [actor, person] of Object.entries(people) as [Exclude<Actor, "owner">, (typeof people)["admin"]][]) sessions.set(actor, await signedInContext(browser, person.email, person.password));
  const issue = await sendEvent(`Matrix action failure ${run} shared`);
  shared = { ...shared, issueId: issue.issueId, hash: issue.hash };
});

test.afterAll(async () => {
  for (const context of sessions.values()) await context.close();
});

test("every server action answers each caller, with forged ids, what the policy table says", async () => {
  test.setTimeout(300_000);
  const mismatches: string[] = [];
  for (const entry of cases) {
    for (const actor of Object.keys(actors) as Actor[]) {
      const target = entry.needs ? await freshTarget(entry.needs) : shared;
      const body = await callAction(sessions.get(actor)!.request, entry.action, entry.form(target));
      const got = outcomeOf(body, entry.done);
      const want = expected(entry.verb, actor);
      if (got !== want) mismatches.push(`${entry.action} (${entry.verb}) as ${actor}: ${got}, table says ${want}`);
    }
  }
  expect(mismatches).toEqual([]);
});
