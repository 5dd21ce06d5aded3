import { Badge } from "@/components/ui/badge";
import type { ThreadView } from "@/lib/event-payload";
import { Fold } from "./fold";
import { StackTrace } from "./stack-trace";

function threadName(thread: ThreadView): string {
  const id = thread.id === null ? null : `#${thread.id}`;
  return [thread.name, id].filter(Boolean).join(" ") || "Thread";
}

/** `threads`: each thread's name, whether it crashed, is current or main, and its stack trace; folded at first. */
export function ThreadList({ threads }: { threads: ThreadView[] }) {
  return (
    <Fold showLabel={threads.length === 1 ? "Show 1 thread" : `Show ${threads.length} threads`} hideLabel="Hide threads">
      <ul aria-label="Threads" className="space-y-3">
        {threads.map((thread, index) => (
          <li key={index}>
            <h4 className="mb-1 flex flex-wrap items-center gap-2 text-xs font-semibold">
              <span className="font-mono wrap-break-word">{threadName(thread)}</span>
              {thread.crashed ? <Badge className="border-danger/40 text-danger">crashed</Badge> : null}
              {thread.current ? <Badge>current</Badge> : null}
              {thread.main ? <Badge>main</Badge> : null}
              {thread.state ? <span className="font-normal text-muted-foreground">{thread.state}</span> : null}
            </h4>
            {thread.frames.length > 0 ? <StackTrace frames={thread.frames} /> : <p className="text-xs text-muted-foreground">No stack trace.</p>}
          </li>
        ))}
      </ul>
    </Fold>
  );
}
