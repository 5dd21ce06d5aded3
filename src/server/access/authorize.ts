import type { Kysely } from "kysely";
import type { LanternConfig } from "../config";
import type { LanternDatabase } from "../db/create-database";
import type { Database, Project } from "../db/schema";
import { AppError } from "../errors";
import type { AuditSource } from "../audit/record-audit-event";
import { getProjectBySlug, type ProjectWithKeys } from "../projects/get-project-by-slug";
import { permissionOf, type Verb } from "./policy";
import { canSeeProject, type Permission, type Viewer } from "./viewer";

/** What every verb works with: the database, the config and who is asking. */
export interface AccessContext {
  db: Kysely<Database>;
  database: LanternDatabase;
  config: LanternConfig;
  viewer: Viewer;
  /** The viewer and their client, for the audit log. */
  source: AuditSource;
}

const refusals: Record<Permission, string> = {
  read: "This credential cannot read.",
  write: "This credential can only read.",
  admin: "Only owners and admins (or an admin-scoped token) can do this.",
  upload: "This credential cannot upload source maps or manage releases (it needs the upload, write or admin scope).",
};

/** Throws forbidden unless the viewer holds `permission` (instance-wide: members, teams, the audit log). */
export function requirePermission(viewer: Viewer, permission: Permission): void {
  if (!viewer.permissions.has(permission)) throw new AppError("forbidden", refusals[permission]);
}

export function requireOwner(viewer: Viewer): void {
  if (viewer.role !== "owner" || !viewer.permissions.has("admin")) throw new AppError("forbidden", "Only owners can do this.");
}

/** Throws forbidden unless the viewer may `verb` (policy.ts) at all: for verbs on no one project (create, lists). */
export function authorize(context: AccessContext, verb: Verb): void {
  requirePermission(context.viewer, permissionOf(verb));
}

/** A project the viewer is not allowed to see is reported exactly like one that does not exist. */
function notVisible(label: string | number): AppError {
  return new AppError("not_found", typeof label === "string" ? `No project is called "${label}".` : `No project has id ${label}.`);
}

/** The project named by `slug`, with its keys, if the viewer may see it and may `verb`. */
export async function authorizeProject(context: AccessContext, verb: Verb, slug: string): Promise<ProjectWithKeys> {
  const found = await getProjectBySlug(context.db, slug).catch((error: unknown) => {
    throw error instanceof AppError && error.code === "not_found" ? notVisible(slug) : error;
  });
  if (!canSeeProject(context.viewer, found.project.id)) throw notVisible(slug);
  authorize(context, verb);
  return found;
}

/** The project with id `projectId`, if the viewer may see it and may `verb`. */
export async function authorizeProjectId(context: AccessContext, verb: Verb, projectId: number): Promise<Project> {
  const project = await context.db.selectFrom("projects").selectAll().where("id", "=", projectId).executeTakeFirst();
  if (!project || !canSeeProject(context.viewer, project.id)) throw notVisible(projectId);
  authorize(context, verb);
  return project;
}

/**
 * Checks that every issue exists in a project the viewer may see and that they may `verb`; an issue that
 * is missing or not visible is not_found, so ids of other teams' issues reveal nothing.
 */
export async function authorizeIssues(context: AccessContext, verb: Verb, issueIds: readonly number[]): Promise<void> {
  const unique = [...new Set(issueIds)];
  if (unique.length === 0) return;
  const rows = await context.db.selectFrom("issues").select(["id", "project_id"]).where("id", "in", unique).execute();
  const found = new Map(rows.map((row) => [Number(row.id), Number(row.project_id)]));
  for (const issueId of unique) {
    const projectId = found.get(issueId);
    if (projectId === undefined || !canSeeProject(context.viewer, projectId)) throw new AppError("not_found", `No issue has id ${issueId}.`);
  }
  authorize(context, verb);
}
