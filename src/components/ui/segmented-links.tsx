import Link from "next/link";
import { cn } from "@/lib/cn";

export interface SegmentedOption<Value extends string> {
  value: Value;
  /** What the switch shows ("24 hours", "Top unresolved"). */
  label: string;
}

interface SegmentedLinksProps<Value extends string> {
  /** The switch's accessible name, e.g. "Chart range". */
  label: string;
  /** The first option is the page's default: its link carries no parameter. */
  options: readonly SegmentedOption<Value>[];
  current: Value;
  /** The page's own path. */
  path: string;
  /** The query parameter naming any other option. */
  parameter: string;
  /** The page's other query parameters, kept by every link (another switch's choice). */
  keep?: Record<string, string>;
}

/**
 * Links that switch a page between views of one thing (a segmented control). Links rather than buttons: the
 * page reads the choice on the server, and each choice has its own address. They replace the history entry
 * and keep the scroll position, so switching back and forth does not fill the back button.
 */
export function SegmentedLinks<Value extends string>({ label, options, current, path, parameter, keep = {} }: SegmentedLinksProps<Value>) {
  return (
    <nav aria-label={label} className="inline-flex rounded-md border border-border p-0.5 text-xs">
      {options.map((option, index) => {
        const query = new URLSearchParams({ ...keep, ...(index === 0 ? {} : { [parameter]: option.value }) }).toString();
        return (
          <Link
            key={option.value}
            href={query ? `${path}?${query}` : path}
            prefetch={false}
            scroll={false}
            replace
            aria-current={option.value === current ? "page" : undefined}
            className={cn("rounded px-2.5 py-1 font-medium whitespace-nowrap", option.value === current ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:bg-muted")}
          >
            {option.label}
          </Link>
        );
      })}
    </nav>
  );
}
