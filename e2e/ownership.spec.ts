import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { expect, test, type Page } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { systemContext } from "../src/server/access/system-context";
import { loadConfig } from "../src/server/config";
import { addTeamMember } from "../src/server/teams/add-team-member";
import { addTeamProject } from "../src/server/teams/add-team-project";
import { createTeam } from "../src/server/teams/create-team";
import { uniqueToken } from "../tests/support/sdk-helpers";
import { openLanternDatabase } from "./support/lantern-database";
import { createProjectDsn } from "./support/lantern-process";
import { openWithKeyboard } from "./support/open-with-keyboard";
import { e2eBaseUrl, e2eOwner, e2eServerEnvironment } from "./support/server";

/**
 * Ownership end to end (issue 20, acceptance 3): the assignee picker assigns to a member and to a team with
 * the keyboard alone, the issue list's assignee column shows who, and the searches find them —
 * `assigned:me`, `assigned:#team`, `assigned:<e-mail>`; a priority changed by hand is found by
 * `issue.priority:high`; a bookmark by `bookmarks:me`. Issues come through real ingest; the member and the
 * team are made as the CLI makes them.
 */

interface Seed {
  slug: string;
  member: { name: string; email: string };
  team: string;
  titles: { cart: string; render: string; trace: string };
  ids: Record<"cart" | "render" | "trace", number>;
}

let seed: Seed;

async function sendEvent(dsn: URL, message: string, level: string): Promise<number> {
  const eventId = randomUUID().replaceAll("-", "");
  const body = [JSON.stringify({ event_id: eventId }), JSON.stringify({ type: "event" }), JSON.stringify({ event_id: eventId, message, level, platform: "node" })].join("\n");
  const answer = await fetch(`${e2eBaseUrl}/api${dsn.pathname}/envelope/?sentry_version=7&sentry_key=${dsn.username}`, { method: "POST", body });
  expect(answer.status).toBe(200);
  const database = openLanternDatabase();
  try {
    await expect.poll(async () => (await database.db.selectFrom("events").select("issue_id").where("event_id", "=", eventId).executeTakeFirst())?.issue_id ?? null, { timeout: 30_000 }).not.toBeNull();
    return Number((await database.db.selectFrom("events").select("issue_id").where("event_id", "=", eventId).executeTakeFirstOrThrow()).issue_id);
  } finally {
    await database.close();
  }
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const token = uniqueToken("own");
  const environment = { ...process.env, ...e2eServerEnvironment };
  const name = `ownership ${token}`;
  const dsn = new URL(await createProjectDsn(environment, name));
  const member = { name: `Mina ${token}`, email: `mina-${token}@lantern.test`, password: "ownership-member-password-1" };
  const created = promisify(execFile)(process.execPath, ["cli/lantern.mjs", "user", "create", "--email", member.email, "--name", member.name, "--role", "member", "--password-stdin"], { env: environment });
  created.child.stdin?.end(member.password);
  await created;
  const database = openLanternDatabase();
  let team: string;
  try {
    const context = systemContext(database, loadConfig({ ...e2eServerEnvironment, LANTERN_SELF_MONITORING: "false" }));
    const made = await createTeam(context, { name: `Checkout ${token}` });
    team = made.slug;
    const user = await database.db.selectFrom("users").select("id").where("email", "=", member.email).executeTakeFirstOrThrow();
    await addTeamMember(context, { teamId: made.id, userId: user.id });
    await addTeamProject(context, { teamId: made.id, projectId: Number(dsn.pathname.slice(1)) });
  } finally {
    await database.close();
  }
  // Grouping folds numbers and hex ids in messages together, so the three differ in words.
  const titles = { cart: `Cart total is not a number ${token}`, render: `Slow render of the basket ${token}`, trace: `Debug trace left switched on ${token}` };
  const ids = { cart: await sendEvent(dsn, titles.cart, "error"), render: await sendEvent(dsn, titles.render, "warning"), trace: await sendEvent(dsn, titles.trace, "info") };
  seed = { slug: slugify(name), member: { name: member.name, email: member.email }, team, titles, ids };
});

const issuePath = (id: number) => `/projects/${seed.slug}/issues/${id}`;

/** Opens the assignee picker from the keyboard, types, and takes the highlighted choice with Enter. */
async function assignWithKeyboard(page: Page, typed: string, arrowsDown = 0): Promise<void> {
  const filter = page.getByRole("combobox", { name: "Find a person or team" });
  await openWithKeyboard(page, page.getByRole("button", { name: /^Assignee: nobody/ }), filter, { opened: filter });
  await page.keyboard.type(typed);
  for (let step = 0; step < arrowsDown; step++) await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
}

async function listTitles(page: Page, query: string): Promise<string[]> {
  await page.goto(`/projects/${seed.slug}/issues?query=${encodeURIComponent(query)}`);
  const table = page.getByRole("table", { name: "Issues" });
  const empty = page.getByText("No issues match", { exact: true });
  await expect(table.or(empty).first()).toBeVisible();
  if (!(await table.isVisible())) return [];
  return (await table.getByRole("row").filter({ has: page.getByRole("link") }).getByRole("link").allTextContents()).map((text) => text.trim()).sort();
}

test("assign to a member and to a team from the picker with the keyboard; the list's column shows them and assigned: finds them", async ({ page }) => {
  await page.goto(issuePath(seed.ids.cart));
  await assignWithKeyboard(page, seed.member.name.slice(0, 8));
  await expect(page.getByRole("button", { name: `Assignee: ${seed.member.name}. Change the assignee` })).toBeVisible();
  await expect(page.getByText(`Assigned to ${seed.member.name} by ${e2eOwner.email}`)).toBeVisible();

  await page.goto(issuePath(seed.ids.render));
  await assignWithKeyboard(page, `#${seed.team}`);
  await expect(page.getByRole("button", { name: `Assignee: #${seed.team}. Change the assignee` })).toBeVisible();

  // "Assign to me" is the first choice: Enter on the empty filter takes it.
  await page.goto(issuePath(seed.ids.trace));
  await assignWithKeyboard(page, "");
  await expect(page.getByRole("button", { name: `Assignee: ${e2eOwner.name}. Change the assignee` })).toBeVisible();

  await page.goto(`/projects/${seed.slug}/issues?query=`);
  const row = (title: string) => page.getByRole("row").filter({ has: page.getByRole("link", { name: title }) });
  await expect(row(seed.titles.cart).getByRole("img", { name: seed.member.name })).toBeVisible();
  await expect(row(seed.titles.render).getByRole("img", { name: `Team #${seed.team}` })).toBeVisible();
  await expect(row(seed.titles.trace).getByRole("img", { name: e2eOwner.name })).toBeVisible();

  expect(await listTitles(page, "assigned:me")).toEqual([seed.titles.trace]);
  expect(await listTitles(page, `assigned:#${seed.team}`)).toEqual([seed.titles.render]);
  expect(await listTitles(page, `assigned:${seed.member.email}`)).toEqual([seed.titles.cart]);

  // The home page (/projects) lists what is assigned to the signed-in person.
  await page.goto("/projects");
  await expect(page.getByRole("region", { name: "Assigned to me" }).getByRole("link", { name: seed.titles.trace })).toBeVisible();

  // Unassign puts the issue back to nobody.
  await page.goto(issuePath(seed.ids.trace));
  await page.getByRole("button", { name: /^Assignee: .*Change the assignee$/ }).click();
  await page.getByRole("combobox", { name: "Find a person or team" }).fill("unassign");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: /^Assignee: nobody/ })).toBeVisible();
  expect(await listTitles(page, "assigned:none")).toEqual([seed.titles.trace]);
});

test("priority starts from the level, changes from its menu with the keyboard, and issue.priority:high finds it", async ({ page }) => {
  expect(await listTitles(page, "issue.priority:high")).toEqual([seed.titles.cart]);
  await page.goto(issuePath(seed.ids.render));
  const high = page.getByRole("menuitemcheckbox", { name: "High" });
  await openWithKeyboard(page, page.getByRole("button", { name: "Priority: medium. Change the priority" }), high, { opened: page.getByRole("menu") });
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Priority: high. Change the priority" })).toBeVisible();
  expect(await listTitles(page, "issue.priority:high")).toEqual([seed.titles.cart, seed.titles.render].sort());
  expect(await listTitles(page, "issue.priority:low")).toEqual([seed.titles.trace]);
});

test("a bookmark is the viewer's own, and bookmarks:me lists it", async ({ page }) => {
  expect(await listTitles(page, "bookmarks:me")).toEqual([]);
  await page.goto(issuePath(seed.ids.cart));
  const star = page.getByRole("button", { name: "Bookmark" });
  await expect(star).toHaveAttribute("aria-pressed", "false");
  await star.focus();
  await page.keyboard.press("Space");
  await expect(star).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(page.getByRole("button", { name: "Bookmark" })).toHaveAttribute("aria-pressed", "true");
  expect(await listTitles(page, "bookmarks:me")).toEqual([seed.titles.cart]);
});
