import { JsonTree } from "./json-tree";

/** Beyond this, the page shows the start as text and the download has the rest; a stored event can reach a megabyte. */
const maxTreeChars = 200_000;

/**
 * The stored (normalized) event as JSON: a folding, highlighted tree (keys, strings, numbers told apart),
 * or, for a very large event, its first 200,000 characters as plain text. The download is the event card's.
 */
export function RawEventJson({ payload }: { payload: Record<string, unknown> }) {
  const json = JSON.stringify(payload, null, 2);
  const isLarge = json.length > maxTreeChars;
  return (
    <div className="space-y-2">
      <p className="text-xs text-muted-foreground">The stored event ({json.length.toLocaleString("en")} characters of JSON).</p>
      <div className="max-h-[32rem] overflow-auto rounded-md border border-border bg-muted p-3">
        {isLarge ? (
          <pre tabIndex={0} className="font-mono text-[11px] leading-relaxed wrap-break-word whitespace-pre-wrap focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none" aria-label="Event JSON">
            {`${json.slice(0, maxTreeChars)}\n… (cut here; download the JSON for the rest)`}
          </pre>
        ) : (
          <JsonTree value={payload} label="Event JSON" />
        )}
      </div>
    </div>
  );
}
