import { EmptyState } from "@/components/ui/empty-state";
import { Button } from "@/components/ui/button";
import { SegmentedLinks } from "@/components/ui/segmented-links";
import type { ActionState } from "@/lib/action-state";
import type { FeedbackView } from "@/lib/views/feedback";
import { FeedbackItem } from "./feedback-item";

export interface FeedbackListState {
  status: "new" | "resolved";
  query: string;
}

interface FeedbackListScreenProps {
  basePath: string;
  state: FeedbackListState;
  feedback: FeedbackView[];
  showProject: boolean;
  /** Per project: whom its feedback may be assigned to; absent when the viewer cannot triage. */
  choices: Map<number, { value: string; label: string }[]> | null;
  setStatus: (state: ActionState, formData: FormData) => Promise<ActionState>;
  assign: (state: ActionState, formData: FormData) => Promise<ActionState>;
}

/** The Feedback list: New / Resolved, a search over message, name, e-mail and URL, and each piece with its triage. */
export function FeedbackListScreen({ basePath, state, feedback, showProject, choices, setStatus, assign }: FeedbackListScreenProps) {
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <SegmentedLinks label="Feedback status" options={[{ value: "new", label: "New" }, { value: "resolved", label: "Resolved" }]} current={state.status} path={basePath} parameter="status" keep={state.query ? { query: state.query } : {}} />
        <form method="get" action={basePath} role="search" className="flex flex-wrap items-center gap-2">
          {state.status === "resolved" ? <input type="hidden" name="status" value="resolved" /> : null}
          <label htmlFor="feedback-search" className="sr-only">
            Search feedback
          </label>
          <input id="feedback-search" type="search" name="query" defaultValue={state.query} maxLength={200} placeholder="Text, e-mail or URL" className="h-8 w-64 max-w-full rounded-md border border-border bg-card px-2 text-sm" />
          <Button type="submit" variant="secondary" size="sm">
            Search
          </Button>
        </form>
      </div>
      {feedback.length === 0 ? (
        <EmptyState title={state.query ? "No feedback matches" : state.status === "resolved" ? "No resolved feedback" : "No new feedback"}>
          Feedback comes from the browser SDK&apos;s feedback widget, <code className="font-mono text-xs">Sentry.captureFeedback</code>, user reports of older SDKs and the user-feedback API.
        </EmptyState>
      ) : (
        <ul className="space-y-3" aria-label="Feedback">
          {feedback.map((item) => (
            <li key={item.id} id={`feedback-${item.id}`} className="scroll-mt-20">
              <FeedbackItem feedback={item} showProject={showProject} triage={choices ? { setStatus, assign, choices: choices.get(item.projectId) ?? [] } : undefined} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
