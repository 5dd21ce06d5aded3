import { ActionForm } from "@/components/issues/action-form";
import { Button } from "@/components/ui/button";
import { ConfirmAction } from "@/components/ui/confirm-action";
import { Select } from "@/components/ui/input";
import type { ActionState } from "@/lib/action-state";
import type { TeamSummary } from "@/lib/views/teams";

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
        <TeamLinks
          team={team}
          heading="Members"
          noun="member"
          none="Nobody yet."
          field="userId"
          selectId={`${headingId}-user`}
          selectLabel={`Member to add to ${team.name}`}
          linked={team.members.map((member) => ({ id: member.userId, label: member.email }))}
          candidates={candidates.map((user) => ({ id: user.id, label: user.email }))}
          takeOutLabel={(label) => `Take ${label} out of ${team.name}`}
          add={actions?.addMember}
          remove={actions?.removeMember}
        />
        <TeamLinks
          team={team}
          heading="Projects"
          noun="project"
          none="None yet."
          field="projectId"
          selectId={`${headingId}-project`}
          selectLabel={`Project to add to ${team.name}`}
          linked={team.projects.map((project) => ({ id: project.id, label: project.name }))}
          candidates={projectCandidates.map((project) => ({ id: project.id, label: project.name }))}
          takeOutLabel={(label) => `Take ${label} from ${team.name}`}
          add={actions?.addProject}
          remove={actions?.removeProject}
        />
      </div>
      {actions ? (
        <div className="mt-4 border-t border-border pt-4">
          <ConfirmAction
            trigger="Delete team…"
            title={`Delete ${team.name}?`}
            description="Its members stop seeing its projects (unless another team gives them). The projects stay."
            action={actions.deleteTeam}
            formLabel={`Delete ${team.name}`}
            fields={{ teamId: team.id }}
            submitLabel={`Delete ${team.name}`}
          />
        </div>
      ) : null}
    </section>
  );
}

interface TeamLinksProps {
  team: TeamSummary;
  heading: "Members" | "Projects";
  noun: "member" | "project";
  none: string;
  /** The form field naming the member or project. */
  field: "userId" | "projectId";
  selectId: string;
  selectLabel: string;
  linked: { id: string | number; label: string }[];
  candidates: { id: string | number; label: string }[];
  takeOutLabel: (label: string) => string;
  /** Absent for members, who see the list without controls. */
  add?: Action;
  remove?: Action;
}

/** One side of a team — its members or its projects — with remove buttons and an "add" picker. */
function TeamLinks({ team, heading, noun, none, field, selectId, selectLabel, linked, candidates, takeOutLabel, add, remove }: TeamLinksProps) {
  return (
    <div>
      <h3 className="text-sm font-semibold">{heading}</h3>
      {linked.length === 0 ? <p className="mt-1 text-sm text-muted-foreground">{none}</p> : null}
      <ul aria-label={`${heading} of ${team.name}`} className="mt-1 space-y-1 text-sm">
        {linked.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center gap-2">
            <span>{item.label}</span>
            {remove ? (
              <ActionForm action={remove} aria-label={takeOutLabel(item.label)} className="flex flex-wrap items-center gap-2">
                <input type="hidden" name="teamId" value={team.id} />
                <input type="hidden" name={field} value={item.id} />
                <Button type="submit" variant="ghost" size="sm" aria-label={`Remove ${item.label} from ${team.name}`}>
                  Remove
                </Button>
              </ActionForm>
            ) : null}
          </li>
        ))}
      </ul>
      {add && candidates.length > 0 ? (
        <ActionForm action={add} aria-label={`Add a ${noun} to ${team.name}`} className="mt-3 flex flex-wrap items-center gap-2">
          <input type="hidden" name="teamId" value={team.id} />
          <label className="sr-only" htmlFor={selectId}>
            {selectLabel}
          </label>
          <Select id={selectId} name={field} className="w-56">
            {candidates.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.label}
              </option>
            ))}
          </Select>
          <Button type="submit" variant="secondary" size="sm">
            Add {noun}
          </Button>
        </ActionForm>
      ) : null}
    </div>
  );
}
