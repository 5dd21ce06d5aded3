import type { AccessContext } from "@/server/access/authorize";
import type { Auth } from "@/server/auth/create-auth";
import type { LanternConfig } from "@/server/config";
import { AppError } from "@/server/errors";
import { insertProject } from "@/server/projects/insert-project";
import { addTeamMember } from "@/server/teams/add-team-member";
import { addTeamProject } from "@/server/teams/add-team-project";
import { createTeam } from "@/server/teams/create-team";
import { createTestAuth, createTestConfig, createTestContext, createTestUser, type TestUser } from "./test-accounts";
import { createTestDatabase, type TestDatabase } from "./test-database";

/** The AppError a promise rejects with; a promise that resolves, or throws anything else, fails the test. */
export async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

/**
 * Two projects that two teams keep apart, the set-up access tests share: `member` is in the shop's team,
 * `outsider` in the other project's team, and `admin` sees both (as owners and admins do).
 */
export interface TwoTeamProjects {
  database: TestDatabase;
  config: LanternConfig;
  auth: Auth;
  admin: TestUser;
  member: TestUser;
  outsider: TestUser;
  shopId: number;
  otherId: number;
  shopTeam: { id: number; slug: string };
  otherTeam: { id: number; slug: string };
  contextOf: (user: TestUser) => Promise<AccessContext>;
}

/** Names are prefixed with `name` ("saved" → projects "saved shop" and "saved other", teams "Saved shop team"…). */
export async function createTwoTeamProjects(name: string): Promise<TwoTeamProjects> {
  const database = await createTestDatabase();
  const config = createTestConfig();
  const auth = createTestAuth(database, config);
  const contextOf = (user: TestUser) => createTestContext(database, config, user.userId);
  const admin = await createTestUser(database, auth, "admin");
  const member = await createTestUser(database, auth, "member");
  const outsider = await createTestUser(database, auth, "member");
  const shopId = (await insertProject(database.db, { name: `${name} shop` })).project.id;
  const otherId = (await insertProject(database.db, { name: `${name} other` })).project.id;
  const adminContext = await contextOf(admin);
  const teamName = (project: string) => `${name.charAt(0).toUpperCase()}${name.slice(1)} ${project} team`;
  const shopTeam = await createTeam(adminContext, { name: teamName("shop") });
  await addTeamProject(adminContext, { teamId: shopTeam.id, projectId: shopId });
  await addTeamMember(adminContext, { teamId: shopTeam.id, userId: member.userId });
  const otherTeam = await createTeam(adminContext, { name: teamName("other") });
  await addTeamProject(adminContext, { teamId: otherTeam.id, projectId: otherId });
  await addTeamMember(adminContext, { teamId: otherTeam.id, userId: outsider.userId });
  return { database, config, auth, admin, member, outsider, shopId, otherId, shopTeam, otherTeam, contextOf };
}
