import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAuth, createTestConfig, createTestContext, createTestUser, type TestUser } from "../../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../../tests/support/test-database";
import type { AccessContext } from "../../access/authorize";
import type { LanternConfig } from "../../config";
import { AppError } from "../../errors";
import { insertProject } from "../../projects/insert-project";
import { addTeamMember } from "../../teams/add-team-member";
import { addTeamProject } from "../../teams/add-team-project";
import { createTeam } from "../../teams/create-team";
import { deleteSavedSearch } from "./delete-saved-search";
import { listSavedSearches } from "./list-saved-searches";
import { saveSearch } from "./save-search";
import { maxSavedSearchesPerPerson } from "./saved-search";

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe(`saved searches on ${testDialect}`, () => {
  let database: TestDatabase;
  let config: LanternConfig;
  let admin: TestUser;
  let member: TestUser;
  let colleague: TestUser;
  let outsider: TestUser;
  let shopId = 0;
  let otherId = 0;
  const contextOf = (user: TestUser): Promise<AccessContext> => createTestContext(database, config, user.userId);
  const search = (overrides: Record<string, unknown> = {}) => ({ name: "Chrome errors", query: "level:error browser.name:Chrome", sort: "times_seen", projectId: shopId, isShared: false, ...overrides });

  beforeAll(async () => {
    database = await createTestDatabase();
    config = createTestConfig();
    const auth = createTestAuth(database, config);
    admin = await createTestUser(database, auth, "admin");
    member = await createTestUser(database, auth, "member");
    colleague = await createTestUser(database, auth, "member");
    outsider = await createTestUser(database, auth, "member");
    shopId = (await insertProject(database.db, { name: "saved shop" })).project.id;
    otherId = (await insertProject(database.db, { name: "saved other" })).project.id;
    const adminContext = await contextOf(admin);
    const team = await createTeam(adminContext, { name: "Saved shop team" });
    await addTeamProject(adminContext, { teamId: team.id, projectId: shopId });
    await addTeamMember(adminContext, { teamId: team.id, userId: member.userId });
    await addTeamMember(adminContext, { teamId: team.id, userId: colleague.userId });
    const otherTeam = await createTeam(adminContext, { name: "Saved other team" });
    await addTeamProject(adminContext, { teamId: otherTeam.id, projectId: otherId });
    await addTeamMember(adminContext, { teamId: otherTeam.id, userId: outsider.userId });
  });
  afterAll(() => database.destroy());

  it("saves a member's search for one project, lists it to them only, and deletes it", async () => {
    const saved = await saveSearch(await contextOf(member), search({ name: "  Chrome errors  " }));
    expect(saved).toMatchObject({ name: "Chrome errors", query: "level:error browser.name:Chrome", sort: "times_seen", projectId: shopId, isShared: false, isMine: true });
    expect((await listSavedSearches(await contextOf(member), { projectId: shopId })).map((entry) => entry.id)).toEqual([saved.id]);
    expect(await listSavedSearches(await contextOf(colleague), { projectId: shopId })).toEqual([]);
    expect(await listSavedSearches(await contextOf(admin), { projectId: shopId })).toEqual([]);
    expect(await listSavedSearches(await contextOf(member), { projectId: null })).toEqual([]);
    // Someone else's private search is not found, for an admin too: it is not theirs to see.
    expect(await rejection(deleteSavedSearch(await contextOf(colleague), { savedSearchId: saved.id }))).toMatchObject({ code: "not_found" });
    expect(await rejection(deleteSavedSearch(await contextOf(admin), { savedSearchId: saved.id }))).toMatchObject({ code: "not_found" });
    await deleteSavedSearch(await contextOf(member), { savedSearchId: saved.id });
    expect(await listSavedSearches(await contextOf(member), { projectId: shopId })).toEqual([]);
    expect(await rejection(deleteSavedSearch(await contextOf(member), { savedSearchId: saved.id }))).toMatchObject({ code: "not_found" });
  });

  it("lets only owners and admins share, and shows a shared search to everyone who sees the project", async () => {
    expect(await rejection(saveSearch(await contextOf(member), search({ isShared: true })))).toMatchObject({ code: "forbidden" });
    expect(await rejection(saveSearch(await contextOf(member), search({ isShared: true, projectId: null })))).toMatchObject({ code: "forbidden" });
    const shared = await saveSearch(await contextOf(admin), search({ name: "Team triage", query: "is:unresolved level:fatal", isShared: true }));
    const own = await saveSearch(await contextOf(admin), search({ name: "Admin's own", query: "is:regressed" }));
    const seenByMember = await listSavedSearches(await contextOf(member), { projectId: shopId });
    expect(seenByMember.map((entry) => [entry.name, entry.isShared, entry.isMine])).toEqual([["Team triage", true, false]]);
    expect((await listSavedSearches(await contextOf(admin), { projectId: shopId })).map((entry) => entry.name)).toEqual(["Team triage", "Admin's own"]);
    // A member of another team does not see the project at all.
    expect(await rejection(listSavedSearches(await contextOf(outsider), { projectId: shopId }))).toMatchObject({ code: "not_found" });
    expect(await rejection(deleteSavedSearch(await contextOf(outsider), { savedSearchId: shared.id }))).toMatchObject({ code: "not_found" });
    // Members see a shared search but may not delete it.
    expect(await rejection(deleteSavedSearch(await contextOf(member), { savedSearchId: shared.id }))).toMatchObject({ code: "forbidden" });
    await deleteSavedSearch(await contextOf(admin), { savedSearchId: shared.id });
    await deleteSavedSearch(await contextOf(admin), { savedSearchId: own.id });
    expect(await listSavedSearches(await contextOf(member), { projectId: shopId })).toEqual([]);
  });

  it("keeps all-projects searches apart from a project's", async () => {
    const everywhere = await saveSearch(await contextOf(admin), search({ name: "Fatal everywhere", query: "level:fatal", projectId: null, isShared: true }));
    expect((await listSavedSearches(await contextOf(outsider), { projectId: null })).map((entry) => entry.name)).toEqual(["Fatal everywhere"]);
    expect(await listSavedSearches(await contextOf(outsider), { projectId: otherId })).toEqual([]);
    await deleteSavedSearch(await contextOf(admin), { savedSearchId: everywhere.id });
  });

  it("refuses a query that does not parse, bad input, a project the viewer cannot see, and more than the cap", async () => {
    const context = await contextOf(member);
    expect(await rejection(saveSearch(context, search({ query: "level:nonsense" })))).toMatchObject({ code: "bad_request", message: expect.stringContaining("nonsense") });
    expect(await rejection(saveSearch(context, search({ name: " " })))).toMatchObject({ code: "bad_request", message: "Give the search a name." });
    expect(await rejection(saveSearch(context, search({ name: "x".repeat(61) })))).toMatchObject({ code: "bad_request" });
    expect(await rejection(saveSearch(context, search({ query: "a".repeat(501) })))).toMatchObject({ code: "bad_request" });
    expect(await rejection(saveSearch(context, search({ sort: "'; drop table issues" })))).toMatchObject({ code: "bad_request" });
    expect(await rejection(saveSearch(context, "not an object"))).toMatchObject({ code: "bad_request" });
    expect(await rejection(saveSearch(context, search({ projectId: otherId })))).toMatchObject({ code: "not_found" });
    const made: number[] = [];
    for (let index = 0; index < maxSavedSearchesPerPerson; index += 1) made.push((await saveSearch(context, search({ name: `Search ${index}` }))).id);
    expect(await rejection(saveSearch(context, search({ name: "One too many" })))).toMatchObject({ code: "conflict" });
    for (const id of made) await deleteSavedSearch(context, { savedSearchId: id });
  });

  it("goes with its owner and its project", async () => {
    const auth = createTestAuth(database, config);
    const leaving = await createTestUser(database, auth, "admin");
    const project = (await insertProject(database.db, { name: "short lived" })).project;
    await saveSearch(await contextOf(leaving), search({ name: "Gone with the owner", projectId: null }));
    await saveSearch(await contextOf(admin), search({ name: "Gone with the project", projectId: project.id, isShared: true }));
    await database.db.deleteFrom("users").where("id", "=", leaving.userId).execute();
    await database.db.deleteFrom("projects").where("id", "=", project.id).execute();
    const names = (await database.db.selectFrom("saved_searches").select("name").execute()).map((row) => row.name);
    expect(names).not.toContain("Gone with the owner");
    expect(names).not.toContain("Gone with the project");
  });
});
