import { hashPassword, makeSignature } from "better-auth/crypto";
import { expect } from "vitest";
import { loadViewer } from "@/server/access/viewer";
import { listAuditLog } from "@/server/audit/list-audit-log";
import { createAuth } from "@/server/auth/create-auth";
import { getAuthSecret } from "@/server/auth/get-auth-secret";
import { findInvite } from "@/server/invites/find-invite";
import { hashInviteSecret } from "@/server/invites/invite-secret";
import { listPendingInvites } from "@/server/invites/list-pending-invites";
import { listProjects } from "@/server/projects/list-projects";
import { authenticateApiToken, hashToken } from "@/server/tokens/api-tokens";
import { listTeams } from "@/server/teams/list-teams";
import { listUsers } from "@/server/users/list-users";
import { sessionUserId, signInForTest } from "../../support/test-accounts";
import { authBoolean, authTime, insertRow, insertRowReturningId, type SeedTarget } from "../seed-sql";
import { hour, day, now, projectIdOf, projectBySlug, issueList, type Upgraded } from "../seed-world";

const adaPassword = "correct-horse-battery-staple";
const apiToken = "lnt_SeededTokenOfAdaForTheUpgradeTest_0123456789abc";
const inviteSecret = "SeededInviteSecretForCarol_0123456789abcdef";
const sessionToken = "SeededSessionTokenOfAda0123456789";
const authSecret = "a-generated-secret-kept-by-an-older-lantern-instance";

/** Accounts: people, their passwords and sessions, teams, invites, API tokens, the audit log, the cookie secret. */
export async function seed(target: SeedTarget): Promise<void> {
  const joined = now - 20 * day;
  const person = async (id: string, name: string, email: string, role: string) => {
    await insertRow(target, "users", { id, name, email, email_verified: authBoolean(target, false), image: null, role, created_at: authTime(joined), updated_at: authTime(joined) });
  };
  await person("usr_ada", "Ada Lovelace", "ada@example.com", "owner");
  await person("usr_bob", "Bob Payments", "bob@example.com", "member");
  await insertRow(target, "accounts", { id: "acc_ada", user_id: "usr_ada", account_id: "usr_ada", provider_id: "credential", password: await hashPassword(adaPassword), created_at: authTime(joined), updated_at: authTime(joined) });
  await insertRow(target, "sessions", { id: "ses_ada", user_id: "usr_ada", token: sessionToken, expires_at: authTime(now + 7 * day), ip_address: "192.0.2.10", user_agent: "Mozilla/5.0", created_at: authTime(now - day), updated_at: authTime(now - day) });
  const team = await insertRowReturningId(target, "teams", { slug: "payments", name: "Payments", created_at: joined });
  await insertRow(target, "team_members", { team_id: team, user_id: "usr_bob" });
  await insertRow(target, "team_projects", { team_id: team, project_id: await projectIdOf(target, "checkout") });
  await insertRow(target, "invites", { token_hash: hashInviteSecret(inviteSecret), email: "carol@example.com", role: "member", team_id: team, created_by: "user:ada@example.com", created_at: now - hour, expires_at: now + 6 * day });
  await insertRow(target, "api_tokens", { user_id: "usr_ada", name: "deploy script", token_hash: hashToken(apiToken), token_prefix: apiToken.slice(0, 10), scopes: "read", created_at: now - 10 * day });
  const audited = [
    ["sign_in", "ada@example.com"],
    ["team.created", "team:payments"],
    ["invite.created", "carol@example.com"],
  ] as const;
  for (const [action, subject] of audited) {
    await insertRow(target, "audit_log", { created_at: now - hour, action, actor: "user:ada@example.com", actor_email: "ada@example.com", target: subject, ip_address: "192.0.2.10", user_agent: "Mozilla/5.0", data: null });
  }
  await insertRow(target, "instance_settings", { key: "auth_secret", value: authSecret });
}

export async function check({ database, config, context }: Upgraded): Promise<void> {
  const { db } = database;
  const users = await listUsers(db);
  expect(users.filter((user) => user.email.endsWith("@example.com")).map((user) => [user.email, user.role, user.teams])).toEqual([
    ["ada@example.com", "owner", []],
    ["bob@example.com", "member", ["Payments"]],
  ]);
  expect((await listTeams(db)).find((team) => team.slug === "payments")).toMatchObject({ members: [{ userId: "usr_bob", email: "bob@example.com" }], projects: [{ slug: "checkout" }] });
  const checkout = await projectBySlug(context, "checkout");
  const bob = (await loadViewer(db, "usr_bob"))!;
  expect(bob.projectIds).toEqual(new Set([checkout.id]));
  const bobContext = { ...context, viewer: bob, source: { actor: bob.actor } };
  expect((await listProjects(bobContext)).map((project) => project.slug)).toEqual(["checkout"]);
  expect(new Set((await issueList(bobContext, {})).map((issue) => issue.projectSlug))).toEqual(new Set(["checkout"]));

  // The cookie secret generated before the upgrade still signs (so sessions survive), and the password still signs in.
  expect(await getAuthSecret(db, null)).toBe(authSecret);
  const auth = createAuth(database, config, authSecret);
  const seededCookie = `lantern.session_token=${encodeURIComponent(`${sessionToken}.${await makeSignature(sessionToken, authSecret)}`)}`;
  expect(await sessionUserId(auth, new Headers({ cookie: seededCookie }))).toBe("usr_ada");
  expect(await sessionUserId(auth, await signInForTest(auth, "ada@example.com", adaPassword))).toBe("usr_ada");

  const tokenViewer = await authenticateApiToken(db, apiToken);
  expect(tokenViewer).toMatchObject({ userId: "usr_ada", role: "owner" });
  expect([...tokenViewer!.permissions]).toEqual(["read"]);
  expect((await listPendingInvites(db)).map((invite) => [invite.email, invite.role, invite.teamName, invite.createdBy])).toEqual([["carol@example.com", "member", "Payments", "ada@example.com"]]);
  expect(await findInvite(db, inviteSecret)).toMatchObject({ status: "pending" });
  const audit = await listAuditLog(context, { limit: 200 });
  expect(audit.entries.filter((entry) => entry.actor === "user:ada@example.com").map((entry) => entry.action).sort()).toEqual(["invite.created", "sign_in", "team.created"]);
}
