import { Badge } from "@/components/ui/badge";
import type { ExceptionView } from "@/lib/event-payload";
import { StackTrace } from "./stack-trace";

/** The exception chain, newest first: `Type: value`, how it was caught, and its stack trace. */
export function ExceptionChain({ exceptions }: { exceptions: ExceptionView[] }) {
  return (
    <div className="space-y-6">
      {exceptions.map((exception, index) => (
        <article key={index} aria-label={exception.type ?? "Exception"}>
          {index > 0 ? <p className="mb-2 text-xs text-muted-foreground">caused by (or raised while handling)</p> : null}
          <h3 className="text-sm font-semibold break-all">
            {exception.type ?? "Error"}
            {exception.value ? <span className="font-normal">: {exception.value}</span> : null}
          </h3>
          <div className="mt-1 mb-3 flex flex-wrap gap-2 text-xs text-muted-foreground">
            {exception.mechanism ? (
              <>
                <Badge className={exception.mechanism.handled === false ? "border-danger/40 text-danger" : undefined}>
                  {exception.mechanism.handled === false ? "unhandled" : exception.mechanism.handled === true ? "handled" : "handled: unknown"}
                </Badge>
                <span>mechanism: {exception.mechanism.type}</span>
              </>
            ) : null}
            {exception.module ? <span>module: {exception.module}</span> : null}
          </div>
          {exception.frames.length > 0 ? <StackTrace frames={exception.frames} /> : <p className="text-sm text-muted-foreground">No stack trace.</p>}
        </article>
      ))}
    </div>
  );
}
