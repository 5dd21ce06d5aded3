import { IdentifierText } from "@/components/ui/identifier-text";
import { commitSubject, shortCommitId, type SuspectCommit } from "@/lib/views/release-commits";

/**
 * "Suspect commit: <sha> <subject> by <author>" in the issue header: the newest commit of the first
 * release that changed a file of its newest event's in-app frames. Every part is text CI sent: rendered as text.
 */
export function SuspectCommitLine({ commit }: { commit: SuspectCommit }) {
  const author = commit.authorName ?? commit.authorEmail;
  return (
    <p className="text-sm wrap-break-word text-muted-foreground" title={`In ${commit.release}; changed ${commit.matchedFiles.join(", ")}`}>
      <span className="font-medium text-foreground">Suspect commit:</span>{" "}
      <code className="font-mono">
        <IdentifierText value={shortCommitId(commit.commitId)} />
      </code>{" "}
      {commitSubject(commit.message) || "(no message)"}
      {author ? <> by {author}</> : null}
    </p>
  );
}
