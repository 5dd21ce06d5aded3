import { FeedbackItem } from "@/components/feedback/feedback-item";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import type { FeedbackView } from "@/lib/views/feedback";

/** "User feedback" on the issue page: what people wrote about its events; absent when nobody did. */
export function IssueFeedback({ feedback, projectSlug }: { feedback: FeedbackView[]; projectSlug: string }) {
  if (feedback.length === 0) return null;
  return (
    <Card aria-labelledby="issue-feedback" className="min-w-0 space-y-3">
      <CardTitle id="issue-feedback">User feedback</CardTitle>
      <CardDescription>
        {feedback.length === 1 ? "One person" : `${feedback.length} people`} wrote about this issue&apos;s events. Triage it in the project&apos;s{" "}
        <a href={`/projects/${projectSlug}/feedback`} className="text-primary underline-offset-4 hover:underline">
          Feedback
        </a>
        .
      </CardDescription>
      {feedback.map((item) => (
        <FeedbackItem key={item.id} feedback={item} />
      ))}
    </Card>
  );
}
