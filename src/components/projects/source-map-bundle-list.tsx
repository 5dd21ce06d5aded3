import bytes from "bytes";
import { Badge } from "@/components/ui/badge";
import { ConfirmAction } from "@/components/ui/confirm-action";
import type { ActionState } from "@/lib/action-state";
import { formatTimestamp } from "@/lib/format-time";
import type { ArtifactBundleSummary } from "@/lib/views/sourcemaps";

/** What the list shows of a bundle (list-artifact-bundles reads it). */
export type SourceMapBundleRow = Pick<ArtifactBundleSummary, "id" | "release" | "dist" | "debugIds" | "debugIdCount" | "fileCount" | "sizeBytes" | "uploadedBy" | "createdAt">;

interface SourceMapBundleListProps {
  projectSlug: string;
  bundles: SourceMapBundleRow[];
  /** Absent for viewers who may not delete (members): they see the list only. */
  remove?: (state: ActionState, formData: FormData) => Promise<ActionState>;
}

function files(count: number): string {
  return count === 1 ? "1 file" : `${count.toLocaleString("en")} files`;
}

/** A project's uploaded bundles, newest first: what they hold, who sent them, and (for admins) a delete behind a confirmation. */
export function SourceMapBundleList({ projectSlug, bundles, remove }: SourceMapBundleListProps) {
  return (
    <ul aria-label="Source map bundles" className="divide-y divide-border">
      {bundles.map((bundle) => {
        const name = `Bundle ${bundle.id}`;
        return (
          <li key={bundle.id} aria-label={name} className="space-y-2 py-4 text-sm">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-medium">{name}</span>
              <span>
                Release <Badge>{bundle.release ?? "none"}</Badge>
              </span>
              <span>
                Dist <Badge>{bundle.dist ?? "none"}</Badge>
              </span>
              <span className="text-muted-foreground">
                {files(bundle.fileCount)}, {bytes(bundle.sizeBytes, { unitSeparator: " " })}
              </span>
              <span className="text-xs text-muted-foreground">
                uploaded by {bundle.uploadedBy ?? "unknown"} on {formatTimestamp(bundle.createdAt)}
              </span>
            </div>
            {bundle.debugIdCount > 0 ? (
              <details>
                <summary className="cursor-pointer text-xs text-muted-foreground">
                  {bundle.debugIdCount === 1 ? "1 debug ID" : `${bundle.debugIdCount.toLocaleString("en")} debug IDs`}
                </summary>
                <ul aria-label={`Debug IDs of ${name}`} className="mt-1 flex flex-wrap gap-1">
                  {bundle.debugIds.map((debugId) => (
                    <li key={debugId}>
                      <Badge>{debugId}</Badge>
                    </li>
                  ))}
                  {bundle.debugIdCount > bundle.debugIds.length ? <li className="text-xs text-muted-foreground">and {(bundle.debugIdCount - bundle.debugIds.length).toLocaleString("en")} more</li> : null}
                </ul>
              </details>
            ) : (
              <p className="text-xs text-muted-foreground">No debug IDs: its files are matched by release and URL.</p>
            )}
            {remove ? (
              <ConfirmAction
                trigger="Delete…"
                title={`Delete ${name}?`}
                description={`${name} and its ${files(bundle.fileCount)} go. Frames resolved already stay resolved; events of this build digested later stay minified. This cannot be undone.`}
                action={remove}
                formLabel={`Delete ${name}`}
                fields={{ projectSlug, bundleId: bundle.id }}
                submitLabel={`Delete ${name}`}
              />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
