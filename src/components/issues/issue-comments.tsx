import { Button } from "@/components/ui/button";
import type { ActionState } from "@/lib/action-state";
import type { IssueComment } from "@/lib/views/issues";
import { ActionForm } from "./action-form";
import { RelativeTime } from "./relative-time";
import { personName } from "@/lib/issue-words";

interface IssueCommentsProps {
  issueId: number;
  comments: IssueComment[];
  addComment: (state: ActionState, formData: FormData) => Promise<ActionState>;
}

/** The conversation on an issue, oldest first, and a form to add to it. Comments are plain text. */
export function IssueComments({ issueId, comments, addComment }: IssueCommentsProps) {
  return (
    <div className="space-y-4">
      {comments.length === 0 ? (
        <p className="text-sm text-muted-foreground">No comments yet.</p>
      ) : (
        <ol className="space-y-3" aria-label="Comments">
          {comments.map((comment) => (
            <li key={comment.id} className="rounded-md border border-border p-3">
              <div className="mb-1 flex flex-wrap items-baseline justify-between gap-x-3 text-xs text-muted-foreground">
                <span className="font-medium text-foreground">{personName(comment.author)}</span>
                <RelativeTime time={comment.createdAt} />
              </div>
              <p className="text-sm break-words whitespace-pre-wrap">{comment.body}</p>
            </li>
          ))}
        </ol>
      )}
      <ActionForm action={addComment} aria-label="Add a comment" className="flex flex-wrap gap-2">
        <input type="hidden" name="issueId" value={issueId} />
        <label htmlFor="issue-comment" className="sr-only">
          Comment
        </label>
        <textarea
          id="issue-comment"
          name="body"
          required
          maxLength={10_000}
          rows={3}
          placeholder="Add a comment: what you found, who is on it…"
          className="min-h-20 w-full rounded-md border border-border bg-background px-3 py-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        />
        <Button type="submit" size="sm">
          Comment
        </Button>
      </ActionForm>
    </div>
  );
}
