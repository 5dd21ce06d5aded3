import { RelativeTime } from "@/components/issues/relative-time";
import { DataTable } from "@/components/ui/data-table";
import { IdentifierText } from "@/components/ui/identifier-text";
import { commitSubject, shortCommitId, type ReleaseCommit } from "@/lib/views/release-commits";

/** The files of one commit the table lists before "and N more". */
const filesShown = 5;

/**
 * The release page's "Commits" section: what `sentry-cli releases set-commits` sent, in its order (newest
 * first), with each commit's sha, subject, author and changed files. Everything here is text CI sent: rendered as text.
 */
export function ReleaseCommits({ commits }: { commits: ReleaseCommit[] }) {
  return (
    <section aria-labelledby="release-commits-heading" className="space-y-3">
      <h2 id="release-commits-heading" className="text-lg font-semibold">
        Commits
      </h2>
      {commits.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No commits. Send them from CI with <code className="font-mono">sentry-cli releases set-commits VERSION --local</code>.
        </p>
      ) : (
        <DataTable label="Commits" columns={[{ label: "Commit" }, { label: "Message" }, { label: "Author" }, { label: "Files" }]}>
          {commits.map((commit, index) => (
            <tr key={`${commit.commitId}-${index}`} className="align-top hover:bg-muted/50">
              <th scope="row" className="px-3 py-2 text-left font-mono text-sm font-normal whitespace-nowrap" title={commit.commitId}>
                {shortCommitId(commit.commitId)}
                {commit.repository ? (
                  <div className="mt-1 text-xs text-muted-foreground">
                    <IdentifierText value={commit.repository} />
                  </div>
                ) : null}
              </th>
              <td className="min-w-64 px-3 py-2 text-sm wrap-break-word">
                {commitSubject(commit.message) || <span className="text-muted-foreground">(no message)</span>}
                {commit.timestamp !== null ? (
                  <div className="mt-1 text-xs text-muted-foreground">
                    <RelativeTime time={commit.timestamp} />
                  </div>
                ) : null}
              </td>
              <td className="px-3 py-2 text-sm wrap-break-word">
                {commit.authorName ?? commit.authorEmail ?? <span className="text-muted-foreground">—</span>}
                {commit.authorName && commit.authorEmail ? <div className="text-xs text-muted-foreground">{commit.authorEmail}</div> : null}
              </td>
              <td className="min-w-48 px-3 py-2 font-mono text-xs wrap-break-word">
                {commit.files.length === 0 ? <span className="font-sans text-muted-foreground">—</span> : null}
                <ul className="space-y-0.5">
                  {commit.files.slice(0, filesShown).map((file, fileIndex) => (
                    <li key={fileIndex}>
                      <span className="sr-only">{file.type === "A" ? "added" : file.type === "D" ? "deleted" : "modified"} </span>
                      <span aria-hidden className="text-muted-foreground">
                        {file.type}{" "}
                      </span>
                      <IdentifierText value={file.path} />
                    </li>
                  ))}
                </ul>
                {commit.files.length > filesShown ? <div className="mt-1 font-sans text-muted-foreground">and {(commit.files.length - filesShown).toLocaleString("en")} more</div> : null}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
