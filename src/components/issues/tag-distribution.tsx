import type { TagDistribution as TagDistributionData } from "@/server/issues/get-issue-tag-distribution";
import { cn } from "@/lib/cn";

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
 * Each tag's most frequent values across the events, as labelled bars (Sentry's tag summary):
 * the value, its share and count as text, and a bar of that share; the event on display's value is marked.
 */
export function TagDistribution({ tags, eventTags }: TagDistributionProps) {
  if (tags.length === 0) return <p className="text-sm text-muted-foreground">No tags yet.</p>;
  const eventValue = new Map(eventTags);
  return (
    <div className="space-y-4">
      {tags.map((tag) => (
        <section key={tag.key} aria-label={`Tag ${tag.key}`}>
          <h3 className="mb-1 flex items-baseline justify-between gap-2 text-xs">
            <span className="font-mono font-semibold break-all">{tag.key}</span>
            <span className="shrink-0 text-muted-foreground">
              {tag.valueCount} {tag.valueCount === 1 ? "value" : "values"}
            </span>
          </h3>
          <ul className="space-y-1.5">
            {tag.topValues.map((value) => {
              const isEventValue = eventValue.get(tag.key) === value.value;
              return (
                <li key={value.value} className="text-xs">
                  <div className="flex items-baseline justify-between gap-2">
                    <span className={cn("min-w-0 font-mono break-all", isEventValue && "font-semibold")}>
                      {value.value}
                      {isEventValue ? <span className="ml-1 font-sans font-normal text-muted-foreground">(this event)</span> : null}
                    </span>
                    <span className="shrink-0 text-muted-foreground tabular-nums" title={`${value.count.toLocaleString("en")} ${value.count === 1 ? "event" : "events"}`}>
                      {percent(value.share)}
                    </span>
                  </div>
                  <div aria-hidden className="mt-0.5 h-1.5 overflow-hidden rounded-full bg-muted">
                    <div className={cn("h-full rounded-full", isEventValue ? "bg-primary" : "bg-primary/50")} style={{ width: `${Math.max(1, value.share * 100)}%` }} />
                  </div>
                </li>
              );
            })}
            {tag.otherCount > 0 ? (
              <li className="flex justify-between text-xs text-muted-foreground">
                <span>Other values</span>
                <span className="tabular-nums">{tag.otherCount.toLocaleString("en")} events</span>
              </li>
            ) : null}
          </ul>
        </section>
      ))}
    </div>
  );
}
