import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestUser, type TestUser } from "../../../../tests/support/test-accounts";
import { testDialect } from "../../../../tests/support/test-database";
import { createTwoTeamProjects, rejection, type TwoTeamProjects } from "../../../../tests/support/two-team-projects";
import { insertProject } from "../../projects/insert-project";
import { addTeamMember } from "../../teams/add-team-member";
import { deleteSavedSearch } from "./delete-saved-search";
import { listSavedSearches } from "./list-saved-searches";
import { saveSearch } from "./save-search";
import { maxSavedSearchesPerPerson } from "./saved-search";

describe(`saved searches on ${testDialect}`, () => {
  let fixture: TwoTeamProjects;
  let colleague: TestUser;
  const contextOf = (user: TestUser) => fixture.contextOf(user);
  const search = (overrides: Record<string, unknown> = {}) => ({ name: "Chrome errors", query: "level:error browser.name:Chrome", sort: "times_seen", projectId: fixture.shopId, isShared: false, ...overrides });

  beforeAll(async () => {
    fixture = await createTwoTeamProjects("saved");
    colleague = await createTestUser(fixture.database, fixture.auth, "member");
    await addTeamMember(await contextOf(fixture.admin), { teamId: fixture.shopTeam.id, userId: colleague.userId });
  });
  afterAll(() => fixture.database.destroy());

  it("saves a fixture.member's search for one project, lists it to them only, and deletes it", async () => {
    const saved = await saveSearch(await contextOf(fixture.member), search({ name: "  Chrome errors  " }));
    expect(saved).toMatchObject({ name: "Chrome errors", query: "level:error browser.name:Chrome", sort: "times_seen", projectId: fixture.shopId, isShared: false, isMine: true });
    expect((await listSavedSearches(await contextOf(fixture.member), { projectId: fixture.shopId })).map((entry) => entry.id)).toEqual([saved.id]);
    expect(await listSavedSearches(await contextOf(colleague), { projectId: fixture.shopId })).toEqual([]);
    expect(await listSavedSearches(await contextOf(fixture.admin), { projectId: fixture.shopId })).toEqual([]);
    expect(await listSavedSearches(await contextOf(fixture.member), { projectId: null })).toEqual([]);
    // Someone else's private search is not found, for an admin too: it is not theirs to see.
    expect(await rejection(deleteSavedSearch(await contextOf(colleague), { savedSearchId: saved.id }))).toMatchObject({ code: "not_found" });
    expect(await rejection(deleteSavedSearch(await contextOf(fixture.admin), { savedSearchId: saved.id }))).toMatchObject({ code: "not_found" });
    await deleteSavedSearch(await contextOf(fixture.member), { savedSearchId: saved.id });
    expect(await listSavedSearches(await contextOf(fixture.member), { projectId: fixture.shopId })).toEqual([]);
    expect(await rejection(deleteSavedSearch(await contextOf(fixture.member), { savedSearchId: saved.id }))).toMatchObject({ code: "not_found" });
  });

  it("lets only owners and admins share, and shows a shared search to everyone who sees the project", async () => {
    expect(await rejection(saveSearch(await contextOf(fixture.member), search({ isShared: true })))).toMatchObject({ code: "forbidden" });
    expect(await rejection(saveSearch(await contextOf(fixture.member), search({ isShared: true, projectId: null })))).toMatchObject({ code: "forbidden" });
    const shared = await saveSearch(await contextOf(fixture.admin), search({ name: "Team triage", query: "is:unresolved level:fatal", isShared: true }));
    const own = await saveSearch(await contextOf(fixture.admin), search({ name: "Admin's own", query: "is:regressed" }));
    const seenByMember = await listSavedSearches(await contextOf(fixture.member), { projectId: fixture.shopId });
    expect(seenByMember.map((entry) => [entry.name, entry.isShared, entry.isMine])).toEqual([["Team triage", true, false]]);
    expect((await listSavedSearches(await contextOf(fixture.admin), { projectId: fixture.shopId })).map((entry) => entry.name)).toEqual(["Team triage", "Admin's own"]);
    // A member of another team does not see the project at all.
    expect(await rejection(listSavedSearches(await contextOf(fixture.outsider), { projectId: fixture.shopId }))).toMatchObject({ code: "not_found" });
    expect(await rejection(deleteSavedSearch(await contextOf(fixture.outsider), { savedSearchId: shared.id }))).toMatchObject({ code: "not_found" });
    // Members see a shared search but may not delete it.
    expect(await rejection(deleteSavedSearch(await contextOf(fixture.member), { savedSearchId: shared.id }))).toMatchObject({ code: "forbidden" });
    await deleteSavedSearch(await contextOf(fixture.admin), { savedSearchId: shared.id });
    await deleteSavedSearch(await contextOf(fixture.admin), { savedSearchId: own.id });
    expect(await listSavedSearches(await contextOf(fixture.member), { projectId: fixture.shopId })).toEqual([]);
  });

  it("keeps all-projects searches apart from a project's", async () => {
    const everywhere = await saveSearch(await contextOf(fixture.admin), search({ name: "Fatal everywhere", query: "level:fatal", projectId: null, isShared: true }));
    expect((await listSavedSearches(await contextOf(fixture.outsider), { projectId: null })).map((entry) => entry.name)).toEqual(["Fatal everywhere"]);
    expect(await listSavedSearches(await contextOf(fixture.outsider), { projectId: fixture.otherId })).toEqual([]);
    await deleteSavedSearch(await contextOf(fixture.admin), { savedSearchId: everywhere.id });
  });

  it("lists on the all-projects list the searches of the projects one sees too, so a search saved with a project chosen keeps it", async () => {
    const { admin, member, outsider, shopId, otherId } = fixture;
    // Saved on /issues with the shop chosen, and with no project chosen.
    const shop = await saveSearch(await contextOf(member), search({ name: "Shop payments", projectId: shopId }));
    const everywhere = await saveSearch(await contextOf(member), search({ name: "Everywhere", projectId: null }));
    const other = await saveSearch(await contextOf(admin), search({ name: "Other triage", projectId: otherId, isShared: true }));
    const tabs = async (user: TestUser) => (await listSavedSearches(await contextOf(user), { projectId: null, withProjects: true })).map((entry) => [entry.name, entry.projectId]);
    expect(await tabs(member)).toEqual([
      ["Shop payments", shopId],
      ["Everywhere", null],
    ]);
    // The other project's shared search is its team's and the admins'; the member's private ones stay theirs.
    expect(await tabs(outsider)).toEqual([["Other triage", otherId]]);
    expect(await tabs(admin)).toEqual([["Other triage", otherId]]);
    // Without withProjects the all-projects list has its own searches only; a project's list, that project's.
    expect((await listSavedSearches(await contextOf(member), { projectId: null })).map((entry) => entry.name)).toEqual(["Everywhere"]);
    expect((await listSavedSearches(await contextOf(member), { projectId: shopId })).map((entry) => entry.name)).toEqual(["Shop payments"]);
    await deleteSavedSearch(await contextOf(member), { savedSearchId: shop.id });
    await deleteSavedSearch(await contextOf(member), { savedSearchId: everywhere.id });
    await deleteSavedSearch(await contextOf(admin), { savedSearchId: other.id });
  });

  it("refuses a query that does not parse, bad input, a project the viewer cannot see, and more than the cap", async () => {
    const context = await contextOf(fixture.member);
    expect(await rejection(saveSearch(context, search({ query: "level:nonsense" })))).toMatchObject({ code: "bad_request", message: expect.stringContaining("nonsense") });
    expect(await rejection(saveSearch(context, search({ name: " " })))).toMatchObject({ code: "bad_request", message: "Give the search a name." });
    expect(await rejection(saveSearch(context, search({ name: "x".repeat(61) })))).toMatchObject({ code: "bad_request" });
    expect(await rejection(saveSearch(context, search({ query: "a".repeat(501) })))).toMatchObject({ code: "bad_request" });
    expect(await rejection(saveSearch(context, search({ sort: "'; drop table issues" })))).toMatchObject({ code: "bad_request" });
    expect(await rejection(saveSearch(context, "not an object"))).toMatchObject({ code: "bad_request" });
    expect(await rejection(saveSearch(context, search({ projectId: fixture.otherId })))).toMatchObject({ code: "not_found" });
    const made: number[] = [];
    for (let index = 0; index < maxSavedSearchesPerPerson; index += 1) made.push((await saveSearch(context, search({ name: `Search ${index}` }))).id);
    expect(await rejection(saveSearch(context, search({ name: "One too many" })))).toMatchObject({ code: "conflict" });
    for (const id of made) await deleteSavedSearch(context, { savedSearchId: id });
  });

  it("keeps log searches apart from issue searches, each list showing only its kind, and checks a log query with the log parser", async () => {
    const context = await contextOf(fixture.member);
    const issues = await saveSearch(context, search({ name: "Issue tab" }));
    const logs = await saveSearch(context, search({ name: "Payment logs", query: "severity:error payment.provider:acme", sort: "last_seen", kind: "logs" }));
    expect((await listSavedSearches(context, { projectId: fixture.shopId })).map((entry) => entry.name)).toEqual(["Issue tab"]);
    expect((await listSavedSearches(context, { projectId: fixture.shopId, kind: "logs" })).map((entry) => [entry.name, entry.query])).toEqual([["Payment logs", "severity:error payment.provider:acme"]]);
    expect((await listSavedSearches(context, { projectId: null, withProjects: true, kind: "logs" })).map((entry) => entry.name)).toEqual(["Payment logs"]);
    // A log query the log parser refuses is refused with its reason.
    expect(await rejection(saveSearch(context, search({ query: "severity:loud", kind: "logs" })))).toMatchObject({ code: "bad_request", message: expect.stringContaining("severity is one of") });
    expect(await rejection(saveSearch(context, search({ query: "a OR b", kind: "logs" })))).toMatchObject({ code: "bad_request" });
    expect(await rejection(saveSearch(context, search({ kind: "metrics" })))).toMatchObject({ code: "bad_request" });
    await deleteSavedSearch(context, { savedSearchId: issues.id });
    await deleteSavedSearch(context, { savedSearchId: logs.id });
  });

  it("goes with its owner and its project", async () => {
    const leaving = await createTestUser(fixture.database, fixture.auth, "admin");
    const project = (await insertProject(fixture.database.db, { name: "short lived" })).project;
    await saveSearch(await contextOf(leaving), search({ name: "Gone with the owner", projectId: null }));
    await saveSearch(await contextOf(fixture.admin), search({ name: "Gone with the project", projectId: project.id, isShared: true }));
    await fixture.database.db.deleteFrom("users").where("id", "=", leaving.userId).execute();
    await fixture.database.db.deleteFrom("projects").where("id", "=", project.id).execute();
    const names = (await fixture.database.db.selectFrom("saved_searches").select("name").execute()).map((row) => row.name);
    expect(names).not.toContain("Gone with the owner");
    expect(names).not.toContain("Gone with the project");
  });
});
