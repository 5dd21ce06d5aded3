import type { Kysely } from "kysely";
import type { Database, Role } from "../db/schema";
import type { Permission } from "@/lib/views/access";
export type { Permission } from "@/lib/views/access";

export const permissions: readonly Permission[] = ["read", "write", "admin", "upload"];

/** The signed-in person (or the owner of an API token) as every access decision sees them. */
export interface Viewer {
  userId: string;
  email: string;
  name: string;
  role: Role;
  /** Projects this viewer may see: all for owners and admins, their teams' projects for members. */
  projectIds: ReadonlySet<number> | "all";
  /** Permissions of the credential: a session's are its role's; an API token's are also capped by its scopes. */
  permissions: ReadonlySet<Permission>;
  /** How actions are recorded in issue activity, comments and assignments: "user:<e-mail>". */
  actor: string;
  /**
   * The environment this person picked in the header (null: all). Only the dashboard's pages apply it, and
   * they pass it to verbs explicitly: the API answers what it is asked, whoever's token asks.
   */
  environmentFilter?: string | null;
}

const permissionsOfRole: Record<Role, Permission[]> = {
  owner: ["read", "write", "admin", "upload"],
  admin: ["read", "write", "admin", "upload"],
  member: ["read", "write", "upload"],
};

/**
 * What a token scope grants beyond itself. A `write` or `admin` token may also upload source maps and manage
 * releases, as Sentry's `project:write`, `project:admin` and `org:ci` may (OrganizationReleasePermission);
 * `upload` stays the least-privilege scope, granting only itself.
 */
const scopeGrants: Record<Permission, readonly Permission[]> = {
  read: ["read"],
  write: ["write", "upload"],
  admin: ["admin", "upload"],
  upload: ["upload"],
};

/** The permissions a token's scopes allow, before the owner's role caps them. */
export function permissionsOfScopes(scopes: readonly Permission[]): Set<Permission> {
  return new Set(scopes.flatMap((scope) => scopeGrants[scope] ?? []));
}

/**
 * Builds the viewer of user `userId` (null: no such user). `scopes` narrows the role's permissions (API tokens).
 */
export async function loadViewer(db: Kysely<Database>, userId: string, scopes?: readonly Permission[]): Promise<Viewer | null> {
  const user = await db.selectFrom("users").select(["id", "email", "name", "role", "environment_filter as environmentFilter"]).where("id", "=", userId).executeTakeFirst();
  return user ? viewerOf(db, user, scopes) : null;
}

/** The viewer of a user row already read (a session carries its user): only members' teams are looked up. */
export async function viewerOf(db: Kysely<Database>, user: { id: string; email: string; name: string; role?: string | null; environmentFilter?: string | null }, scopes?: readonly Permission[]): Promise<Viewer> {
  const userId = user.id;
  const role: Role = user.role === "owner" || user.role === "admin" ? user.role : "member";
  let projectIds: Set<number> | "all" = "all";
  if (role === "member") {
    const rows = await db
      .selectFrom("team_members")
      .innerJoin("team_projects", "team_projects.team_id", "team_members.team_id")
      .select("team_projects.project_id")
      .where("team_members.user_id", "=", userId)
      .execute();
    projectIds = new Set(rows.map((row) => Number(row.project_id)));
  }
  const granted = scopes ? permissionsOfScopes(scopes) : null;
  const allowed = permissionsOfRole[role].filter((permission) => !granted || granted.has(permission));
  return { userId: user.id, email: user.email, name: user.name, role, projectIds, permissions: new Set(allowed), actor: `user:${user.email}`, environmentFilter: user.environmentFilter ?? null };
}

export function canSeeProject(viewer: Viewer, projectId: number): boolean {
  return viewer.projectIds === "all" || viewer.projectIds.has(projectId);
}

/** The project ids to filter a cross-project query by; null means every project. */
export function visibleProjectIds(viewer: Viewer): number[] | null {
  return viewer.projectIds === "all" ? null : [...viewer.projectIds];
}

/** What the issue list's queries need to know about the viewer: who `assigned:me` is, and which projects to search. */
export function issueListScope(viewer: Viewer): { me: string; visibleProjectIds: number[] | null } {
  return { me: viewer.actor, visibleProjectIds: visibleProjectIds(viewer) };
}
