"use client";

import { Bug, Circle, Compass, Database, Globe, MousePointerClick, Terminal, TriangleAlert, User, type LucideIcon } from "lucide-react";
import { useId, useMemo, useState, useSyncExternalStore } from "react";
import { Input, Select } from "@/components/ui/input";
import { ShowMoreButton } from "@/components/ui/show-more-button";
import { textTooltipClass } from "@/components/ui/text-tooltip";
import { Tooltip } from "@/components/ui/tooltip";
import { cn } from "@/lib/cn";
import { readPairs, type BreadcrumbView } from "@/lib/event-payload";
import { formatOffset, formatTimeOfDay } from "@/lib/format-offset";
import { formatTimestamp } from "@/lib/format-time";
import { KeyValueList } from "./key-value-list";
import { ownValue } from "@/lib/own-value";

interface BreadcrumbsTimelineProps {
  /** Oldest first, as stored. */
  breadcrumbs: BreadcrumbView[];
  /** The event's time (epoch ms): each crumb's time is shown relative to it. */
  eventTimestamp: number;
}

const levelStyles: Record<string, string> = {
  fatal: "text-danger",
  error: "text-danger",
  warning: "text-amber-700 dark:text-amber-300",
};

/** The crumb's kind as an icon, from Sentry's breadcrumb types and the SDKs' usual categories. */
function iconOf(crumb: BreadcrumbView): LucideIcon {
  const category = crumb.category ?? "";
  if (crumb.type === "error" || crumb.level === "error" || crumb.level === "fatal") return TriangleAlert;
  if (crumb.type === "navigation" || category === "navigation") return Compass;
  if (crumb.type === "http" || category === "fetch" || category === "xhr" || category.startsWith("http")) return Globe;
  if (category.startsWith("console")) return Terminal;
  if (category.startsWith("ui.") || crumb.type === "ui") return MousePointerClick;
  if (crumb.type === "query" || /\b(db|sql|query)\b/.test(category)) return Database;
  if (crumb.type === "user") return User;
  if (category.startsWith("sentry.")) return Bug;
  return Circle;
}

const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
const serverTimeZone = () => "UTC";
const staysTheSame = () => () => {};

/**
 * The viewer's time zone. The server renders UTC and hydration starts from it, so the markup matches;
 * React then renders again with the browser's zone.
 */
function useViewerTimeZone(): string {
  return useSyncExternalStore(staysTheSame, viewerTimeZone, serverTimeZone);
}

/** Breadcrumbs shown before "Show N older breadcrumbs" (SDKs keep up to 100). */
const firstCrumbs = 20;

const categoryOf = (crumb: BreadcrumbView) => crumb.category ?? crumb.type ?? "default";
const levelOf = (crumb: BreadcrumbView) => crumb.level ?? "info";

/**
 * Breadcrumbs as a timeline, newest first: an icon for the kind, category, level, message, the crumb's
 * data as key/values, its time of day (to the millisecond, in the viewer's time zone) and how long before
 * or after the event it happened. Filterable by category, level and text
 * (message, category and data); everything is rendered as text.
 */
export function BreadcrumbsTimeline({ breadcrumbs, eventTimestamp }: BreadcrumbsTimelineProps) {
  const id = useId();
  const timeZone = useViewerTimeZone();
  const [text, setText] = useState("");
  const [category, setCategory] = useState("");
  const [level, setLevel] = useState("");
  const crumbs = useMemo(() => [...breadcrumbs].reverse().map((crumb) => ({ crumb, data: crumb.data ? readPairs(crumb.data) : [] })), [breadcrumbs]);
  const categories = useMemo(() => [...new Set(crumbs.map(({ crumb }) => categoryOf(crumb)))].sort(), [crumbs]);
  const levels = useMemo(() => [...new Set(crumbs.map(({ crumb }) => levelOf(crumb)))].sort(), [crumbs]);
  const needle = text.trim().toLowerCase();
  const [showsAll, setShowsAll] = useState(false);
  const matching = crumbs.filter(({ crumb, data }) => {
    if (category && categoryOf(crumb) !== category) return false;
    if (level && levelOf(crumb) !== level) return false;
    if (!needle) return true;
    return [crumb.message ?? "", categoryOf(crumb), ...data.flat()].some((value) => value.toLowerCase().includes(needle));
  });
  // A long list shows its newest crumbs until asked for the older ones; a filter shows every match.
  const isFiltered = needle !== "" || category !== "" || level !== "";
  const isCut = !showsAll && !isFiltered && matching.length > firstCrumbs + 1;
  const shown = isCut ? matching.slice(0, firstCrumbs) : matching;

  return (
    <div>
      {/* On a phone the two selects share a row under the text filter. */}
      <div className="mb-3 grid grid-cols-2 gap-2 sm:grid-cols-[1fr_auto_auto]">
        <Input type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder="Filter breadcrumbs" aria-label="Filter breadcrumbs by text" className="col-span-2 h-8 sm:col-span-1" />
        <Select value={category} onChange={(event) => setCategory(event.target.value)} aria-label="Breadcrumb category" className="h-8 sm:w-44">
          <option value="">All categories</option>
          {categories.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Select>
        <Select value={level} onChange={(event) => setLevel(event.target.value)} aria-label="Breadcrumb level" className="h-8 sm:w-32">
          <option value="">All levels</option>
          {levels.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Select>
      </div>
      <p id={`${id}-count`} className="mb-2 text-xs text-muted-foreground" aria-live="polite">
        {matching.length === crumbs.length ? `${crumbs.length} ${crumbs.length === 1 ? "breadcrumb" : "breadcrumbs"}, newest first` : `${matching.length} of ${crumbs.length} breadcrumbs match`}
        {` · times in ${timeZone}`}
      </p>
      {matching.length === 0 ? (
        <p className="rounded-md border border-dashed border-border px-3 py-4 text-center text-sm text-muted-foreground">No breadcrumb matches these filters.</p>
      ) : (
        <ol className="relative space-y-0 border-l border-border pl-0" aria-label="Breadcrumbs" aria-describedby={`${id}-count`}>
          {shown.map(({ crumb, data }, index) => {
            const Icon = iconOf(crumb);
            return (
              <li key={index} className="relative grid grid-cols-[1.5rem_1fr] gap-x-2 py-2 pr-1 text-xs">
                <span aria-hidden className={cn("relative -left-3 mt-0.5 flex h-6 w-6 items-center justify-center rounded-full border border-border bg-card", ownValue(levelStyles, levelOf(crumb)) ?? "text-muted-foreground")}>
                  <Icon className="h-3.5 w-3.5" />
                </span>
                <div className="min-w-0">
                  <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
                    <span className="font-mono font-semibold">{categoryOf(crumb)}</span>
                    <span className={cn("rounded border border-border px-1 text-[10px] uppercase", ownValue(levelStyles, levelOf(crumb)) ?? "text-muted-foreground")}>{levelOf(crumb)}</span>
                    {crumb.timestamp !== null ? (
                      <span className="ml-auto flex items-baseline gap-2 font-mono whitespace-nowrap text-muted-foreground tabular-nums">
                        <Tooltip content={formatTimestamp(crumb.timestamp)}>
                          <time tabIndex={0} className={textTooltipClass} dateTime={new Date(crumb.timestamp).toISOString()}>
                            {formatTimeOfDay(crumb.timestamp, timeZone)}
                            <span className="sr-only"> ({formatTimestamp(crumb.timestamp)})</span>
                          </time>
                        </Tooltip>
                        <span>
                          {formatOffset(crumb.timestamp - eventTimestamp)}
                          <span className="sr-only"> from the event</span>
                        </span>
                      </span>
                    ) : null}
                  </div>
                  {crumb.message ? <p className="mt-0.5 font-mono wrap-break-word whitespace-pre-wrap">{crumb.message}</p> : null}
                  {data.length > 0 ? (
                    <div className="mt-1">
                      <KeyValueList entries={data} label="Breadcrumb data" />
                    </div>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {isCut ? (
        <ShowMoreButton onClick={() => setShowsAll(true)}>Show {matching.length - shown.length} older breadcrumbs</ShowMoreButton>
      ) : null}
    </div>
  );
}
