import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeFixtureEvent } from "../../../../tests/support/event-envelopes";
import type { TestUser } from "../../../../tests/support/test-accounts";
import { testDialect } from "../../../../tests/support/test-database";
import { createTwoTeamProjects, rejection, type TwoTeamProjects } from "../../../../tests/support/two-team-projects";
import { digestBatch } from "../../digest/digest-batch";
import { suggestSearchTerms } from "./suggest-search-terms";

describe(`search autocomplete on ${testDialect}`, () => {
  let fixture: TwoTeamProjects;
  const contextOf = (user: TestUser) => fixture.contextOf(user);
  /** The labels offered for `text` on the shop's list, another project's, or (`"all"`) the list of all projects. */
  const labels = async (user: TestUser, text: string, list: number | "all" = fixture.shopId, cursor = text.length) =>
    (await suggestSearchTerms(await contextOf(user), { projectId: list === "all" ? undefined : list, text, cursor })).suggestions.map((suggestion) => suggestion.label);

  /** Events through real digest: tags the SDK sent, and the user, release and environment digest derives. */
  async function send(projectId: number, count: number, tags: Record<string, string>, extra: Record<string, unknown> = {}) {
    for (let index = 0; index < count; index += 1) {
      await storeFixtureEvent(fixture.database.db, projectId, "node-message.envelope", (event) => {
        event.message = `Checkout failed ${Object.values(tags).join(" ")}`;
        event.tags = tags;
        Object.assign(event, extra);
      });
    }
    while ((await digestBatch(fixture.database)) > 0);
  }

  beforeAll(async () => {
    fixture = await createTwoTeamProjects("suggest");
    await send(fixture.shopId, 3, { "browser.name": "Chrome", checkout_step: "payment" }, { user: { id: "42", email: "bob@example.com" }, release: "shop@2.0.1", environment: "production" });
    await send(fixture.shopId, 2, { "browser.name": "Chromium", checkout_step: "address" }, { user: { email: "carol@example.com" }, release: "shop@2.1.0", environment: "staging" });
    await send(fixture.shopId, 1, { "browser.name": "Mobile Safari", checkout_step: "payment" });
    await send(fixture.otherId, 4, { "browser.name": "Firefox", secret_other_key: "x" });
  });
  afterAll(() => fixture.database.destroy());

  it("offers built-in keys and the project's tag keys that start with what is typed", async () => {
    expect(await labels(fixture.member, "is:unresolved us")).toEqual(["user.id:", "user.email:", "user.username:", "user.ip:", "users:"]);
    expect(await labels(fixture.member, "check")).toEqual(["checkout_step:"]);
    expect(await labels(fixture.member, "bro")).toEqual(["browser.name:"]);
    const everything = await labels(fixture.member, "");
    expect(everything).toHaveLength(10);
    expect(everything).toEqual(expect.arrayContaining(["is:", "level:", "browser.name:", "checkout_step:"]));
    // Keys of a project the member cannot see never show, not even through the all-projects list.
    expect(await labels(fixture.member, "secret", "all")).toEqual([]);
  });

  it("offers a tag's most frequent values with the typed prefix, in any case, with their counts", async () => {
    const result = await suggestSearchTerms(await contextOf(fixture.member), { projectId: fixture.shopId, text: "level:error browser.name:ch", cursor: 27 });
    expect(result.suggestions.map((suggestion) => [suggestion.label, suggestion.detail])).toEqual([
      ["Chrome", "3 events"],
      ["Chromium", "2 events"],
    ]);
    expect(result.term).toMatchObject({ kind: "value", key: "browser.name", start: 12, end: 27 });
    expect(result.suggestions[0]!.completion).toEqual({ kind: "value", key: "browser.name", value: "Chrome" });
    expect(await labels(fixture.member, "browser.name:Mob")).toEqual(["Mobile Safari"]);
    expect(await labels(fixture.member, "checkout_step:")).toEqual(["payment", "address"]);
    expect(await labels(fixture.member, "user.email:b")).toEqual(["bob@example.com"]);
    expect(await labels(fixture.member, "release:shop@2.")).toEqual(["shop@2.0.1", "shop@2.1.0"]);
    expect(await labels(fixture.member, "release:")).toEqual(["latest", "shop@2.0.1", "shop@2.1.0", "lantern-fixtures@1.0.0"]);
    expect(await labels(fixture.member, "first-release:l")).toEqual(["latest", "lantern-fixtures@1.0.0"]);
    expect(await labels(fixture.member, "first-release:shop@2.1")).toEqual(["shop@2.1.0"]);
    expect(await labels(fixture.member, "first-r")).toEqual(["first-release:"]);
    expect(await labels(fixture.member, "environment:")).toEqual(["production", "staging", "fixtures"]);
    expect(await labels(fixture.member, "browser.name:%")).toEqual([]);
  });

  it("offers fixed values for enumerations, tag keys for has:, and nothing inside a quoted phrase", async () => {
    expect(await labels(fixture.member, "is:re")).toEqual(["resolved", "regressed"]);
    expect(await labels(fixture.member, "!level:")).toEqual(["fatal", "error", "warning", "info", "debug"]);
    expect(await labels(fixture.member, "issue.priority:h")).toEqual(["high"]);
    expect(await labels(fixture.member, "has:brow")).toEqual(["browser.name"]);
    expect(await labels(fixture.member, '"checkout fa')).toEqual([]);
    expect(await labels(fixture.member, "error.value:")).toEqual([]);
    expect(await labels(fixture.member, "tra")).toEqual(["trace:"]);
    expect(await labels(fixture.member, "trace:")).toEqual([]);
  });

  it("offers assigned: values as Sentry does — me, my_teams, none, then the teams and people who can see the project — and no one else", async () => {
    const { admin, member, outsider, shopTeam, otherTeam } = fixture;
    const [adminEmail, memberEmail, outsiderEmail] = [admin.email, member.email, outsider.email];
    expect(await labels(member, "assigned:")).toEqual(["me", "my_teams", "none", `#${shopTeam.slug}`, adminEmail, memberEmail]);
    const result = await suggestSearchTerms(await contextOf(member), { projectId: fixture.shopId, text: "is:unresolved assigned:", cursor: 23 });
    expect(result.suggestions.slice(0, 4).map((suggestion) => [suggestion.label, suggestion.detail])).toEqual([
      ["me", "Assigned to you yourself"],
      ["my_teams", "Assigned to a team you are in"],
      ["none", "Assigned to nobody"],
      [`#${shopTeam.slug}`, "Suggest shop team"],
    ]);
    expect(result.suggestions[3]!.completion).toEqual({ kind: "value", key: "assigned", value: `#${shopTeam.slug}` });
    // Type-ahead: "#" and a slug's start (any case) narrow to teams; an e-mail's start to people.
    expect(await labels(member, "assigned:#")).toEqual([`#${shopTeam.slug}`]);
    expect(await labels(member, "!assigned:#SUGGEST-S")).toEqual([`#${shopTeam.slug}`]);
    expect(await labels(member, "assigned:my")).toEqual(["my_teams"]);
    expect(await labels(member, "assigned:member-")).toEqual([memberEmail]);
    expect(await labels(member, `assigned:${memberEmail.toUpperCase()}`)).toEqual([memberEmail]);
    // The other project's team and its member are never offered to the member, on the all-projects list neither.
    expect(await labels(member, "assigned:", "all")).toEqual(["me", "my_teams", "none", `#${shopTeam.slug}`, adminEmail, memberEmail]);
    expect(await labels(member, `assigned:#${otherTeam.slug}`, "all")).toEqual([]);
    expect(await labels(member, `assigned:${outsiderEmail}`, "all")).toEqual([]);
    // The outsider sees their own project's; an admin, who sees every project, both teams.
    expect(await labels(outsider, "assigned:", "all")).toEqual(["me", "my_teams", "none", `#${otherTeam.slug}`, adminEmail, outsiderEmail]);
    expect(await labels(admin, "assigned:#", "all")).toEqual([`#${otherTeam.slug}`, `#${shopTeam.slug}`].sort());
    expect(await labels(admin, "assigned:#", fixture.shopId)).toEqual([`#${shopTeam.slug}`]);
    expect(await labels(member, "assigned:nobody-has-this@")).toEqual([]);
  });

  it("offers bookmarks:me, the priorities and every is: state", async () => {
    expect(await labels(fixture.member, "bookmarks:")).toEqual(["me"]);
    expect(await labels(fixture.member, "issue.priority:")).toEqual(["high", "medium", "low"]);
    expect(await labels(fixture.member, "is:")).toEqual(["unresolved", "resolved", "ignored", "archived", "regressed", "new", "ongoing", "escalating", "unhandled"]);
  });

  it("suggests for the term under the cursor, not the end of the text", async () => {
    expect(await labels(fixture.member, "lev browser.name:Chrome", "all", 3)).toEqual(["level:"]);
  });

  it("answers the all-projects list from every project the viewer sees", async () => {
    expect(await labels(fixture.member, "browser.name:", "all")).toEqual(["Chrome", "Chromium", "Mobile Safari"]);
    const system = { ...(await contextOf(fixture.member)), viewer: { ...(await contextOf(fixture.member)).viewer, projectIds: "all" as const } };
    const all = await suggestSearchTerms(system, { text: "browser.name:", cursor: 13 });
    expect(all.suggestions.map((suggestion) => suggestion.label)).toEqual(["Firefox", "Chrome", "Chromium", "Mobile Safari"]);
  });

  it("refuses a project the viewer cannot see as not found", async () => {
    expect(await rejection(suggestSearchTerms(await contextOf(fixture.outsider), { projectId: fixture.shopId, text: "bro", cursor: 3 }))).toMatchObject({ code: "not_found" });
    expect(await rejection(suggestSearchTerms(await contextOf(fixture.member), { projectId: fixture.otherId, text: "bro", cursor: 3 }))).toMatchObject({ code: "not_found" });
  });
});
