import { Tooltip } from "@/components/ui/tooltip";
import { humanizeByteValue } from "@/lib/humanize-bytes";
import { SafeLink } from "./safe-link";
import { IdentifierText } from "@/components/ui/identifier-text";
import { LongValueText } from "@/components/ui/long-value-text";

interface KeyValueListProps {
  entries: [string, string][];
  label?: string;
  /** Byte counts (memory_size, free_storage…) read as "23.5 GiB", the exact number in a tooltip: for contexts. */
  humanizeBytes?: boolean;
}

/**
 * Key/value pairs of event data (tags, user, request, a context) as a description list; http(s) URLs become
 * safe links. Text wraps between words and breaks inside one only when a single word is wider than the column.
 */
export function KeyValueList({ entries, label, humanizeBytes = false }: KeyValueListProps) {
  return (
    <dl className="grid grid-cols-[fit-content(40%)_minmax(0,1fr)] gap-x-4 gap-y-1 text-xs" aria-label={label}>
      {entries.map(([key, value], index) => {
        const humanized = humanizeBytes ? humanizeByteValue(key, value) : null;
        return (
          <div key={`${key}-${index}`} className="contents">
            <dt className="min-w-0 font-mono break-words text-muted-foreground">
              <IdentifierText value={key} />
            </dt>
            <dd className="min-w-0 font-mono break-words">
              {humanized ? (
                <Tooltip content={`${Number(value).toLocaleString("en")} bytes`}>
                  <span tabIndex={0} className="underline decoration-dotted underline-offset-2">
                    {humanized}
                  </span>
                </Tooltip>
              ) : (
                <SafeLink href={value}>
                  <LongValueText value={value} />
                </SafeLink>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
