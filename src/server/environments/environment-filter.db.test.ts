import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { signInForTest } from "../../../tests/support/test-accounts";
import { testDialect } from "../../../tests/support/test-database";
import { createTwoTeamProjects, rejection, type TwoTeamProjects } from "../../../tests/support/two-team-projects";
import { getSessionViewer } from "../access/get-session-viewer";
import { systemContext } from "../access/system-context";
import { logStringKinds } from "../logs/log-strings";
import { spanStringKinds } from "../spans/span-strings";
import { listEnvironments } from "./list-environments";
import { setEnvironmentFilter } from "./set-environment-filter";

describe(`the header's environment filter on ${testDialect}`, () => {
  let world: TwoTeamProjects;
  beforeEach(async () => {
    world = await createTwoTeamProjects("environments");
  });
  afterEach(() => world.database.destroy());

  const pickedIn = async (headers: Headers) => (await getSessionViewer(world.database.db, headers, world.auth))?.environmentFilter;

  it("is remembered on the person: every session of theirs reads it, before and after signing in again", async () => {
    const { auth, member, admin } = world;
    const laptop = await signInForTest(auth, member.email, member.password);
    expect(await pickedIn(laptop)).toBeNull();
    expect(await setEnvironmentFilter(await world.contextOf(member), { environment: "staging" })).toBe("staging");
    expect(await pickedIn(laptop)).toBe("staging");
    await auth.api.signOut({ headers: laptop });
    expect(await getSessionViewer(world.database.db, laptop, auth)).toBeNull();
    const phone = await signInForTest(auth, member.email, member.password);
    expect(await pickedIn(phone)).toBe("staging");
    // Another person's choice is their own.
    expect(await pickedIn(await signInForTest(auth, admin.email, admin.password))).toBeNull();
    await setEnvironmentFilter(await world.contextOf(member), { environment: null });
    expect(await pickedIn(phone)).toBeNull();
    await setEnvironmentFilter(await world.contextOf(member), { environment: "production" });
    await setEnvironmentFilter(await world.contextOf(member), { environment: "" });
    expect(await pickedIn(phone)).toBeNull();
  });

  it("refuses names digest would never keep, and callers that are no person", async () => {
    const context = await world.contextOf(world.member);
    expect(await rejection(setEnvironmentFilter(context, { environment: "x".repeat(65) }))).toMatchObject({ code: "bad_request", message: "An environment name has at most 64 characters." });
    expect(await rejection(setEnvironmentFilter(context, { environment: "prod\nuction" }))).toMatchObject({ code: "bad_request" });
    expect(await rejection(setEnvironmentFilter(context, { environment: " production" }))).toMatchObject({ code: "bad_request" });
    expect(await rejection(setEnvironmentFilter(systemContext(world.database, world.config), { environment: "production" }))).toMatchObject({ code: "forbidden" });
    expect((await world.contextOf(world.member)).viewer.environmentFilter).toBeNull();
  });

  it("lists the environments of events, spans and log lines in the projects one sees", async () => {
    const { db } = world.database;
    const tag = (projectId: number, value: string) => ({ project_id: projectId, key: "environment", value, times_seen: 1, first_seen: 0, last_seen: 0 });
    await db.insertInto("project_tag_values").values([tag(world.shopId, "production"), tag(world.otherId, "secret-other"), { ...tag(world.shopId, "1.0.0-not-an-environment"), key: "release" }]).execute();
    await db.insertInto("span_strings").values([{ project_id: world.shopId, kind: spanStringKinds.environment, value: "staging" }, { project_id: world.shopId, kind: spanStringKinds.op, value: "op-not-env" }]).execute();
    await db.insertInto("log_strings").values([{ project_id: world.shopId, kind: logStringKinds.environment, value: "production" }, { project_id: world.shopId, kind: logStringKinds.environment, value: "canary" }]).execute();
    expect(await listEnvironments(await world.contextOf(world.member))).toEqual(["canary", "production", "staging"]);
    expect(await listEnvironments(await world.contextOf(world.outsider))).toEqual(["secret-other"]);
    expect(await listEnvironments(await world.contextOf(world.admin))).toEqual(["canary", "production", "secret-other", "staging"]);
  });
});
