import { authorizeProject, type AccessContext } from "../access/authorize";
import { peopleWhoSeeProject } from "./resolve-email-recipients";

export interface RuleTargets {
  /** Everyone who can see the project: whom an e-mail action or an assignee filter may name. */
  people: { id: string; name: string; email: string }[];
  /** Teams by name: every team for those who change rules, else the project's own. */
  teams: { id: string; name: string }[];
}

/** The people and teams a project's rule form offers and its rule summaries name. */
export async function listRuleTargets(context: AccessContext, input: { projectSlug: string }): Promise<RuleTargets> {
  const { project } = await authorizeProject(context, "alert.list", input.projectSlug);
  const people = await peopleWhoSeeProject(context.db, project.id);
  const teams = await context.db
    .selectFrom("teams")
    .select(["teams.id", "teams.name"])
    .$if(!context.viewer.permissions.has("admin"), (query) => query.where((eb) => eb.exists(eb.selectFrom("team_projects").select("team_projects.team_id").whereRef("team_projects.team_id", "=", "teams.id").where("team_projects.project_id", "=", project.id))))
    .orderBy("teams.name")
    .execute();
  return {
    people: people.map((person) => ({ id: person.id, name: person.name, email: person.email })),
    teams: teams.map((team) => ({ id: String(team.id), name: team.name })),
  };
}
