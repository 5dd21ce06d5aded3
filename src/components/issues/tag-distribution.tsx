import type { TagDistribution as TagDistributionData } from "@/lib/views/issues";
import { cn } from "@/lib/cn";
import { LongValueText } from "@/components/ui/long-value-text";

interface TagDistributionProps {
  tags: TagDistributionData[];
  /** The event on display's tags, so its value can be marked in each bar list. */
  eventTags: [string, string][];
}

function percent(share: number): string {
  if (share > 0 && share < 0.01) return "<1%";
  return `${Math.round(share * 100)}%`;
}

/**
 * Derived keys that repeat another key's value in parts (`browser.name` beside `browser`, `user.email` beside
 * `user`): searchable, but shown only when the issue has no parent key to read them in.
 */
function repeatsParent(key: string, keys: ReadonlySet<string>): boolean {
  const dot = key.indexOf(".");
  return dot > 0 && keys.has(key.slice(0, dot));
}

/**
 * Each tag's most frequent values across the events (Sentry's tag summary), one tag a line: its
 * values with their shares as text (the counts for screen readers); the event on display's value is marked.
 */
export function TagDistribution({ tags, eventTags }: TagDistributionProps) {
  if (tags.length === 0) return <p className="text-sm text-muted-foreground">No tags yet.</p>;
  const eventValue = new Map(eventTags);
  const keys = new Set(tags.map((tag) => tag.key));
  return (
    <div className="space-y-2.5">
      {tags
        .filter((tag) => !repeatsParent(tag.key, keys))
        .map((tag) => (
          <section key={tag.key} aria-label={`Tag ${tag.key}`} className="text-xs">
            <div className="flex items-baseline gap-2">
              <h3 className="shrink-0 font-mono font-semibold">{tag.key}</h3>
              <ul className="flex min-w-0 flex-1 flex-wrap justify-end gap-x-2 text-right">
                {tag.topValues.map((value) => {
                  const isEventValue = eventValue.get(tag.key) === value.value;
                  return (
                    <li key={value.value} className="min-w-0 wrap-break-word">
                      <span className={cn("font-mono", isEventValue && "font-semibold")}>
                        <LongValueText value={value.value} isInline />
                      </span>
                      {isEventValue ? <span className="ml-1 text-muted-foreground">(this event)</span> : null}{" "}
                      <span className="text-muted-foreground tabular-nums">
                        {percent(value.share)}
                        <span className="sr-only">
                          {" "}
                          ({value.count.toLocaleString("en")} {value.count === 1 ? "event" : "events"})
                        </span>
                      </span>
                    </li>
                  );
                })}
                {tag.otherCount > 0 ? <li className="text-muted-foreground">other values {tag.otherCount.toLocaleString("en")} events</li> : null}
              </ul>
            </div>
          </section>
        ))}
    </div>
  );
}
