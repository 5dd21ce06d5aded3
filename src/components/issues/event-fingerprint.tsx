/** The fingerprint the SDK sent, each part as text, and whether the grouping used it (`use`, in words). */
export function EventFingerprint({ fingerprint, use }: { fingerprint: string[]; use: string | null }) {
  return (
    <div className="space-y-1 text-xs">
      <ol className="flex flex-wrap gap-1 font-mono" aria-label="Fingerprint parts">
        {fingerprint.map((part, index) => (
          <li key={index} className="rounded border border-border bg-muted px-1.5 py-0.5 wrap-break-word">
            {part}
          </li>
        ))}
      </ol>
      {use ? <p className="text-muted-foreground">{use}</p> : null}
    </div>
  );
}
