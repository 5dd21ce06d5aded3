import Link from "next/link";
import { Button } from "@/components/ui/button";
import type { ActionState } from "@/lib/action-state";
import { ActionForm } from "./action-form";

interface IssueHashesProps {
  issueId: number;
  /** The project's slug, for links to the issues hashes were merged from (always of the same project). */
  projectSlug: string;
  hashes: { hash: string; originIssueId: number }[];
  /** The hash the event on display joined the issue by. */
  eventHash: string | null;
  unmerge: (state: ActionState, formData: FormData) => Promise<ActionState>;
}

/** The grouping hashes that lead to this issue; selected ones can be unmerged into an issue of their own. */
export function IssueHashes({ issueId, projectSlug, hashes, eventHash, unmerge }: IssueHashesProps) {
  return (
    <ActionForm action={unmerge} aria-label="Hashes of this issue" className="space-y-3">
      <input type="hidden" name="issueId" value={issueId} />
      <input type="hidden" name="projectSlug" value={projectSlug} />
      <ul className="space-y-1.5 text-sm">
        {hashes.map(({ hash, originIssueId }) => (
          <li key={hash} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <label className="flex items-center gap-2">
              <input type="checkbox" name="hash" value={hash} className="h-4 w-4" />
              <code className="font-mono text-xs">{hash}</code>
            </label>
            {hash === eventHash ? <span className="text-xs text-muted-foreground">this event joined by it</span> : null}
            {originIssueId !== issueId ? (
              <span className="text-xs text-muted-foreground">
                merged from{" "}
                <Link href={`/projects/${projectSlug}/issues/${originIssueId}`} prefetch={false} className="underline">
                  issue #{originIssueId}
                </Link>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="flex items-center gap-3">
        <Button type="submit" variant="secondary" size="sm" disabled={hashes.length < 2}>
          Unmerge
        </Button>
        <span className="text-xs text-muted-foreground">
          {hashes.length < 2 ? "An issue keeps at least one hash, so there is nothing to unmerge." : "The selected hashes and their events move to an issue of their own."}
        </span>
      </div>
    </ActionForm>
  );
}
