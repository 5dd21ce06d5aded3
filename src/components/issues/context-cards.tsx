import type { ContextView } from "@/lib/event-payload";
import { DataList } from "./data-list";
import { KeyValueList } from "./key-value-list";

/**
 * The event's contexts, each a card with its title. Custom ones (`setContext("order", …)`) lead — the app
 * attached them to this error — with their values as sent, nested ones a tree; then the known ones (os,
 * device, runtime…) as key/value text with byte counts humanized.
 */
export function ContextCards({ contexts }: { contexts: ContextView[] }) {
  const ordered = [...contexts.filter((context) => context.values !== null), ...contexts.filter((context) => context.values === null)];
  return (
    // Columns rather than a grid: short contexts stack under each other instead of beside the tallest.
    // Two at most: a third column leaves a 32-digit trace id less room than it needs, so it would break inside.
    <div className="gap-3 md:columns-2">
      {ordered.map((context) => (
        <section key={context.name} aria-label={context.title} className="mb-3 min-w-0 break-inside-avoid rounded-md border border-border p-3">
          <h4 className="mb-1 text-xs font-semibold break-words">{context.title}</h4>
          {context.values ? <DataList entries={context.values} label={`Context ${context.name}`} /> : <KeyValueList entries={context.entries} label={`Context ${context.name}`} humanizeBytes />}
        </section>
      ))}
    </div>
  );
}
