import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import { componentContributes } from "@/lib/grouping-tree";
import type { GroupingResult, GroupingVariant } from "@/lib/grouping-result";
import type { GroupingComponent } from "@/lib/grouping-tree";

interface GroupingExplanationProps {
  grouping: GroupingResult;
  /** The hash the event joined its issue by (as stored at digest). */
  eventHash: string | null;
}

/**
 * "Why grouped this way": every grouping variant of the event, computed with the project's current rules,
 * with its hash, whether it contributes, and its component tree (contributing values emphasised).
 */
export function GroupingExplanation({ grouping, eventHash }: GroupingExplanationProps) {
  const joinedByCurrent = eventHash !== null && grouping.hashes.includes(eventHash);
  // The tree of the variant the event joined by is open; when none matches, the first contributing one's.
  const openKey = grouping.variants.find((variant) => variant.hash !== null && variant.hash === eventHash)?.key ?? grouping.variants.find((variant) => variant.hash !== null)?.key;
  return (
    <div className="space-y-4">
      {eventHash && !joinedByCurrent ? (
        <p className="text-sm text-muted-foreground">
          This event joined its issue by <code className="font-mono">{eventHash}</code>, which the current rules no longer produce; the rules changed since it arrived.
        </p>
      ) : null}
      {grouping.title ? <p className="text-sm">A fingerprint rule set the title: {grouping.title}</p> : null}
      {grouping.variants.map((variant) => (
        <Variant key={variant.key} variant={variant} isEventHash={variant.hash !== null && variant.hash === eventHash} isOpen={variant.key === openKey} />
      ))}
    </div>
  );
}

function Variant({ variant, isEventHash, isOpen }: { variant: GroupingVariant; isEventHash: boolean; isOpen: boolean }) {
  const contributes = variant.hash !== null;
  return (
    <article aria-label={`Variant ${variant.key}`} className={cn("rounded-md border p-3", isEventHash ? "border-primary" : "border-border")}>
      <h3 className="flex flex-wrap items-center gap-2 text-sm font-semibold">
        <Badge>{variant.key}</Badge>
        <span className={contributes ? undefined : "text-muted-foreground"}>{variant.description}</span>
        {isEventHash ? <Badge className="border-primary font-sans text-primary">This event joined by this hash</Badge> : null}
      </h3>
      <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-xs">
        <dt className="text-muted-foreground">Hash</dt>
        <dd className="font-mono wrap-break-word">{variant.hash ?? "none"}</dd>
        <dt className="text-muted-foreground">Contributes</dt>
        <dd>
          {contributes ? "yes" : "no"}
          {variant.hint ? <span className="text-muted-foreground"> — {variant.hint}</span> : null}
        </dd>
        {variant.fingerprint ? (
          <>
            <dt className="text-muted-foreground">Fingerprint</dt>
            <dd className="font-mono wrap-break-word">{variant.fingerprint.join(", ")}</dd>
          </>
        ) : null}
        {variant.matchedRule ? (
          <>
            <dt className="text-muted-foreground">Matched rule</dt>
            <dd className="font-mono wrap-break-word">{variant.matchedRule}</dd>
          </>
        ) : null}
      </dl>
      {variant.component ? (
        <details className="mt-3" open={isOpen}>
          <summary className="cursor-pointer text-xs text-muted-foreground">Components</summary>
          <ul className="mt-1 text-xs" aria-label={`Components of ${variant.key}`}>
            <ComponentNode node={variant.component} parentContributes />
          </ul>
        </details>
      ) : null}
    </article>
  );
}

/** Hashed values are emphasised; values that do not count are struck through and muted. */
function valueClass(contributes: boolean): string {
  return cn("font-mono wrap-break-word", contributes ? "rounded bg-primary/10 px-1 font-semibold text-foreground" : "text-muted-foreground line-through decoration-muted-foreground/50");
}

function ComponentNode({ node, parentContributes }: { node: GroupingComponent; parentContributes: boolean }) {
  const contributes = componentContributes(node);
  // Under a node that already does not contribute, repeating "does not contribute" on each child is noise.
  const hint = node.hint ?? (!contributes && parentContributes ? "does not contribute" : null);
  const isLeaf = node.values.every((value) => typeof value === "string");
  return (
    <li className="mt-0.5">
      <span className={contributes ? "font-semibold text-foreground" : "text-muted-foreground"}>{node.name ?? node.id}</span>
      {!contributes && parentContributes ? <span className="sr-only"> (not contributing)</span> : null}
      {isLeaf
        ? node.values.map((value, index) => (
            <code key={index} className={cn("ml-2", valueClass(contributes))}>
              {String(value)}
            </code>
          ))
        : null}
      {hint ? <span className="ml-1.5 text-muted-foreground italic">({hint})</span> : null}
      {!isLeaf ? (
        <ul className="ml-2 border-l border-border pl-3">
          {node.values.map((value, index) =>
            typeof value === "string" ? (
              <li key={index} className="mt-0.5">
                <code className={valueClass(contributes)}>{value}</code>
              </li>
            ) : (
              <ComponentNode key={index} node={value} parentContributes={contributes} />
            ),
          )}
        </ul>
      ) : null}
    </li>
  );
}
