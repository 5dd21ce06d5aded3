"use client";

import Link from "next/link";
import { Fragment, useEffect, useRef, useState } from "react";
import { cn } from "@/lib/cn";
import { formatTimestamp } from "@/lib/format-time";
import type { LogLineView, LogTraceError } from "@/lib/views/logs";
import { isSeverityName, severityText } from "./severity-style";

export interface LogTableProps {
  rows: LogLineView[];
  /** Attribute keys shown as extra columns. */
  columns: string[];
  showProject: boolean;
  traceErrors: Record<string, LogTraceError[]>;
  /** The tail's URL without its cursor (`/logs/tail?query=…`), and where it starts. */
  tailUrl: string;
  newestId: number;
}

/** Lines kept in the table while tailing: the oldest drop off the bottom. */
const maxShownRows = 500;

const timeOf = (timestampUs: number) => {
  const ms = Math.floor(timestampUs / 1000);
  return `${formatTimestamp(ms).slice(0, 19)}.${String(ms % 1000).padStart(3, "0")}`;
};
const cellText = (value: string | number | boolean | undefined) => (value === undefined ? "" : String(value));

/**
 * The explorer's lines, newest first, each opening its detail in place (every attribute as text, links to its
 * trace, its span and the errors of that trace). "Live" opens the tail (GET /logs/tail, Server-Sent Events)
 * and puts new lines on top; "Pause" holds them back and counts them until "Resume"; "Follow" keeps the
 * newest line in view. Everything from the lines is rendered as React text, never as HTML.
 */
export function LogTable({ rows: initialRows, columns, showProject, traceErrors, tailUrl, newestId }: LogTableProps) {
  const [rows, setRows] = useState(initialRows);
  const [pending, setPending] = useState<LogLineView[]>([]);
  const [isLive, setIsLive] = useState(false);
  const [isPaused, setIsPaused] = useState(false);
  const [isFollowing, setIsFollowing] = useState(true);
  const [tailProblem, setTailProblem] = useState<string | null>(null);
  const [isConnected, setIsConnected] = useState(false);
  const [open, setOpen] = useState<Set<number>>(() => new Set());
  const paused = useRef(isPaused);
  const held = useRef<LogLineView[]>([]);
  const cursor = useRef(newestId);
  const top = useRef<HTMLDivElement>(null);
  useEffect(() => {
    paused.current = isPaused;
  }, [isPaused]);

  useEffect(() => {
    if (!isLive) return;
    const source = new EventSource(`${tailUrl}${tailUrl.includes("?") ? "&" : "?"}after=${cursor.current}`);
    source.addEventListener("ready", () => setIsConnected(true));
    source.addEventListener("error", () => setIsConnected(false));
    source.addEventListener("lines", (event) => {
      const lines = (JSON.parse((event as MessageEvent<string>).data) as LogLineView[]).reverse();
      cursor.current = Math.max(cursor.current, ...lines.map((line) => line.id));
      if (paused.current) {
        held.current = [...lines, ...held.current].slice(0, maxShownRows);
        setPending(held.current);
      } else setRows((shown) => [...lines, ...shown].slice(0, maxShownRows));
    });
    source.addEventListener("failure", (event) => {
      setTailProblem(JSON.parse((event as MessageEvent<string>).data) as string);
      source.close();
      setIsLive(false);
    });
    return () => {
      source.close();
      setIsConnected(false);
    };
  }, [isLive, tailUrl]);

  useEffect(() => {
    if (isLive && isFollowing && !isPaused) top.current?.scrollIntoView({ block: "nearest" });
  }, [rows, isLive, isFollowing, isPaused]);

  function resume() {
    paused.current = false;
    const released = held.current;
    held.current = [];
    setRows((shown) => [...released, ...shown].slice(0, maxShownRows));
    setPending([]);
    setIsPaused(false);
  }

  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const columnCount = 4 + (showProject ? 1 : 0) + columns.length;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3 text-sm" ref={top}>
        <label className="flex items-center gap-1.5">
          <input
            type="checkbox"
            checked={isLive}
            onChange={(event) => {
              setTailProblem(null);
              setIsLive(event.target.checked);
              if (!event.target.checked) resume();
            }}
          />
          Live
        </label>
        {isLive ? (
          <>
            {isPaused ? (
              <button type="button" onClick={resume} className="rounded-md border border-border px-2 py-0.5 hover:bg-muted">
                Resume
              </button>
            ) : (
              <button type="button" onClick={() => {
                  paused.current = true;
                  setIsPaused(true);
                }} className="rounded-md border border-border px-2 py-0.5 hover:bg-muted">
                Pause
              </button>
            )}
            <label className="flex items-center gap-1.5">
              <input type="checkbox" checked={isFollowing} onChange={(event) => setIsFollowing(event.target.checked)} />
              Follow
            </label>
            <span role="status" className="text-muted-foreground">
              {isPaused ? (
                <button type="button" onClick={resume} className="underline">
                  {pending.length.toLocaleString("en")} new line{pending.length === 1 ? "" : "s"} — resume
                </button>
              ) : (
                isConnected ? "Live: new lines show as they arrive." : "Connecting…"
              )}
            </span>
          </>
        ) : null}
        {tailProblem ? (
          <span role="alert" className="text-destructive">
            {tailProblem}
          </span>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No log line matches in this time range.</p>
      ) : null}
      <div
        tabIndex={0}
        role="region"
        aria-label="Log lines, scrollable"
        className="scroll-hint-x rounded-md border border-border [--scroll-hint-background:var(--card)] focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <table aria-label="Log lines" className="w-full text-sm">
          <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-2 py-1.5 font-medium whitespace-nowrap">Time</th>
              <th scope="col" className="px-2 py-1.5 font-medium">Severity</th>
              <th scope="col" className="px-2 py-1.5 font-medium">Message</th>
              {showProject ? <th scope="col" className="px-2 py-1.5 font-medium">Project</th> : null}
              {columns.map((column) => (
                <th key={column} scope="col" className="px-2 py-1.5 font-mono font-medium">
                  {column}
                </th>
              ))}
              <th scope="col" className="px-2 py-1.5 font-medium">Trace</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const isOpen = open.has(row.id);
              return (
                <Fragment key={row.id}>
                  <tr className="border-t border-border align-top hover:bg-muted/30">
                    <td className="px-2 py-1 font-mono text-xs whitespace-nowrap tabular-nums">{timeOf(row.timestampUs)}</td>
                    <td className={cn("px-2 py-1 text-xs font-medium", isSeverityName(row.severity) && severityText[row.severity])}>{row.severity}</td>
                    <td className="max-w-xl px-2 py-1">
                      <button type="button" aria-expanded={isOpen} onClick={() => toggle(row.id)} className="w-full text-left font-mono text-xs break-words whitespace-pre-wrap hover:underline">
                        {row.message}
                      </button>
                    </td>
                    {showProject ? <td className="px-2 py-1 text-xs">{row.project}</td> : null}
                    {columns.map((column) => (
                      <td key={column} className="px-2 py-1 font-mono text-xs wrap-break-word">
                        {cellText(row.attributes?.[column]?.value)}
                      </td>
                    ))}
                    <td className="px-2 py-1 font-mono text-xs">
                      <Link href={`/traces/${row.traceId}`} prefetch={false} className="hover:underline" aria-label={`Trace ${row.traceId}`}>
                        {row.traceId.slice(0, 8)}
                      </Link>
                    </td>
                  </tr>
                  {isOpen ? (
                    <tr className="bg-muted/20">
                      <td colSpan={columnCount} className="px-3 py-3">
                        <LogDetail row={row} errors={traceErrors[row.traceId] ?? []} />
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function LogDetail({ row, errors }: { row: LogLineView; errors: LogTraceError[] }) {
  const fields: [string, string][] = [
    ["message", row.message],
    ["severity", `${row.severity} (${row.severityNumber})${row.levelText ? `, sent as ${row.levelText}` : ""}`],
    ["project", row.project],
    ["trace", row.traceId],
    ...(row.spanId ? [["span", row.spanId] as [string, string]] : []),
    ...(row.template ? [["message.template", row.template] as [string, string]] : []),
    ...(row.release ? [["release", row.release] as [string, string]] : []),
    ...(row.environment ? [["environment", row.environment] as [string, string]] : []),
    ...Object.entries(row.attributes ?? {})
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, attribute]) => [key, String(attribute.value)] as [string, string]),
  ];
  return (
    <section aria-label="Log line detail" className="space-y-3">
      <nav aria-label="Related" className="flex flex-wrap gap-3 text-sm">
        <Link href={`/traces/${row.traceId}`} prefetch={false} className="text-primary underline">
          Open trace
        </Link>
        {row.spanId ? (
          <Link href={`/traces/${row.traceId}?span=${row.spanId}`} prefetch={false} className="text-primary underline">
            Open span
          </Link>
        ) : null}
        {errors.map((error) => (
          <Link key={error.path} href={error.path} prefetch={false} className="text-primary underline">
            Error: {error.title}
          </Link>
        ))}
      </nav>
      <dl aria-label="Attributes" className="grid grid-cols-[minmax(8rem,max-content)_1fr] gap-x-4 gap-y-1 font-mono text-xs">
        {fields.map(([key, value]) => (
          <Fragment key={key}>
            <dt className="wrap-break-word text-muted-foreground">{key}</dt>
            <dd className="wrap-break-word whitespace-pre-wrap">{value}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}
