import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test, type Page } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { runSdkScript, uniqueToken } from "../tests/support/sdk-helpers";
import { openLanternDatabase } from "./support/lantern-database";
import { issueRows } from "./support/issue-rows";
import { createProjectDsn } from "./support/lantern-process";
import { e2eOwner, e2eServerEnvironment } from "./support/server";
import { signedInContext } from "./support/server-actions";

/**
 * The search bar's autocomplete and saved searches, end to end: a project made with the CLI gets two issues
 * from the real @sentry/node with a tag each; the search box offers keys and then the project's values
 * for the term being typed, all chosen with the keyboard, and the query it builds finds the issue. Saving
 * a search makes a tab that reproduces it; another member of the project's team sees the shared tab and
 * not the private one. After `assigned:` the box offers me, my_teams, none, the project's teams and people;
 * a search saved on the list of all projects with a project chosen opens with that project chosen again.
 */
const environment = { ...process.env, ...e2eServerEnvironment };
const execFileAsync = promisify(execFile);

interface Project {
  dsn: string;
  slug: string;
  token: string;
  titles: { payment: string; address: string };
}

async function sendMessage(dsn: string, message: string, tags: Record<string, string>): Promise<void> {
  const run = await runSdkScript("capture-message.mjs", {
    LANTERN_TEST_DSN: dsn,
    LANTERN_TEST_RELEASE: "shop@3.1.0",
    LANTERN_TEST_ENVIRONMENT: "e2e",
    LANTERN_TEST_SCOPE: JSON.stringify({ message, level: "error", tags, user: { id: "7", email: "ada@example.com" }, contexts: {}, breadcrumbs: [] }),
  });
  expect(run.code, run.stderr).toBe(0);
  expect(run.facts.isFlushed).toBe(true);
}

async function seedProject(prefix: string): Promise<Project> {
  const token = uniqueToken();
  const name = `${prefix} ${token}`;
  const dsn = await createProjectDsn(environment, name);
  const titles = { payment: `Card declined ${token}`, address: `Postcode rejected ${token}` };
  await sendMessage(dsn, titles.payment, { checkout_step: "payment" });
  await sendMessage(dsn, titles.address, { checkout_step: "address" });
  return { dsn, slug: slugify(name), token, titles };
}

const rows = issueRows;
const box = (page: Page) => page.getByRole("combobox", { name: "Search", exact: true });
const listbox = (page: Page) => page.getByRole("listbox", { name: "Search suggestions" });

async function openList(page: Page, project: Project): Promise<void> {
  await expect(async () => {
    await page.goto(`/projects/${project.slug}/issues`);
    await expect(rows(page)).toHaveCount(2, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText("move · x select")).toBeVisible();
}

test("the search box offers keys, then the project's values, chosen with the keyboard only; the query runs and finds the issue", async ({ page }) => {
  const project = await seedProject("autocomplete");
  await openList(page, project);

  // Keyboard only: "/" jumps to the box, the default query is cleared, a key is typed in part.
  await page.keyboard.press("/");
  await expect(box(page)).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Backspace");
  await page.keyboard.type("is:unresolved checkout");
  await expect(listbox(page)).toBeVisible();
  await expect(box(page)).toHaveAttribute("aria-expanded", "true");
  await expect(listbox(page).getByRole("option")).toHaveText(["checkout_step:Tag"]);

  await page.keyboard.press("ArrowDown");
  const highlighted = listbox(page).getByRole("option", { selected: true });
  await expect(highlighted).toHaveText("checkout_step:Tag");
  await expect(box(page)).toHaveAttribute("aria-activedescendant", (await highlighted.getAttribute("id"))!);
  await page.keyboard.press("Enter");
  await expect(box(page)).toHaveValue("is:unresolved checkout_step:");

  // Accepting a key offers its values, most frequent first; typing narrows them, in any case.
  await expect(listbox(page).getByRole("option")).toHaveText([/^address/, /^payment/]);
  await page.keyboard.type("PA");
  await expect(listbox(page).getByRole("option")).toHaveText(["payment1 event"]);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Tab");
  await expect(box(page)).toHaveValue("is:unresolved checkout_step:payment ");
  await expect(box(page)).toBeFocused();
  await expect(listbox(page)).toBeHidden();

  // Escape closes the list and keeps the text.
  await page.keyboard.type("lev");
  await expect(listbox(page).getByRole("option")).toHaveText([/^level:/]);
  await page.keyboard.press("Escape");
  await expect(listbox(page)).toBeHidden();
  await expect(box(page)).toHaveAttribute("aria-expanded", "false");
  await expect(box(page)).toHaveValue("is:unresolved checkout_step:payment lev");
  await page.keyboard.press("Backspace");
  await page.keyboard.press("Backspace");
  await page.keyboard.press("Backspace");

  // Enter with nothing highlighted runs the search.
  await page.keyboard.press("Enter");
  await expect.poll(() => new URL(page.url()).searchParams.get("query")?.trim()).toBe("is:unresolved checkout_step:payment");
  await expect(rows(page)).toHaveText([new RegExp(project.titles.payment)]);
});

test("the suggest endpoint refuses bad input with a reason and a project the viewer cannot see as not found", async ({ page }) => {
  const bad = await page.request.get("/issues/suggest?query=is&cursor=x", { failOnStatusCode: false });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toEqual({ error: expect.stringMatching(/^cursor: /) });
  const long = await page.request.get(`/issues/suggest?query=${"a".repeat(501)}&cursor=1`, { failOnStatusCode: false });
  expect(long.status()).toBe(400);
  expect((await long.json()).error).toMatch(/^query: at most 500/);
  const missing = await page.request.get("/issues/suggest?query=is&cursor=2&projectId=999999", { failOnStatusCode: false });
  expect(missing.status()).toBe(404);
  const fine = await page.request.get("/issues/suggest?query=lev&cursor=3");
  expect((await fine.json()).suggestions.map((suggestion: { label: string }) => suggestion.label)).toEqual(["level:"]);
});

test("saving a search makes a tab that reproduces it; a member sees the shared tab and not the private one", async ({ page, browser }) => {
  const project = await seedProject("saved searches");
  const member = { email: `saved-member-${project.token}@lantern.test`, password: "saved-member-password-1" };
  const created = execFileAsync(process.execPath, ["cli/lantern.mjs", "user", "create", "--email", member.email, "--name", "Saved member", "--role", "member", "--password-stdin"], { env: environment });
  created.child.stdin?.end(member.password);
  await created;
  const database = openLanternDatabase();
  try {
    const user = await database.db.selectFrom("users").select("id").where("email", "=", member.email).executeTakeFirstOrThrow();
    const projectRow = await database.db.selectFrom("projects").select("id").where("slug", "=", project.slug).executeTakeFirstOrThrow();
    const team = await database.db.insertInto("teams").values({ slug: `saved-${project.token}`.toLowerCase(), name: `Saved ${project.token}`, created_at: Date.now() }).returning("id").executeTakeFirstOrThrow();
    await database.db.insertInto("team_members").values({ team_id: team.id, user_id: user.id }).execute();
    await database.db.insertInto("team_projects").values({ team_id: team.id, project_id: projectRow.id }).execute();
  } finally {
    await database.close();
  }

  await openList(page, project);
  const tabs = page.getByRole("navigation", { name: "Issue status" });
  async function saveCurrent(query: string, name: string, share: boolean) {
    await box(page).fill(query);
    await box(page).press("Enter");
    await expect.poll(() => new URL(page.url()).searchParams.get("query")).toBe(query);
    await tabs.getByRole("button", { name: "Save this search" }).click();
    const dialog = page.getByRole("dialog", { name: "Save this search" });
    await dialog.getByLabel("Name").fill(name);
    if (share) await dialog.getByRole("checkbox", { name: /Share with everyone/ }).check();
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    await expect(tabs.getByRole("link", { name })).toBeVisible();
  }
  await saveCurrent("checkout_step:payment", `Payments ${project.token}`, true);
  await saveCurrent("checkout_step:address", `Addresses ${project.token}`, false);

  await tabs.getByRole("link", { name: "All", exact: true }).click();
  await expect(rows(page)).toHaveCount(2);
  await tabs.getByRole("link", { name: `Payments ${project.token}` }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get("query")).toBe("checkout_step:payment");
  await expect(tabs.getByRole("link", { name: `Payments ${project.token}` })).toHaveAttribute("aria-current", "page");
  await expect(rows(page)).toHaveText([new RegExp(project.titles.payment)]);
  await expect(box(page)).toHaveValue("checkout_step:payment ");

  const memberContext = await signedInContext(browser, member.email, member.password);
  try {
    const memberPage = await memberContext.newPage();
    await memberPage.goto(`/projects/${project.slug}/issues`);
    const memberTabs = memberPage.getByRole("navigation", { name: "Issue status" });
    await expect(memberTabs.getByRole("link", { name: `Payments ${project.token}` })).toBeVisible();
    await expect(memberTabs.getByRole("link", { name: `Addresses ${project.token}` })).toHaveCount(0);
    // A member may not delete a shared tab: no delete button for it.
    await expect(memberTabs.getByRole("button", { name: `Delete saved search Payments ${project.token}` })).toHaveCount(0);
  } finally {
    await memberContext.close();
  }

  await tabs.getByRole("button", { name: `Delete saved search Addresses ${project.token}` }).click();
  const confirm = page.getByRole("dialog", { name: `Delete “Addresses ${project.token}”?` });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(tabs.getByRole("link", { name: `Addresses ${project.token}` })).toHaveCount(0);
});

test("after assigned: the box offers me, my_teams, none, the project's team and its people, chosen with the keyboard; assigned:my_teams finds the team's issue", async ({ page }) => {
  const project = await seedProject("assigned values");
  const team = { slug: `assigned-${project.token}`.toLowerCase(), name: `Checkout ${project.token}` };
  // The signed-in owner is in a team of the project, and the payment issue is assigned to that team.
  const database = openLanternDatabase();
  try {
    const owner = await database.db.selectFrom("users").select("id").where("email", "=", e2eOwner.email).executeTakeFirstOrThrow();
    const projectRow = await database.db.selectFrom("projects").select("id").where("slug", "=", project.slug).executeTakeFirstOrThrow();
    const row = await database.db.insertInto("teams").values({ slug: team.slug, name: team.name, created_at: Date.now() }).returning("id").executeTakeFirstOrThrow();
    await database.db.insertInto("team_members").values({ team_id: row.id, user_id: owner.id }).execute();
    await database.db.insertInto("team_projects").values({ team_id: row.id, project_id: projectRow.id }).execute();
    await expect.poll(async () => (await database.db.selectFrom("issues").select("id").where("project_id", "=", projectRow.id).where("title", "=", project.titles.payment).executeTakeFirst()) ?? null).not.toBeNull();
    await database.db.updateTable("issues").set({ assignee_team_id: row.id }).where("project_id", "=", projectRow.id).where("title", "=", project.titles.payment).execute();
  } finally {
    await database.close();
  }
  await openList(page, project);

  await page.keyboard.press("/");
  await expect(box(page)).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Backspace");
  await page.keyboard.type("assigned:");
  const options = listbox(page).getByRole("option");
  await expect(options.nth(0)).toHaveText("meAssigned to you yourself");
  await expect(options.nth(1)).toHaveText("my_teamsAssigned to a team you are in");
  await expect(options.nth(2)).toHaveText("noneAssigned to nobody");
  await expect(options.nth(3)).toHaveText(`#${team.slug}${team.name}`);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(listbox(page).getByRole("option", { selected: true })).toHaveText(/^my_teams/);
  await page.keyboard.press("Enter");
  await expect(box(page)).toHaveValue("assigned:my_teams ");
  await page.keyboard.press("Enter");
  await expect.poll(() => new URL(page.url()).searchParams.get("query")?.trim()).toBe("assigned:my_teams");
  await expect(rows(page)).toHaveText([new RegExp(project.titles.payment)]);

  // Typing narrows: "#" and a slug's start to the project's teams, an e-mail's start to people who see it.
  await page.keyboard.press("/");
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Backspace");
  await page.keyboard.type(`assigned:#${team.slug.slice(0, 12).toUpperCase()}`);
  await expect(options).toHaveText([`#${team.slug}${team.name}`]);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Tab");
  await expect(box(page)).toHaveValue(`assigned:#${team.slug} `);
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Backspace");
  await page.keyboard.type(`assigned:${e2eOwner.email.slice(0, 6)}`);
  await expect(options.filter({ hasText: e2eOwner.email })).toHaveCount(1);
  await page.keyboard.press("Escape");
});

test("a search saved on the list of all projects with a project chosen opens with that project chosen again", async ({ page }) => {
  const project = await seedProject("saved with project");
  await seedProject("saved elsewhere");
  const query = "checkout_step:payment";
  await expect(async () => {
    await page.goto(`/issues?project=${project.slug}&query=${encodeURIComponent(query)}`);
    await expect(rows(page)).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  const tabs = page.getByRole("navigation", { name: "Issue status" });
  const name = `Chosen ${project.token}`;
  await tabs.getByRole("button", { name: "Save this search" }).click();
  const dialog = page.getByRole("dialog", { name: "Save this search" });
  await expect(dialog).toContainText("with saved with project");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(tabs.getByRole("link", { name })).toHaveAttribute("aria-current", "page");

  // From the list of all projects with nothing chosen, the tab chooses the project again.
  await page.goto("/issues?query=is%3Aunresolved");
  await expect(tabs.getByRole("link", { name })).not.toHaveAttribute("aria-current", "page");
  await tabs.getByRole("link", { name }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get("project")).toBe(project.slug);
  expect(new URL(page.url()).searchParams.get("query")).toBe(query);
  await expect(tabs.getByRole("link", { name })).toHaveAttribute("aria-current", "page");
  await expect(rows(page)).toHaveText([new RegExp(project.titles.payment)]);
});
