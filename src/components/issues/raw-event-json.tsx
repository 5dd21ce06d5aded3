import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";

/** Beyond this, the page shows the start and the download has the rest; a stored event can reach a megabyte. */
const maxShownChars = 200_000;

/** The stored (normalized) event as JSON: collapsed on the page, and as a download served by a route handler. */
export function RawEventJson({ payload, downloadHref }: { payload: Record<string, unknown>; downloadHref: string }) {
  const json = JSON.stringify(payload, null, 2);
  const isCut = json.length > maxShownChars;
  return (
    <div className="space-y-2">
      <Button asChild variant="secondary" size="sm">
        <a href={downloadHref} download>
          <Download aria-hidden className="h-3.5 w-3.5" />
          Download JSON
        </a>
      </Button>
      <details className="rounded-md border border-border">
        <summary className="cursor-pointer px-3 py-2 text-xs text-muted-foreground hover:bg-muted">Show the stored event as JSON ({json.length.toLocaleString("en")} characters)</summary>
        <pre tabIndex={0} className="max-h-[32rem] overflow-auto border-t border-border bg-muted p-3 font-mono text-[11px] leading-relaxed break-all whitespace-pre-wrap focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none" aria-label="Event JSON">
          {isCut ? `${json.slice(0, maxShownChars)}\n… (cut here; download the JSON for the rest)` : json}
        </pre>
      </details>
    </div>
  );
}
