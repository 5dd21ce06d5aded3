import { Paperclip } from "lucide-react";
import type { EventAttachmentSummary } from "@/lib/views/events";

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The event's attachments, each a download (served as a file, never opened as a page). */
export function EventAttachments({ attachments, downloadBase }: { attachments: EventAttachmentSummary[]; downloadBase: string }) {
  return (
    <ul className="divide-y divide-border rounded-md border border-border text-xs" aria-label="Attachments">
      {attachments.map((attachment) => (
        <li key={attachment.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
          <Paperclip aria-hidden className="h-3.5 w-3.5 shrink-0 text-muted-foreground" />
          <a href={`${downloadBase}/${attachment.id}`} download={attachment.filename} className="min-w-0 font-mono wrap-break-word underline-offset-2 hover:underline" aria-label={`Download ${attachment.filename}`}>
            {attachment.filename}
          </a>
          <span className="text-muted-foreground">{attachment.contentType ?? "unknown type"}</span>
          <span className="ml-auto text-muted-foreground tabular-nums">{formatSize(attachment.size)}</span>
        </li>
      ))}
    </ul>
  );
}
