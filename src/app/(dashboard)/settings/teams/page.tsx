import type { Metadata } from "next";
import { CreateTeamForm } from "@/components/accounts/create-team-form";
import { TeamCard } from "@/components/accounts/team-card";
import { PageHeader } from "@/components/shell/page-header";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { canSeeProject } from "@/server/access/viewer";
import { getAppContext } from "@/server/app-context";
import { listProjects } from "@/server/projects/list-projects";
import { listTeams } from "@/server/teams/list-teams";
import { listUsers } from "@/server/users/list-users";
import { addTeamMemberAction, addTeamProjectAction, createTeamAction, deleteTeamAction, removeTeamMemberAction, removeTeamProjectAction } from "./actions";

export const metadata: Metadata = { title: "Teams" };

const teamActions = {
  addMember: addTeamMemberAction,
  removeMember: removeTeamMemberAction,
  addProject: addTeamProjectAction,
  removeProject: removeTeamProjectAction,
  deleteTeam: deleteTeamAction,
};

/**
 * Teams decide what members see: a member sees the projects of their teams. Owners and admins see every
 * team and change them; a member sees only their own teams and, in them, the projects they can open.
 */
export default async function TeamsPage() {
  const context = await getAppContext();
  const { db, viewer } = context;
  const canManage = viewer.permissions.has("admin");
  const allTeams = await listTeams(db);
  const teams = canManage
    ? allTeams
    : allTeams.filter((team) => team.members.some((member) => member.userId === viewer.userId)).map((team) => ({ ...team, projects: team.projects.filter((project) => canSeeProject(viewer, project.id)) }));
  const [users, projects] = canManage ? await Promise.all([listUsers(db), listProjects(context)]) : [[], []];
  return (
    <>
      <PageHeader title="Teams" description="Members see the projects of their teams; owners and admins see every project." />
      <div className="space-y-6">
        {canManage ? (
          <Card>
            <CardTitle>New team</CardTitle>
            <CardDescription>Then add members and projects to it. An invitation can also put someone in a team.</CardDescription>
            <div className="mt-4">
              <CreateTeamForm action={createTeamAction} />
            </div>
          </Card>
        ) : null}
        {teams.length === 0 ? (
          <EmptyState title={canManage ? "No teams yet" : "You are in no team"}>
            {canManage ? "Create a team to give members access to projects." : "Ask an owner or admin to add you to a team to see its projects."}
          </EmptyState>
        ) : (
          teams.map((team) => (
            <TeamCard
              key={team.id}
              team={team}
              users={users.map((user) => ({ id: user.id, email: user.email }))}
              projects={projects.map((project) => ({ id: project.id, slug: project.slug, name: project.name }))}
              actions={canManage ? teamActions : undefined}
            />
          ))
        )}
      </div>
    </>
  );
}
