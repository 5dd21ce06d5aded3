"use client";

import { recordingPath } from "@/lib/replays/recording-path";
import Link from "next/link";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { preload } from "react-dom";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { buildReplayTimeline, formatOffset, initialOffsetMs, type ErrorEventFact, type ReplayTimeline, type TimelineMarker } from "@/lib/replays/replay-timeline";

type PlayerMessage = { type: "lantern-replay:ready" } | { type: "lantern-replay:first-frame"; offsetMs: number; at?: number } | { type: "lantern-replay:time"; offsetMs: number } | { type: "lantern-replay:failed"; message: string };

interface ReplayPlayerProps {
  replayId: string;
  projectSlug: string;
  errors: ErrorEventFact[];
  /** `?t=` and `?event=` of the page: where the player opens. */
  openAt: { t: string | null; event: string | null };
  /** The same moment as the server reckons it (from the replay's start), for the loader that starts the player itself. */
  startAtMs: number;
}

type Recording = { state: "loading" } | { state: "failed"; message: string } | { state: "loaded"; timeline: ReplayTimeline };

const remoteStorageKey = (replayId: string) => `lantern.replay.remote.${replayId}`;
const subscribeToNothing = () => () => {};

/**
 * The replay page's player: fetches the (sanitized) recording with the viewer's session and hands it by
 * postMessage to the player loader (`/replays/player`), which passes it to the player in its opaque `data:`
 * frame (src/server/replay-player/player-document.ts); only messages from the loader's window are read. Around it: a timeline with the
 * errors, clicks and navigations, and the console, network, breadcrumbs and errors panels, each row seeking
 * the player. Recorded values are React text, never HTML.
 */
export function ReplayPlayer({ replayId, projectSlug, errors, openAt, startAtMs }: ReplayPlayerProps) {
  // The recording starts loading with the page's HTML, not after hydration (same credentials as the fetch below).
  preload(recordingPath(replayId), { as: "fetch", crossOrigin: "anonymous" });
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [recording, setRecording] = useState<Recording>({ state: "loading" });
  // The opt-in is remembered for this replay only, in this tab; the server renders without it.
  const storedRemote = useSyncExternalStore(
    subscribeToNothing,
    () => window.sessionStorage.getItem(remoteStorageKey(replayId)) === "1",
    () => false,
  );
  const [optedIn, setOptedIn] = useState(false);
  /** Where the player was when the viewer opted in: the new frame starts there. */
  const [optInAtMs, setOptInAtMs] = useState<number | null>(null);
  const remote = storedRemote || optedIn;
  const [currentMs, setCurrentMs] = useState(0);
  const [firstFrame, setFirstFrame] = useState(false);
  const [playerProblem, setPlayerProblem] = useState<string | null>(null);
  const frameReady = useRef(false);
  const positionMs = useRef<number | null>(null);

  const post = useCallback((message: Record<string, unknown>) => {
    // The loader is Lantern's own document; it passes the message on to the opaque player frame inside it.
    frameRef.current?.contentWindow?.postMessage(message, window.location.origin);
  }, []);

  // The recording as JSON text: a string crosses the two postMessage hops without cloning 10 minutes of
  // events object by object. Sent on every `ready` (a reloaded frame is a new player; one playing ignores it).
  const recordingText = useRef<string | null>(null);
  const sendRecording = useCallback(() => {
    if (!frameReady.current || recordingText.current === null) return;
    post({ type: "lantern-replay:load", eventsJson: recordingText.current, offsetMs: positionMs.current ?? 0, skipInactive: true });
  }, [post]);

  useEffect(() => {
    const controller = new AbortController();
    fetch(recordingPath(replayId), { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(response.status === 404 ? "This replay has no recording you can see." : `The recording could not be loaded (HTTP ${response.status}).`);
        const text = await response.text();
        performance.mark("replay-recording-loaded");
        const events = JSON.parse(text) as Record<string, unknown>[];
        const timeline = buildReplayTimeline(events, errors);
        positionMs.current ??= initialOffsetMs(timeline, openAt);
        // The player first, the panels after: rendering them must not delay the first frame.
        recordingText.current = text;
        sendRecording();
        setRecording({ state: "loaded", timeline });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setRecording({ state: "failed", message: error instanceof Error ? error.message : String(error) });
      });
    return () => controller.abort();
  }, [replayId, errors, openAt, sendRecording]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (!frameRef.current || event.source !== frameRef.current.contentWindow || event.origin !== window.location.origin) return;
      const message = event.data as PlayerMessage | null;
      if (!message || typeof message !== "object") return;
      if (message.type === "lantern-replay:ready") {
        performance.mark("replay-player-ready");
        frameReady.current = true;
        sendRecording();
      } else if (message.type === "lantern-replay:first-frame") {
        // Marks for bench:replay-page's breakdown of the time to the first frame.
        if (performance.getEntriesByName("replay-first-frame").length === 0) {
          // When the player drew it, which may be before this page was hydrated to hear of it.
          performance.mark("replay-first-frame", typeof message.at === "number" ? { startTime: Math.max(0, message.at - performance.timeOrigin) } : undefined);
        }
        setFirstFrame(true);
        if (typeof message.offsetMs === "number") setCurrentMs(message.offsetMs);
      } else if (message.type === "lantern-replay:time" && typeof message.offsetMs === "number") {
        positionMs.current = message.offsetMs;
        setCurrentMs(message.offsetMs);
      } else if (message.type === "lantern-replay:failed" && typeof message.message === "string") {
        setPlayerProblem(message.message.slice(0, 500));
      }
    };
    window.addEventListener("message", onMessage);
    // The frame may have announced itself before this page was hydrated: ask again.
    post({ type: "lantern-replay:hello" });
    sendRecording();
    return () => window.removeEventListener("message", onMessage);
  }, [post, sendRecording]);

  const seek = useCallback(
    (offsetMs: number) => {
      positionMs.current = offsetMs;
      setCurrentMs(offsetMs);
      post({ type: "lantern-replay:seek", offsetMs, play: false });
    },
    [post],
  );

  const loadRemote = () => {
    window.sessionStorage.setItem(remoteStorageKey(replayId), "1");
    // A new frame: it announces itself and gets the recording again, at the current position.
    frameReady.current = false;
    setFirstFrame(false);
    setOptInAtMs(positionMs.current);
    setOptedIn(true);
  };

  const timeline = recording.state === "loaded" ? recording.timeline : null;

  return (
    <div className="space-y-4" data-testid="replay-player" data-first-frame={firstFrame ? "true" : "false"}>
      <div className="overflow-hidden rounded-lg border border-border bg-muted">
        <iframe
          key={remote ? "remote" : "local"}
          ref={frameRef}
          data-testid="replay-player-frame"
          title="Replay player"
          sandbox="allow-scripts allow-same-origin"
          referrerPolicy="no-referrer"
          src={`/replays/player?replay=${replayId}&at=${Math.round(optInAtMs ?? startAtMs)}${remote ? "&remote=1" : ""}`}
          onLoad={() => post({ type: "lantern-replay:hello" })}
          className="block h-[560px] w-full border-0"
        />
      </div>
      {recording.state === "failed" ? <p className="text-sm text-destructive">{recording.message}</p> : null}
      {playerProblem ? <p className="text-sm text-destructive">{playerProblem}</p> : null}
      <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
        {remote ? (
          <span data-testid="replay-remote-on">Remote images and styles are loaded for this replay.</span>
        ) : (
          <>
            <span>Recorded images and styles from other sites are not loaded, so the recorded site never learns who watches.</span>
            <Button type="button" variant="secondary" size="sm" onClick={loadRemote}>
              Load remote images and styles
            </Button>
          </>
        )}
      </div>
      {timeline ? <TimelineBar timeline={timeline} currentMs={currentMs} seek={seek} /> : recording.state === "loading" ? <p className="text-sm text-muted-foreground">Loading the recording…</p> : null}
      {timeline ? <ReplayPanels timeline={timeline} projectSlug={projectSlug} seek={seek} /> : null}
    </div>
  );
}

const markerColors: Record<TimelineMarker["kind"], string> = { error: "bg-red-600", click: "bg-sky-600", navigation: "bg-emerald-600" };

function TimelineBar({ timeline, currentMs, seek }: { timeline: ReplayTimeline; currentMs: number; seek: (offsetMs: number) => void }) {
  const duration = Math.max(1, timeline.durationMs);
  const percent = (ms: number) => `${Math.min(100, Math.max(0, (ms / duration) * 100))}%`;
  return (
    <div aria-label="Replay timeline" role="group">
      <div className="mb-1 flex justify-between text-xs text-muted-foreground">
        <span data-testid="replay-current-time">{formatOffset(currentMs)}</span>
        <span className="flex gap-3">
          <span className="flex items-center gap-1"><span className="inline-block size-2 rounded-full bg-red-600" />errors</span>
          <span className="flex items-center gap-1"><span className="inline-block size-2 rounded-full bg-sky-600" />clicks</span>
          <span className="flex items-center gap-1"><span className="inline-block size-2 rounded-full bg-emerald-600" />navigations</span>
        </span>
        <span>{formatOffset(timeline.durationMs)}</span>
      </div>
      <div className="relative h-6 rounded bg-muted">
        <div className="absolute inset-y-0 left-0 rounded bg-primary/15" style={{ width: percent(currentMs) }} />
        {timeline.markers.map((marker, index) => (
          <button
            key={index}
            type="button"
            data-testid={`replay-marker-${marker.kind}`}
            title={`${formatOffset(marker.offsetMs)} ${marker.kind}: ${marker.label}`}
            aria-label={`${marker.kind} at ${formatOffset(marker.offsetMs)}`}
            onClick={() => seek(marker.offsetMs)}
            className={`absolute top-1 h-4 w-1.5 -translate-x-1/2 rounded-sm ${markerColors[marker.kind]}`}
            style={{ left: percent(marker.offsetMs) }}
          />
        ))}
      </div>
    </div>
  );
}

function OffsetButton({ offsetMs, seek }: { offsetMs: number; seek: (offsetMs: number) => void }) {
  return (
    <button type="button" className="shrink-0 font-mono text-xs text-primary hover:underline" onClick={() => seek(offsetMs)} aria-label={`Go to ${formatOffset(offsetMs)}`}>
      {formatOffset(offsetMs)}
    </button>
  );
}

function EmptyRow({ children }: { children: string }) {
  return <p className="py-2 text-sm text-muted-foreground">{children}</p>;
}

function ReplayPanels({ timeline, projectSlug, seek }: { timeline: ReplayTimeline; projectSlug: string; seek: (offsetMs: number) => void }) {
  const counts = useMemo(() => ({ console: timeline.console.length, network: timeline.network.length, breadcrumbs: timeline.breadcrumbs.length, errors: timeline.errors.length }), [timeline]);
  const rowClass = "flex min-w-0 items-baseline gap-3 border-b border-border py-1.5 text-sm last:border-b-0";
  return (
    <Tabs defaultValue={counts.errors > 0 ? "errors" : "console"}>
      <TabsList>
        <TabsTrigger value="console">Console ({counts.console})</TabsTrigger>
        <TabsTrigger value="network">Network ({counts.network})</TabsTrigger>
        <TabsTrigger value="breadcrumbs">Breadcrumbs ({counts.breadcrumbs})</TabsTrigger>
        <TabsTrigger value="errors">Errors ({counts.errors})</TabsTrigger>
      </TabsList>
      <TabsContent value="console" className="max-h-96 overflow-y-auto">
        {timeline.console.length === 0 ? <EmptyRow>No console messages were recorded.</EmptyRow> : null}
        {timeline.console.map((row, index) => (
          <div key={index} className={rowClass} data-testid="replay-console-row">
            <OffsetButton offsetMs={row.offsetMs} seek={seek} />
            <span className={`shrink-0 text-xs uppercase ${row.level === "error" ? "text-destructive" : "text-muted-foreground"}`}>{row.level}</span>
            <span className="min-w-0 break-words whitespace-pre-wrap font-mono text-xs">{row.message}</span>
          </div>
        ))}
      </TabsContent>
      <TabsContent value="network" className="max-h-96 overflow-y-auto">
        {timeline.network.length === 0 ? <EmptyRow>No requests were recorded.</EmptyRow> : null}
        {timeline.network.map((row, index) => (
          <details key={index} className="border-b border-border py-1.5 text-sm last:border-b-0" data-testid="replay-network-row">
            <summary className="flex min-w-0 cursor-pointer items-baseline gap-3">
              <OffsetButton offsetMs={row.offsetMs} seek={seek} />
              <span className="shrink-0 font-mono text-xs">{row.method ?? row.op.replace("resource.", "")}</span>
              <span className={`shrink-0 font-mono text-xs ${row.statusCode !== null && row.statusCode >= 400 ? "text-destructive" : ""}`}>{row.statusCode ?? "—"}</span>
              <span className="min-w-0 truncate font-mono text-xs">{row.url}</span>
              <span className="ml-auto shrink-0 text-xs text-muted-foreground">{row.durationMs} ms</span>
            </summary>
            <dl className="mt-2 grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1 text-xs">
              <dt className="text-muted-foreground">Request size</dt>
              <dd>{row.requestSize ?? "—"}</dd>
              <dt className="text-muted-foreground">Response size</dt>
              <dd>{row.responseSize ?? "—"}</dd>
              {row.requestBody !== null ? (
                <>
                  <dt className="text-muted-foreground">Request body</dt>
                  <dd className="break-words whitespace-pre-wrap font-mono">{row.requestBody}</dd>
                </>
              ) : null}
              {row.responseBody !== null ? (
                <>
                  <dt className="text-muted-foreground">Response body</dt>
                  <dd className="break-words whitespace-pre-wrap font-mono">{row.responseBody}</dd>
                </>
              ) : null}
            </dl>
          </details>
        ))}
      </TabsContent>
      <TabsContent value="breadcrumbs" className="max-h-96 overflow-y-auto">
        {timeline.breadcrumbs.length === 0 ? <EmptyRow>No breadcrumbs were recorded.</EmptyRow> : null}
        {timeline.breadcrumbs.map((row, index) => (
          <div key={index} className={rowClass} data-testid="replay-breadcrumb-row">
            <OffsetButton offsetMs={row.offsetMs} seek={seek} />
            <span className="shrink-0 font-mono text-xs text-muted-foreground">{row.category}</span>
            <span className="min-w-0 break-words whitespace-pre-wrap font-mono text-xs">{row.message}</span>
          </div>
        ))}
      </TabsContent>
      <TabsContent value="errors" className="max-h-96 overflow-y-auto">
        {timeline.errors.length === 0 ? <EmptyRow>No errors of this replay are stored.</EmptyRow> : null}
        {timeline.errors.map((row) => (
          <div key={row.eventId} className={rowClass} data-testid="replay-error-row">
            <OffsetButton offsetMs={row.offsetMs} seek={seek} />
            {row.issueId !== null ? (
              <Link className="min-w-0 break-words text-primary hover:underline" href={`/projects/${encodeURIComponent(projectSlug)}/issues/${row.issueId}/events/${row.eventId}`}>
                {row.title || row.eventId}
              </Link>
            ) : (
              <span className="min-w-0 break-words">{row.title || row.eventId}</span>
            )}
          </div>
        ))}
      </TabsContent>
    </Tabs>
  );
}
