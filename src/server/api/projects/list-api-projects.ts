import { authorize, type AccessContext } from "../../access/authorize";
import { visibleProjectIds } from "../../access/viewer";
import { serializeOrganization } from "../organization";
import type { ApiProject, ApiTeamRef } from "../schemas";

/**
 * The projects the viewer can see (all for owners and admins, their teams' for members), by name, with
 * their teams and when their first issue was seen: three queries whatever the number of projects.
 * Restricted to `projectIds` when given (one project's details).
 */
export async function listApiProjects(context: AccessContext, projectIds?: number[]): Promise<ApiProject[]> {
  authorize(context, "project.list");
  const { db, viewer, config } = context;
  const visible = visibleProjectIds(viewer);
  const wanted = projectIds ? projectIds.filter((id) => visible === null || visible.includes(id)) : visible;
  const inList = (ids: number[]) => (ids.length > 0 ? ids : [-1]);
  const projects = await db
    .selectFrom("projects")
    .select(["id", "slug", "name", "platform", "is_internal", "created_at"])
    .$if(wanted !== null, (query) => query.where("id", "in", inList(wanted!)))
    .orderBy("name")
    .orderBy("id")
    .execute();
  const ids = inList(projects.map((project) => project.id));
  const [teamRows, firstSeenRows, myTeams] = await Promise.all([
    db
      .selectFrom("team_projects")
      .innerJoin("teams", "teams.id", "team_projects.team_id")
      .select(["team_projects.project_id", "teams.id", "teams.slug", "teams.name"])
      .where("team_projects.project_id", "in", ids)
      .orderBy("teams.name")
      .execute(),
    db
      .selectFrom("issues")
      .select((eb) => ["project_id", eb.fn.min("first_seen").as("first_seen")])
      .where("project_id", "in", ids)
      .groupBy("project_id")
      .execute(),
    db.selectFrom("team_members").select("team_id").where("user_id", "=", viewer.userId).execute(),
  ]);
  const teamsOf = new Map<number, ApiTeamRef[]>();
  for (const row of teamRows) teamsOf.set(row.project_id, [...(teamsOf.get(row.project_id) ?? []), { id: String(row.id), slug: row.slug, name: row.name }]);
  const firstSeen = new Map(firstSeenRows.map((row) => [row.project_id, row.first_seen === null ? null : Number(row.first_seen)]));
  const mine = new Set(myTeams.map((row) => String(row.team_id)));
  const organization = serializeOrganization(config);
  return projects.map((project) => {
    const teams = teamsOf.get(project.id) ?? [];
    const first = firstSeen.get(project.id) ?? null;
    return {
      id: String(project.id),
      slug: project.slug,
      name: project.name,
      platform: project.platform === "other" ? null : project.platform,
      dateCreated: new Date(Number(project.created_at)).toISOString(),
      isBookmarked: false,
      isMember: teams.some((team) => mine.has(team.id)),
      hasAccess: true,
      isPublic: false,
      isInternal: project.is_internal === 1,
      features: [],
      status: "active",
      firstEvent: first === null ? null : new Date(first).toISOString(),
      team: teams[0] ?? null,
      teams,
      organization,
    };
  });
}
