import type { ContextView } from "@/lib/event-payload";
import { DataList } from "./data-list";
import { Fold } from "./fold";
import { KeyValueList } from "./key-value-list";

/** Cards shown before "Show N more contexts"; one more than this is shown whole (the button would cost as much). */
const shownContexts = 4;

function ContextCard({ context }: { context: ContextView }) {
  return (
    <section aria-label={context.title} className="mb-3 min-w-0 break-inside-avoid rounded-md border border-border p-3">
      <h4 className="mb-1 text-xs font-semibold break-words">{context.title}</h4>
      {context.values ? <DataList entries={context.values} label={`Context ${context.name}`} /> : <KeyValueList entries={context.entries} label={`Context ${context.name}`} humanizeBytes />}
    </section>
  );
}

/**
 * The event's contexts, each a card with its title. Custom ones (`setContext("order", …)`) lead — the app
 * attached them to this error — with their values as sent, nested ones a tree; then the known ones (os,
 * device, runtime…) as key/value text with byte counts humanized. Past the first few, the rest fold.
 */
export function ContextCards({ contexts }: { contexts: ContextView[] }) {
  const ordered = [...contexts.filter((context) => context.values !== null), ...contexts.filter((context) => context.values === null)];
  const shown = ordered.length > shownContexts + 1 ? ordered.slice(0, shownContexts) : ordered;
  const folded = ordered.slice(shown.length);
  // Columns rather than a grid: short contexts stack under each other instead of beside the tallest.
  const columns = "gap-3 md:columns-2 xl:columns-3";
  return (
    <>
      <div className={columns}>
        {shown.map((context) => (
          <ContextCard key={context.name} context={context} />
        ))}
      </div>
      {folded.length > 0 ? (
        <Fold showLabel={`Show ${folded.length} more contexts (${folded.map((context) => context.title).join(", ")})`} hideLabel="Hide the other contexts">
          <div className={columns}>
            {folded.map((context) => (
              <ContextCard key={context.name} context={context} />
            ))}
          </div>
        </Fold>
      ) : null}
    </>
  );
}
