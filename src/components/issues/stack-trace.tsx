import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import type { FrameView } from "@/lib/event-payload";
import { SafeLink } from "./safe-link";

/**
 * Frames newest first. When the trace has in-app frames, each run of system frames between them is
 * collapsed behind "Show N more frames"; a trace of system frames only is shown whole.
 */
export function StackTrace({ frames }: { frames: FrameView[] }) {
  const hasAppFrames = frames.some((frame) => frame.inApp);
  const groups: FrameView[][] = [];
  for (const frame of frames) {
    const last = groups[groups.length - 1];
    if (hasAppFrames && !frame.inApp && last && !last[0]!.inApp) last.push(frame);
    else groups.push([frame]);
  }
  return (
    <ol className="divide-y divide-border rounded-md border border-border" aria-label="Stack trace, newest frame first">
      {groups.map((group, index) =>
        hasAppFrames && !group[0]!.inApp ? (
          <li key={index}>
            <details>
              <summary className="cursor-pointer px-3 py-1.5 text-xs text-muted-foreground hover:bg-muted">
                Show {group.length} more {group.length === 1 ? "frame" : "frames"}
              </summary>
              <ol className="divide-y divide-border border-t border-border">
                {group.map((frame, frameIndex) => (
                  <li key={frameIndex}>
                    <Frame frame={frame} />
                  </li>
                ))}
              </ol>
            </details>
          </li>
        ) : (
          <li key={index}>
            <Frame frame={group[0]!} />
          </li>
        ),
      )}
    </ol>
  );
}

function Frame({ frame }: { frame: FrameView }) {
  const location = frame.filename ?? frame.module ?? frame.absPath;
  const position = frame.lineno !== null ? `${frame.lineno}${frame.colno !== null ? `:${frame.colno}` : ""}` : null;
  return (
    <div className={cn("px-3 py-2 font-mono text-xs", frame.inApp ? "bg-card" : "bg-muted/40 text-muted-foreground")}>
      <div className="flex flex-wrap items-baseline gap-x-1.5 gap-y-1">
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
        {frame.inApp ? <Badge className="ml-auto font-sans">In app</Badge> : null}
      </div>
      {frame.contextLine !== null ? <SourceContext frame={frame} /> : null}
    </div>
  );
}

function SourceContext({ frame }: { frame: FrameView }) {
  const firstLine = frame.lineno !== null ? frame.lineno - frame.preContext.length : null;
  const lines = [...frame.preContext, frame.contextLine ?? "", ...frame.postContext];
  return (
    <pre className="mt-2 overflow-x-auto rounded border border-border bg-background py-1 text-[11px] leading-5" aria-label="Source context">
      {lines.map((line, index) => {
        const isCurrent = index === frame.preContext.length;
        return (
          <div key={index} className={cn("flex px-2", isCurrent && "bg-primary/15 font-semibold text-foreground")}>
            <span className="mr-3 inline-block w-10 shrink-0 select-none text-right text-muted-foreground">{firstLine !== null ? firstLine + index : ""}</span>
            <code>{line}</code>
          </div>
        );
      })}
    </pre>
  );
}
