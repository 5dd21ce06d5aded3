import { authorize, type AccessContext } from "../../access/authorize";
import { AppError } from "../../errors";
import { createProject } from "../../projects/create-project";
import { renameProject } from "../../projects/rename-project";
import { createProjectInput, renameProjectInput } from "../../projects/schemas";
import { addTeamProject } from "../../teams/add-team-project";
import { createTeam } from "../../teams/create-team";
import { removeTeamProject } from "../../teams/remove-team-project";
import { authorizeProjectRef } from "../projects/authorize-project-ref";
import { getApiProject } from "../projects/get-api-project";
import { requireOrganization } from "../organization";
import type { ApiProject } from "../schemas";

/** Sentry's team object (OrganizationTeam), as far as Lantern's teams have it. */
export interface ApiTeam {
  id: string;
  slug: string;
  name: string;
  dateCreated: string;
  isMember: boolean;
  teamRole: null;
  flags: { "idp:provisioned": boolean };
  access: string[];
  hasAccess: boolean;
  isPending: boolean;
  memberCount: number;
  avatar: { avatarType: "letter_avatar"; avatarUuid: null };
}

const teamAccess = ["event:read", "project:read", "team:read", "member:read"];

async function loadTeams(context: AccessContext, where: { slug?: string; id?: number } = {}): Promise<ApiTeam[]> {
  let query = context.db.selectFrom("teams").select(["id", "slug", "name", "created_at"]).orderBy("slug");
  if (where.slug !== undefined) query = query.where("slug", "=", where.slug);
  if (where.id !== undefined) query = query.where("id", "=", where.id);
  const teams = await query.execute();
  const members = teams.length === 0 ? [] : await context.db.selectFrom("team_members").select(["team_id", "user_id"]).where("team_id", "in", teams.map((team) => team.id)).execute();
  return teams.map((team) => {
    const teamMembers = members.filter((row) => Number(row.team_id) === Number(team.id));
    const isMember = teamMembers.some((row) => row.user_id === context.viewer.userId);
    return {
      id: String(team.id),
      slug: team.slug,
      name: team.name,
      dateCreated: new Date(Number(team.created_at)).toISOString(),
      isMember,
      teamRole: null,
      flags: { "idp:provisioned": false },
      access: teamAccess,
      hasAccess: true,
      isPending: false,
      memberCount: teamMembers.length,
      avatar: { avatarType: "letter_avatar", avatarUuid: null },
    };
  });
}

/** `GET /organizations/{org}/teams/`: every team of the instance, by slug; `query` narrows by name or slug. */
export async function listApiTeams(context: AccessContext, input: { organizationSlug: string; query?: string | null }): Promise<ApiTeam[]> {
  requireOrganization(context.config, input.organizationSlug);
  authorize(context, "team.list");
  const words = (input.query ?? "").trim().toLowerCase().slice(0, 200);
  const teams = await loadTeams(context);
  return words ? teams.filter((team) => team.slug.includes(words) || team.name.toLowerCase().includes(words)) : teams;
}

/** The team named by slug (or id) in a path, for the viewer; 404 when there is none. */
async function findApiTeam(context: AccessContext, ref: string): Promise<ApiTeam> {
  authorize(context, "team.list");
  const [team] = /^\d+$/.test(ref) ? await loadTeams(context, { id: Number(ref) }) : await loadTeams(context, { slug: ref });
  if (!team) throw new AppError("not_found", `No team is called "${ref}".`);
  return team;
}

/** `POST /organizations/{org}/teams/` `{name}` (or `{slug}`): a new team, 201 with it. */
export async function createApiTeam(context: AccessContext, input: { organizationSlug: string; body: unknown }): Promise<ApiTeam> {
  requireOrganization(context.config, input.organizationSlug);
  const body = (typeof input.body === "object" && input.body !== null ? input.body : {}) as { name?: unknown; slug?: unknown };
  const name = typeof body.name === "string" ? body.name : typeof body.slug === "string" ? body.slug : "";
  const created = await createTeam(context, { name });
  const [team] = await loadTeams(context, { id: created.id });
  return team!;
}

/** `GET /projects/{org}/{project}/teams/`: the teams that have the project. */
export async function listApiProjectTeams(context: AccessContext, input: { organizationSlug: string; projectSlug: string }): Promise<ApiTeam[]> {
  requireOrganization(context.config, input.organizationSlug);
  const { project } = await authorizeProjectRef(context, "project.read", input.projectSlug);
  authorize(context, "team.list");
  const rows = await context.db.selectFrom("team_projects").select("team_id").where("project_id", "=", project.id).execute();
  const ids = new Set(rows.map((row) => Number(row.team_id)));
  return (await loadTeams(context)).filter((team) => ids.has(Number(team.id)));
}

/** `POST|DELETE /projects/{org}/{project}/teams/{team}/`: gives the team the project, or takes it away; answers the project. */
export async function setApiProjectTeam(context: AccessContext, input: { organizationSlug: string; projectSlug: string; teamSlug: string; isMember: boolean }): Promise<ApiProject> {
  requireOrganization(context.config, input.organizationSlug);
  const { project } = await authorizeProjectRef(context, "project.read", input.projectSlug);
  const team = await findApiTeam(context, input.teamSlug);
  const teamProject = { teamId: Number(team.id), projectId: project.id };
  if (input.isMember) {
    const existing = await context.db.selectFrom("team_projects").select("team_id").where("team_id", "=", teamProject.teamId).where("project_id", "=", project.id).executeTakeFirst();
    if (!existing) await addTeamProject(context, teamProject);
  } else await removeTeamProject(context, teamProject);
  return getApiProject(context, project.slug);
}

/**
 * `POST /teams/{org}/{team}/projects/` `{name, slug?, platform?}`: a new project owned by the team (201).
 * Lantern makes the slug from the name; a different slug asked for is refused rather than silently changed.
 */
export async function createApiTeamProject(context: AccessContext, input: { organizationSlug: string; teamSlug: string; body: unknown }): Promise<ApiProject> {
  requireOrganization(context.config, input.organizationSlug);
  const team = await findApiTeam(context, input.teamSlug);
  const body = (typeof input.body === "object" && input.body !== null ? input.body : {}) as { name?: unknown; slug?: unknown; platform?: unknown };
  const parsed = createProjectInput.safeParse({ name: body.name, platform: body.platform ?? undefined });
  if (!parsed.success) throw new AppError("bad_request", `Invalid ${parsed.error.issues[0]?.path.join(".")}: ${parsed.error.issues[0]?.message}.`);
  const created = await createProject(context, parsed.data);
  if (typeof body.slug === "string" && body.slug !== "" && body.slug !== created.project.slug) {
    // Created anyway: refusing after the fact would leave a project the caller does not know about.
    await addTeamProject(context, { teamId: Number(team.id), projectId: created.project.id });
    throw new AppError("bad_request", `Lantern makes a project's slug from its name: the project was created as "${created.project.slug}", not "${body.slug}".`);
  }
  await addTeamProject(context, { teamId: Number(team.id), projectId: created.project.id });
  return getApiProject(context, created.project.slug);
}

/**
 * `PUT /projects/{org}/{project}/` `{name?, platform?, slug?}`: renames the project and sets its platform
 * (project settings' verb). Lantern keeps a project's slug (URLs, DSN set-ups and sentry-cli name it), so a
 * different slug is a 400.
 */
export async function updateApiProject(context: AccessContext, input: { organizationSlug: string; projectSlug: string; body: unknown }): Promise<ApiProject> {
  requireOrganization(context.config, input.organizationSlug);
  const { project } = await authorizeProjectRef(context, "project.read", input.projectSlug);
  const body = (typeof input.body === "object" && input.body !== null ? input.body : {}) as { name?: unknown; slug?: unknown; platform?: unknown };
  if (body.slug !== undefined && body.slug !== project.slug) throw new AppError("bad_request", "Lantern keeps a project's slug; change its name instead.");
  if (body.name !== undefined || body.platform !== undefined) {
    const parsed = renameProjectInput.safeParse({ name: body.name ?? project.name, platform: body.platform ?? project.platform ?? "other" });
    if (!parsed.success) throw new AppError("bad_request", `Invalid ${parsed.error.issues[0]?.path.join(".")}: ${parsed.error.issues[0]?.message}.`);
    await renameProject(context, project.id, parsed.data);
  }
  return getApiProject(context, project.slug);
}
