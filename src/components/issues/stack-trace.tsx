"use client";

import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { CodeBlock } from "@/components/ui/code-block";
import { IdentifierText } from "@/components/ui/identifier-text";
import { ShowMoreButton } from "@/components/ui/show-more-button";
import { Tooltip } from "@/components/ui/tooltip";
import { cn } from "@/lib/cn";
import type { FrameView } from "@/lib/event-payload";
import type { FrameNote } from "@/lib/frame-diagnosis";
import { KeyValueList } from "./key-value-list";
import { SafeLink } from "./safe-link";

type Row = { kind: "frame"; frame: FrameView; index: number } | { kind: "folded"; frames: { frame: FrameView; index: number }[] };

/** Runs of this many system (not in-app) frames or more fold into one "N more frames" row. */
const minFoldedRun = 2;

/**
 * The crashing frame: the newest in-app frame (where the app's own code was when it failed), or the
 * newest frame when no frame is in-app.
 */
export function crashingFrameIndex(frames: FrameView[]): number {
  const index = frames.findIndex((frame) => frame.inApp);
  return index === -1 ? 0 : index;
}

/** Consecutive system frames between the app's frames become one folded row (only when the trace has in-app frames). */
function foldSystemFrames(frames: FrameView[]): Row[] {
  const hasAppFrames = frames.some((frame) => frame.inApp);
  const rows: Row[] = [];
  let run: { frame: FrameView; index: number }[] = [];
  const flush = () => {
    if (run.length >= minFoldedRun) rows.push({ kind: "folded", frames: run });
    else rows.push(...run.map((entry) => ({ kind: "frame" as const, ...entry })));
    run = [];
  };
  frames.forEach((frame, index) => {
    if (hasAppFrames && !frame.inApp) {
      run.push({ frame, index });
      return;
    }
    flush();
    rows.push({ kind: "frame", frame, index });
  });
  flush();
  return rows;
}

interface StackTraceProps {
  frames: FrameView[];
  expandAll?: boolean;
  /** Open the crashing frame (the top exception's trace); a cause's trace starts with every frame closed. */
  opensCrashingFrame?: boolean;
  /** Show only this many rows until "Show N more frames" (a cause's trace); every row when unset. */
  firstRows?: number;
}

/**
 * Frames newest first, each a disclosure: only the crashing frame opens (or every frame, with `expandAll`);
 * runs of system frames fold into "N more frames", which unfolds in place. A frame shows its file, function
 * and line:column; opened, its source context with the error line marked, and its local variables. With
 * `firstRows`, the rows past the first few wait behind one "Show N more frames" button.
 */
export function StackTrace({ frames, expandAll = false, opensCrashingFrame = true, firstRows }: StackTraceProps) {
  const crashing = opensCrashingFrame ? crashingFrameIndex(frames) : -1;
  const [unfolded, setUnfolded] = useState<ReadonlySet<number>>(new Set());
  const [showsAllRows, setShowsAllRows] = useState(false);
  const allRows = expandAll ? frames.map((frame, index): Row => ({ kind: "frame", frame, index })) : foldSystemFrames(frames);
  // One row more than the limit would be the button's own height: shown instead.
  const isCut = !expandAll && !showsAllRows && firstRows !== undefined && allRows.length > firstRows + 1;
  const rows = isCut ? allRows.slice(0, firstRows) : allRows;
  const hiddenFrames = allRows.slice(rows.length).reduce((total, row) => total + (row.kind === "frame" ? 1 : row.frames.length), 0);
  return (
    <div>
      <ol className="divide-y divide-border overflow-hidden rounded-md border border-border" aria-label="Stack trace, newest frame first">
        {rows.flatMap((row) => {
          if (row.kind === "frame") {
            return [
              <li key={row.index}>
                <Frame frame={row.frame} isOpen={expandAll || row.index === crashing} showAllLines={expandAll} />
              </li>,
            ];
          }
          const first = row.frames[0]!.index;
          if (unfolded.has(first)) {
            return row.frames.map((entry) => (
              <li key={entry.index}>
                <Frame frame={entry.frame} isOpen={false} />
              </li>
            ));
          }
          return [
            <li key={`fold-${first}`}>
              <button
                type="button"
                aria-expanded={false}
                onClick={() => setUnfolded((previous) => new Set([...previous, first]))}
                className="w-full bg-muted/40 px-3 py-1.5 pl-7 text-left font-mono text-xs text-muted-foreground hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                {row.frames.length} more frames (not in-app)
              </button>
            </li>,
          ];
        })}
      </ol>
      {isCut ? (
        <ShowMoreButton onClick={() => setShowsAllRows(true)}>Show {hiddenFrames} more {hiddenFrames === 1 ? "frame" : "frames"}</ShowMoreButton>
      ) : null}
    </div>
  );
}

function FrameTitle({ frame }: { frame: FrameView }) {
  const location = frame.filename ?? frame.module ?? frame.absPath;
  const position = frame.lineno !== null ? `${frame.lineno}${frame.colno !== null ? `:${frame.colno}` : ""}` : null;
  return (
    <span className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-1.5 gap-y-0.5">
      {location ? (
        // Breaks after the path's separators: an absolute path (a checkout's deep folder) is otherwise one
        // unbreakable word as wide as itself, which widened the frame list past its rounded, clipping border.
        <SafeLink href={frame.absPath} className={cn("min-w-0 wrap-break-word", frame.inApp && "text-foreground")}>
          <IdentifierText value={location} />
        </SafeLink>
      ) : null}
      {frame.function ? (
        <>
          <span className="text-muted-foreground">in</span>
          <span className={cn("min-w-0 wrap-break-word", frame.inApp && "font-semibold text-foreground")}>
            <IdentifierText value={frame.function} />
          </span>
        </>
      ) : null}
      {position ? <span className="text-muted-foreground">at line {position}</span> : null}
      {frame.note?.isResolvedNow ? (
        // Hover hints only: these badges sit in the frame's <summary>, where a focusable child would nest controls;
        // the trace's status line and the opened frame's note say the same in text.
        <Tooltip content="Resolved with source maps uploaded after this event arrived">
          <Badge className="font-sans">
            Resolved now
          </Badge>
        </Tooltip>
      ) : null}
      {frame.note?.diagnosis ? (
        <Tooltip content={frame.note.diagnosis.title}>
          <Badge className="border-danger/40 font-sans text-danger">
            {frame.note.diagnosis.code === "no_sources_content" ? "No source context" : "Minified"}
          </Badge>
        </Tooltip>
      ) : null}
      {frame.inApp ? <Badge className="ml-auto font-sans">In app</Badge> : null}
    </span>
  );
}

function Frame({ frame, isOpen, showAllLines = false }: { frame: FrameView; isOpen: boolean; showAllLines?: boolean }) {
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
        {frame.contextLine !== null ? <SourceContext frame={frame} showAllLines={showAllLines} /> : null}
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

/** Lines shown on each side of the executing line until "Show all lines"; SDKs send up to 7 (Node) or 5. */
const nearbyLines = 2;

function SourceContext({ frame, showAllLines }: { frame: FrameView; showAllLines: boolean }) {
  const [isFull, setIsFull] = useState(showAllLines);
  const firstLine = frame.lineno !== null ? frame.lineno - frame.preContext.length : null;
  const lines = [...frame.preContext, frame.contextLine ?? "", ...frame.postContext];
  const executing = frame.preContext.length;
  const isFar = (index: number) => Math.abs(index - executing) > nearbyLines;
  const farCount = lines.filter((_, index) => isFar(index)).length;
  return (
    <div>
      <pre tabIndex={0} className="scroll-hint-x rounded border border-border bg-background py-1 text-[11px] leading-4 text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none" aria-label="Source context">
        {lines.map((line, index) => {
          const number = <span className="mr-3 inline-block w-10 shrink-0 text-right text-muted-foreground select-none">{firstLine !== null ? firstLine + index : ""}</span>;
          // <mark>: the line the frame was executing, highlighted for sight and named as such for screen readers.
          return index === executing ? (
            <mark key={index} className="relative flex bg-primary/15 px-2 font-semibold text-foreground">
              <span className="sr-only select-none">The line this frame was executing: </span>
              {number}
              <code>{line}</code>
            </mark>
          ) : (
            // Far lines stay in the document (find in page, copy), hidden until asked for.
            <div key={index} className="flex px-2" hidden={!isFull && isFar(index)}>
              {number}
              <code>{line}</code>
            </div>
          );
        })}
      </pre>
      {farCount > 0 ? (
        <button
          type="button"
          aria-expanded={isFull}
          onClick={() => setIsFull((previous) => !previous)}
          className="mt-1 rounded px-1 font-sans text-[11px] text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {isFull ? "Show fewer lines" : `Show all ${lines.length} lines`}
        </button>
      ) : null}
    </div>
  );
}
