import { Badge } from "@/components/ui/badge";
import { CodeBlock } from "@/components/ui/code-block";
import { cn } from "@/lib/cn";
import type { FrameView } from "@/lib/event-payload";
import type { FrameNote } from "@/lib/frame-diagnosis";
import { KeyValueList } from "./key-value-list";
import { SafeLink } from "./safe-link";

/**
 * Frames newest first, each a disclosure: in-app frames open, the others closed (when a trace has no
 * in-app frame, the crashing one opens). A frame shows its file, function and line:column; opened, its
 * source context with the error line marked, and its local variables.
 */
export function StackTrace({ frames }: { frames: FrameView[] }) {
  const hasAppFrames = frames.some((frame) => frame.inApp);
  return (
    <ol className="divide-y divide-border overflow-hidden rounded-md border border-border" aria-label="Stack trace, newest frame first">
      {frames.map((frame, index) => (
        <li key={index}>
          <Frame frame={frame} isOpen={frame.inApp || (!hasAppFrames && index === 0)} />
        </li>
      ))}
    </ol>
  );
}

function FrameTitle({ frame }: { frame: FrameView }) {
  const location = frame.filename ?? frame.module ?? frame.absPath;
  const position = frame.lineno !== null ? `${frame.lineno}${frame.colno !== null ? `:${frame.colno}` : ""}` : null;
  return (
    <span className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-1.5 gap-y-0.5">
      {location ? (
        <SafeLink href={frame.absPath} className={cn("break-all", frame.inApp && "text-foreground")}>
          {location}
        </SafeLink>
      ) : null}
      {frame.function ? (
        <>
          <span className="text-muted-foreground">in</span>
          <span className={cn("break-all", frame.inApp && "font-semibold text-foreground")}>{frame.function}</span>
        </>
      ) : null}
      {position ? <span className="text-muted-foreground">at line {position}</span> : null}
      {frame.note?.isResolvedNow ? (
        <Badge className="font-sans" title="Resolved with source maps uploaded after this event arrived">
          Resolved now
        </Badge>
      ) : null}
      {frame.note?.diagnosis ? (
        <Badge className="border-danger/40 font-sans text-danger" title={frame.note.diagnosis.title}>
          {frame.note.diagnosis.code === "no_sources_content" ? "No source context" : "Minified"}
        </Badge>
      ) : null}
      {frame.inApp ? <Badge className="ml-auto font-sans">In app</Badge> : null}
    </span>
  );
}

function Frame({ frame, isOpen }: { frame: FrameView; isOpen: boolean }) {
  const frameClass = cn("font-mono text-xs", frame.inApp ? "bg-card" : "bg-muted/40 text-muted-foreground");
  const diagnosis = frame.note?.diagnosis ?? null;
  const hasDetails = frame.contextLine !== null || frame.vars.length > 0 || diagnosis !== null;
  if (!hasDetails) {
    return (
      <div className={cn(frameClass, "flex px-3 py-2 pl-7")}>
        <FrameTitle frame={frame} />
      </div>
    );
  }
  return (
    <details open={isOpen} className={cn(frameClass, "group")}>
      <summary className="flex cursor-pointer list-none items-baseline gap-1.5 px-3 py-2 hover:bg-muted [&::-webkit-details-marker]:hidden">
        <span aria-hidden className="inline-block w-2.5 shrink-0 text-muted-foreground transition-transform group-open:rotate-90">
          ›
        </span>
        <FrameTitle frame={frame} />
      </summary>
      <div className="space-y-2 px-3 pb-3">
        {diagnosis ? <FrameDiagnosisNote diagnosis={diagnosis} /> : null}
        {frame.contextLine !== null ? <SourceContext frame={frame} /> : null}
        {frame.vars.length > 0 ? (
          <div className="rounded border border-border bg-background p-2">
            <h4 className="mb-1 font-sans text-[11px] font-semibold text-muted-foreground">Variables</h4>
            <KeyValueList entries={frame.vars} label="Variables" />
          </div>
        ) : null}
      </div>
    </details>
  );
}

/** Why the frame stays minified, what to do, and the sentry-cli command (all text from the diagnosis, never HTML). */
function FrameDiagnosisNote({ diagnosis }: { diagnosis: NonNullable<FrameNote["diagnosis"]> }) {
  return (
    <section className="space-y-2 rounded border border-border bg-background p-2 font-sans text-xs text-foreground" aria-label="Why this frame is not resolved">
      <p className="font-semibold">{diagnosis.title}</p>
      <p className="text-muted-foreground">{diagnosis.advice}</p>
      {diagnosis.closest.length > 0 ? (
        <ul aria-label="Closest uploaded files" className="list-inside list-disc font-mono">
          {diagnosis.closest.map((url) => (
            <li key={url}>{url}</li>
          ))}
        </ul>
      ) : null}
      <CodeBlock code={diagnosis.command} label="sentry-cli command" />
    </section>
  );
}

function SourceContext({ frame }: { frame: FrameView }) {
  const firstLine = frame.lineno !== null ? frame.lineno - frame.preContext.length : null;
  const lines = [...frame.preContext, frame.contextLine ?? "", ...frame.postContext];
  return (
    <pre tabIndex={0} className="overflow-x-auto rounded border border-border bg-background py-1 text-[11px] leading-5 text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none" aria-label="Source context">
      {lines.map((line, index) => {
        const number = <span className="mr-3 inline-block w-10 shrink-0 text-right text-muted-foreground select-none">{firstLine !== null ? firstLine + index : ""}</span>;
        // <mark>: the line the frame was executing, highlighted for sight and named as such for screen readers.
        return index === frame.preContext.length ? (
          <mark key={index} className="flex bg-primary/15 px-2 font-semibold text-foreground" title="The line this frame was executing">
            {number}
            <code>{line}</code>
          </mark>
        ) : (
          <div key={index} className="flex px-2">
            {number}
            <code>{line}</code>
          </div>
        );
      })}
    </pre>
  );
}
