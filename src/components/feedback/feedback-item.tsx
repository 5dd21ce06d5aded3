import Link from "next/link";
import { ActionForm } from "@/components/issues/action-form";
import { RelativeTime } from "@/components/issues/relative-time";
import { SafeLink } from "@/components/issues/safe-link";
import { Button } from "@/components/ui/button";
import { IdentifierText } from "@/components/ui/identifier-text";
import type { ActionState } from "@/lib/action-state";
import type { FeedbackView } from "@/lib/views/feedback";

export interface FeedbackTriage {
  setStatus: (state: ActionState, formData: FormData) => Promise<ActionState>;
  assign: (state: ActionState, formData: FormData) => Promise<ActionState>;
  /** Whom it may be assigned to ("user:<id>" / "team:<id>" and a label). */
  choices: { value: string; label: string }[];
}

const sourceLabels: Record<string, string> = { widget: "feedback widget", api: "captureFeedback", user_report: "user report", embed: "report dialog" };

/**
 * One piece of feedback: the message, who sent it, from which page, its screenshots and the event it is about.
 * Everything here came from outside and renders as text; the URL is a link only when it is http(s).
 */
export function FeedbackItem({ feedback, showProject = false, triage }: { feedback: FeedbackView; showProject?: boolean; triage?: FeedbackTriage }) {
  const from = feedback.name ?? feedback.email ?? "Someone";
  const eventPath = feedback.issueId !== null && feedback.linkedEventId !== null ? `/projects/${feedback.projectSlug}/issues/${feedback.issueId}/events/${feedback.linkedEventId}` : null;
  const assigneeValue = feedback.assignee ? `${feedback.assignee.type}:${feedback.assignee.id}` : "";
  return (
    <article aria-label={`Feedback from ${from}`} className="space-y-3 rounded-md border border-border p-4">
      <p className="text-sm whitespace-pre-wrap wrap-break-word" data-testid="feedback-message">
        {feedback.message}
      </p>
      <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Name</dt>
        <dd className="wrap-break-word">{feedback.name ?? "—"}</dd>
        <dt className="text-muted-foreground">E-mail</dt>
        <dd className="wrap-break-word">{feedback.email ?? "—"}</dd>
        <dt className="text-muted-foreground">URL</dt>
        <dd className="wrap-break-word">{feedback.url ? <SafeLink href={feedback.url}>{feedback.url}</SafeLink> : "—"}</dd>
        <dt className="text-muted-foreground">Event</dt>
        <dd className="wrap-break-word">
          {eventPath ? (
            <Link href={eventPath} prefetch={false} className="text-primary underline-offset-4 hover:underline">
              <IdentifierText value={feedback.linkedEventId!} />
            </Link>
          ) : feedback.linkedEventId ? (
            <span>
              <IdentifierText value={feedback.linkedEventId} /> (not received yet)
            </span>
          ) : (
            "None: feedback without an error"
          )}
        </dd>
        {showProject ? (
          <>
            <dt className="text-muted-foreground">Project</dt>
            <dd>
              <IdentifierText value={feedback.projectSlug} />
            </dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Sent</dt>
        <dd>
          <RelativeTime time={feedback.createdAt} /> by {sourceLabels[feedback.source] ?? feedback.source}
        </dd>
        <dt className="text-muted-foreground">Status</dt>
        <dd>
          {feedback.status === "resolved" ? "Resolved" : "New"}
          {feedback.assignee ? `, assigned to ${feedback.assignee.type === "team" ? `#${feedback.assignee.slug}` : feedback.assignee.name || feedback.assignee.email}` : ""}
        </dd>
      </dl>
      {feedback.screenshots.length > 0 ? (
        <div className="flex flex-wrap gap-3">
          {feedback.screenshots.map((screenshot) => (
            <a key={screenshot.attachmentId} href={`/feedback/${feedback.id}/screenshots/${screenshot.attachmentId}`} className="block max-w-full">
              {/* eslint-disable-next-line @next/next/no-img-element -- an authorized route's bytes, not a static asset next/image could optimize */}
              <img src={`/feedback/${feedback.id}/screenshots/${screenshot.attachmentId}`} alt={`Screenshot: ${screenshot.filename}`} className="max-h-64 max-w-full rounded border border-border" loading="lazy" />
            </a>
          ))}
        </div>
      ) : null}
      {triage ? (
        <div className="flex flex-wrap items-end gap-3">
          <ActionForm action={triage.setStatus} className="flex flex-wrap items-center gap-2">
            <input type="hidden" name="feedbackId" value={feedback.id} />
            <input type="hidden" name="status" value={feedback.status === "resolved" ? "new" : "resolved"} />
            <Button type="submit" variant="secondary" size="sm">
              {feedback.status === "resolved" ? "Reopen" : "Resolve"}
            </Button>
          </ActionForm>
          <ActionForm action={triage.assign} className="flex flex-wrap items-center gap-2">
            <input type="hidden" name="feedbackId" value={feedback.id} />
            <label className="text-sm text-muted-foreground" htmlFor={`feedback-assignee-${feedback.id}`}>
              Assignee
            </label>
            <select id={`feedback-assignee-${feedback.id}`} name="assignee" defaultValue={assigneeValue} className="h-8 max-w-56 rounded-md border border-border bg-card px-2 text-sm">
              <option value="">Nobody</option>
              {triage.choices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
            <Button type="submit" variant="secondary" size="sm">
              Assign
            </Button>
          </ActionForm>
        </div>
      ) : null}
    </article>
  );
}
