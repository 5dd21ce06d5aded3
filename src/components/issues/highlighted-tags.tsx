import { readHighlightedTags } from "@/lib/highlighted-tags";
import { TextTooltip } from "@/components/ui/text-tooltip";

/** The strip under the header: environment, release, browser or runtime, OS, user, URL, handled (text only). */
export function HighlightedTags({ payload }: { payload: Record<string, unknown> }) {
  const tags = readHighlightedTags(payload);
  if (tags.length === 0) return null;
  return (
    <dl aria-label="Highlighted tags" className="mb-6 flex flex-wrap gap-2 text-xs">
      {tags.map((tag) => (
        <div key={tag.key} className="flex max-w-full min-w-0 items-baseline gap-1.5 rounded-md border border-border bg-card px-2 py-1">
          <dt className="shrink-0 text-muted-foreground">{tag.label}</dt>
          <dd className={tag.key === "url" || tag.key === "release" ? "max-w-48 min-w-0 truncate font-mono" : "min-w-0 truncate font-medium"}>
            {/* Cut short by CSS: the whole value in a tooltip, on hover and on focus. */}
            <TextTooltip tooltip={tag.value} isWholeText className="no-underline">
              {tag.value}
            </TextTooltip>
          </dd>
        </div>
      ))}
    </dl>
  );
}
