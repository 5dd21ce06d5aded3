import { longestUnbreakableRun } from "@/lib/longest-word";
import { cn } from "@/lib/cn";
import { IdentifierText } from "./identifier-text";
import { TextTooltip } from "./text-tooltip";

/**
 * The longest run that still fits the narrowest column values sit in (a side card's key/value list, about
 * 140 px of 12 px monospace): past it a run such as a 32-digit hash would have to break inside itself.
 */
const longestRunThatFits = 20;

/**
 * A value from event data (a release, a hash, a path, a tag value): it wraps after its separators like any
 * identifier, and when one run between them is too long to fit a narrow column it is cut to one line with an
 * ellipsis instead, the whole value in a tooltip on hover and focus, and still whole when selected and copied.
 */
export function LongValueText({ value, className, isInline = false }: { value: string; className?: string; isInline?: boolean }) {
  if (longestUnbreakableRun(value) <= longestRunThatFits) return <IdentifierText value={value} />;
  return (
    <TextTooltip tooltip={value} isWholeText className={cn(isInline ? "inline-block max-w-full align-bottom" : "block", "truncate no-underline", className)}>
      {value}
    </TextTooltip>
  );
}
