import { IdentifierText } from "@/components/ui/identifier-text";
import { LongValueText } from "@/components/ui/long-value-text";
import { JsonTree } from "./json-tree";

/** A scalar as people read it: strings as they are (no quotes), anything else as JSON writes it. */
export function formatScalar(value: string | number | boolean | null): string {
  return typeof value === "string" ? value : String(value);
}

function isScalar(value: unknown): value is string | number | boolean | null {
  return value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}

/**
 * Data the SDK sent as it sent it (extra, a custom context, message parameters): a description list whose
 * scalar values read as text and whose objects and arrays are folding JSON trees. Keys and values are the
 * sender's and only ever rendered as React text.
 */
export function DataList({ entries, label }: { entries: [string, unknown][]; label: string }) {
  return (
    <dl className="grid grid-cols-[fit-content(40%)_minmax(0,1fr)] gap-x-4 gap-y-1 text-xs" aria-label={label}>
      {entries.map(([key, value], index) => (
        <div key={`${key}-${index}`} className="contents">
          <dt className="min-w-0 font-mono break-words text-muted-foreground">
            <IdentifierText value={key} />
          </dt>
          <dd className="min-w-0 font-mono break-words">{isScalar(value) ? <LongValueText value={formatScalar(value)} /> : <JsonTree value={value} label={key} />}</dd>
        </div>
      ))}
    </dl>
  );
}
