import { ActionForm } from "@/components/issues/action-form";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/input";
import type { ActionState } from "@/lib/action-state";
import type { TeamSummary } from "@/server/teams/list-teams";

type Action = (state: ActionState, formData: FormData) => Promise<ActionState>;

export interface TeamActions {
  addMember: Action;
  removeMember: Action;
  addProject: Action;
  removeProject: Action;
  deleteTeam: Action;
}

interface TeamCardProps {
  team: TeamSummary;
  /** Everyone and every project that could join (those already in the team are left out here). */
  users: { id: string; email: string }[];
  projects: { id: number; slug: string; name: string }[];
  /** Absent for members: they see their teams without controls. */
  actions?: TeamActions;
}

/** One team: who is in it and which projects its members see, with the controls to change both. */
export function TeamCard({ team, users, projects, actions }: TeamCardProps) {
  const headingId = `team-${team.id}`;
  const memberIds = new Set(team.members.map((member) => member.userId));
  const projectIds = new Set(team.projects.map((project) => project.id));
  const candidates = users.filter((user) => !memberIds.has(user.id));
  const projectCandidates = projects.filter((project) => !projectIds.has(project.id));
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-border bg-card p-5 shadow-sm">
      <h2 id={headingId} className="text-base font-semibold">
        {team.name}
      </h2>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <div>
          <h3 className="text-sm font-semibold">Members</h3>
          {team.members.length === 0 ? <p className="mt-1 text-sm text-muted-foreground">Nobody yet.</p> : null}
          <ul aria-label={`Members of ${team.name}`} className="mt-1 space-y-1 text-sm">
            {team.members.map((member) => (
              <li key={member.userId} className="flex flex-wrap items-center gap-2">
                <span>{member.email}</span>
                {actions ? (
                  <ActionForm action={actions.removeMember} aria-label={`Take ${member.email} out of ${team.name}`} className="flex flex-wrap items-center gap-2">
                    <input type="hidden" name="teamId" value={team.id} />
                    <input type="hidden" name="userId" value={member.userId} />
                    <Button type="submit" variant="ghost" size="sm" aria-label={`Remove ${member.email} from ${team.name}`}>
                      Remove
                    </Button>
                  </ActionForm>
                ) : null}
              </li>
            ))}
          </ul>
          {actions && candidates.length > 0 ? (
            <ActionForm action={actions.addMember} aria-label={`Add a member to ${team.name}`} className="mt-3 flex flex-wrap items-center gap-2">
              <input type="hidden" name="teamId" value={team.id} />
              <label className="sr-only" htmlFor={`${headingId}-user`}>
                Member to add to {team.name}
              </label>
              <Select id={`${headingId}-user`} name="userId" className="w-56">
                {candidates.map((user) => (
                  <option key={user.id} value={user.id}>
                    {user.email}
                  </option>
                ))}
              </Select>
              <Button type="submit" variant="secondary" size="sm">
                Add member
              </Button>
            </ActionForm>
          ) : null}
        </div>
        <div>
          <h3 className="text-sm font-semibold">Projects</h3>
          {team.projects.length === 0 ? <p className="mt-1 text-sm text-muted-foreground">None yet.</p> : null}
          <ul aria-label={`Projects of ${team.name}`} className="mt-1 space-y-1 text-sm">
            {team.projects.map((project) => (
              <li key={project.id} className="flex flex-wrap items-center gap-2">
                <span>{project.name}</span>
                {actions ? (
                  <ActionForm action={actions.removeProject} aria-label={`Take ${project.name} from ${team.name}`} className="flex flex-wrap items-center gap-2">
                    <input type="hidden" name="teamId" value={team.id} />
                    <input type="hidden" name="projectId" value={project.id} />
                    <Button type="submit" variant="ghost" size="sm" aria-label={`Remove ${project.name} from ${team.name}`}>
                      Remove
                    </Button>
                  </ActionForm>
                ) : null}
              </li>
            ))}
          </ul>
          {actions && projectCandidates.length > 0 ? (
            <ActionForm action={actions.addProject} aria-label={`Add a project to ${team.name}`} className="mt-3 flex flex-wrap items-center gap-2">
              <input type="hidden" name="teamId" value={team.id} />
              <label className="sr-only" htmlFor={`${headingId}-project`}>
                Project to add to {team.name}
              </label>
              <Select id={`${headingId}-project`} name="projectId" className="w-56">
                {projectCandidates.map((project) => (
                  <option key={project.id} value={project.id}>
                    {project.name}
                  </option>
                ))}
              </Select>
              <Button type="submit" variant="secondary" size="sm">
                Add project
              </Button>
            </ActionForm>
          ) : null}
        </div>
      </div>
      {actions ? (
        <details className="mt-4 border-t border-border pt-4">
          <summary className="cursor-pointer text-sm text-danger">Delete team…</summary>
          <ActionForm action={actions.deleteTeam} aria-label={`Delete ${team.name}`} className="mt-2 space-y-2">
            <input type="hidden" name="teamId" value={team.id} />
            <p className="text-xs text-muted-foreground">Its members stop seeing its projects (unless another team gives them). The projects stay.</p>
            <Button type="submit" variant="danger" size="sm">
              Delete {team.name}
            </Button>
          </ActionForm>
        </details>
      ) : null}
    </section>
  );
}
