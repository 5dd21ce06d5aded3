"use client";

import { useState, useSyncExternalStore } from "react";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { cn } from "@/lib/cn";
import type { ExceptionView } from "@/lib/event-payload";
import { formatRawStackTrace } from "@/lib/raw-stack-trace";
import { StackTrace } from "./stack-trace";

type TraceView = "full" | "app" | "minified" | "raw";

const allViews: { value: TraceView; label: string }[] = [
  { value: "full", label: "Full" },
  { value: "app", label: "In-app only" },
  { value: "minified", label: "Minified" },
  { value: "raw", label: "Raw" },
];

/** Where the browser remembers whether this person reads traces in-app only (a per-person preference, not data). */
const viewStorageKey = "lantern.stack-trace-view";

function rememberedView(): TraceView | null {
  try {
    return window.localStorage.getItem(viewStorageKey) === "app" ? "app" : null;
  } catch {
    return null;
  }
}

/** Another tab changing the choice changes it here too. */
function subscribeToRememberedView(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
}

function rememberView(view: TraceView): void {
  if (view !== "full" && view !== "app") return;
  try {
    window.localStorage.setItem(viewStorageKey, view);
  } catch {
    // Storage refused (private mode, quota): the choice lasts for this page only.
  }
}

/**
 * The exception chain, newest first: `Type: value`, how it was caught, and its stack trace in one of
 * the views chosen above the chain — every frame, in-app frames only, the minified frames source maps
 * replaced (when they did), or the plain-text form. `resolvedNow` counts frames the page resolved with maps
 * uploaded after the event arrived. "In-app only" is remembered in this browser; only the top exception's
 * crashing frame opens, and a cause shows its first frames, until "Expand all frames".
 */
export function ExceptionChain({ exceptions, resolvedNow = 0 }: { exceptions: ExceptionView[]; resolvedNow?: number }) {
  const [chosen, setChosen] = useState<TraceView | null>(null);
  // The server cannot know this browser's choice: it renders "full", the browser its remembered view.
  const remembered = useSyncExternalStore(subscribeToRememberedView, rememberedView, () => null);
  const view = chosen ?? remembered ?? "full";
  const [expandAll, setExpandAll] = useState(false);
  const choose = (next: TraceView) => {
    setChosen(next);
    rememberView(next);
  };
  const hasFrames = exceptions.some((exception) => exception.frames.length > 0);
  const hasMinified = exceptions.some((exception) => (exception.rawFrames?.length ?? 0) > 0);
  const views = allViews.filter((option) => option.value !== "minified" || hasMinified);
  return (
    <div className="space-y-4">
      {resolvedNow > 0 ? (
        <p role="status" className="rounded-md border border-border bg-muted px-3 py-2 text-xs">
          {resolvedNow === 1 ? "1 frame was" : `${resolvedNow} frames were`} resolved now with source maps uploaded after this event arrived. The stored event keeps its minified frames
          {hasMinified ? " (Minified shows them)" : ""}.
        </p>
      ) : null}
      {hasFrames ? (
        <div className="flex flex-wrap items-center gap-2">
          <div role="group" aria-label="Stack trace view" className="inline-flex rounded-md border border-border p-0.5">
            {views.map((option) => (
              <button
                key={option.value}
                type="button"
                aria-pressed={view === option.value}
                onClick={() => choose(option.value)}
                className={cn(
                  "rounded px-2.5 py-1 text-xs font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                  view === option.value ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:bg-muted",
                )}
              >
                {option.label}
              </button>
            ))}
          </div>
          {view !== "raw" ? (
            <button
              type="button"
              aria-pressed={expandAll}
              onClick={() => setExpandAll((previous) => !previous)}
              className="rounded-md border border-border px-2.5 py-1 text-xs font-medium text-muted-foreground hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-pressed:bg-muted aria-pressed:text-foreground"
            >
              Expand all frames
            </button>
          ) : null}
        </div>
      ) : null}
      {exceptions.map((exception, index) => (
        <article key={index} aria-label={exception.type ?? "Exception"}>
          {index > 0 ? <p className="mb-2 text-xs text-muted-foreground">caused by (or raised while handling)</p> : null}
          <h3 className="text-sm font-semibold break-words">
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
          <Trace exception={exception} view={view} expandAll={expandAll} isCause={index > 0} />
        </article>
      ))}
    </div>
  );
}

/** A cause's trace starts closed and short (its first rows), as Sentry shows the chain: the top error leads. */
const causeTrace = { opensCrashingFrame: false, firstRows: 2 };

function Trace({ exception, view, expandAll, isCause }: { exception: ExceptionView; view: TraceView; expandAll: boolean; isCause: boolean }) {
  if (exception.frames.length === 0) return <p className="text-sm text-muted-foreground">No stack trace.</p>;
  const shape = isCause ? causeTrace : {};
  if (view === "minified") {
    const minified = exception.rawFrames ?? [];
    if (minified.length > 0) return <StackTrace key={String(expandAll)} frames={minified} expandAll={expandAll} {...shape} />;
    return (
      <>
        <p className="mb-2 text-xs text-muted-foreground">No frame of this trace was resolved with a source map; showing the frames as sent.</p>
        <StackTrace key={String(expandAll)} frames={exception.frames} expandAll={expandAll} {...shape} />
      </>
    );
  }
  if (view === "raw") {
    const raw = formatRawStackTrace(exception);
    return (
      <div className="relative rounded-md border border-border bg-muted">
        <div className="absolute top-2 right-2">
          <CopyButton value={raw} label="Copy stack trace" />
        </div>
        <pre tabIndex={0} className="overflow-x-auto p-3 pr-24 font-mono text-xs leading-relaxed focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none" aria-label="Raw stack trace">
          {raw}
        </pre>
      </div>
    );
  }
  if (view === "app") {
    const appFrames = exception.frames.filter((frame) => frame.inApp);
    if (appFrames.length > 0) return <StackTrace key={String(expandAll)} frames={appFrames} expandAll={expandAll} {...shape} />;
    return (
      <>
        <p className="mb-2 text-xs text-muted-foreground">No frame of this trace is in-app; showing all frames.</p>
        <StackTrace key={String(expandAll)} frames={exception.frames} expandAll={expandAll} {...shape} />
      </>
    );
  }
  return <StackTrace key={String(expandAll)} frames={exception.frames} expandAll={expandAll} {...shape} />;
}
