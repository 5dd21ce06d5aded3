import type { ProcessingErrorView } from "@/lib/event-payload";
import { Fold } from "./fold";

/** What processing repaired or dropped in this event (`errors`), folded under a count, as Sentry shows it. */
export function ProcessingErrors({ errors }: { errors: ProcessingErrorView[] }) {
  return (
    <Fold showLabel={errors.length === 1 ? "There was 1 problem processing this event" : `There were ${errors.length} problems processing this event`} hideLabel="Hide the problems">
      <ul aria-label="Processing errors" className="space-y-1 text-xs">
        {errors.map((error, index) => (
          <li key={index} className="font-mono break-words">
            <span className="font-semibold">{error.type}</span>
            {error.name ? <span> {error.name}</span> : null}
            {error.value !== null ? <span className="text-muted-foreground">: {error.value}</span> : null}
          </li>
        ))}
      </ul>
    </Fold>
  );
}
