import type { AccessContext } from "../access/authorize";
import { listFeedback } from "../feedback/list-feedback";
import { listFeedbackAssigneeChoices } from "../feedback/list-feedback-assignee-choices";
import type { FeedbackView } from "@/lib/views/feedback";

export interface FeedbackPageState {
  status: "new" | "resolved";
  query: string;
}

export function feedbackPageState(params: Record<string, string | string[] | undefined>): FeedbackPageState {
  const status = params.status === "resolved" ? "resolved" : "new";
  const query = typeof params.query === "string" ? params.query.slice(0, 200) : "";
  return { status, query };
}

/** A Feedback list page's data: the feedback, and whom each project's may be assigned to when the viewer may triage. */
export async function loadFeedbackPage(context: AccessContext, state: FeedbackPageState, projectSlug?: string): Promise<{ feedback: FeedbackView[]; choices: Map<number, { value: string; label: string }[]> | null }> {
  const feedback = await listFeedback(context, { projectSlug, status: state.status, query: state.query, limit: 100 });
  if (!context.viewer.permissions.has("write")) return { feedback, choices: null };
  const owners = await listFeedbackAssigneeChoices(context, feedback.map((item) => item.projectId));
  const choices = new Map<number, { value: string; label: string }[]>();
  for (const [projectId, { people, teams }] of owners) {
    choices.set(projectId, [...people.map((person) => ({ value: `user:${person.id}`, label: person.name.trim() || person.email })), ...teams.map((team) => ({ value: `team:${team.id}`, label: `#${team.slug}` }))]);
  }
  return { feedback, choices };
}
