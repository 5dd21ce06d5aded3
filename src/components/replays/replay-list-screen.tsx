import Link from "next/link";
import { RelativeTime } from "@/components/issues/relative-time";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import { formatReplayDuration, nextReplaySort, replayListHref, replayRanges, replaySortDirection, type ReplayListState, type ReplaySortField } from "@/lib/replay-list-params";
import type { ReplayView } from "@/lib/views/replay";
import { ReplaySetupHelp } from "./replay-setup-help";

export interface ReplayListScreenProps {
  basePath: string;
  state: ReplayListState;
  data: { replays: ReplayView[]; nextCursor: string | null; error: string | null };
  /** The all-projects list shows each replay's project. */
  showProject: boolean;
  /** The project's DSN for the set-up snippet of the empty list (null: all projects, or no active key). */
  setupDsn: string | null;
}

const rangeLabels: Record<keyof typeof replayRanges, string> = { "24h": "Last 24 hours", "7d": "Last 7 days", "14d": "Last 14 days", "30d": "Last 30 days" };

const nameOf = (part: { name: string | null; version: string | null }) => (part.name === null ? "—" : part.version === null ? part.name : `${part.name} ${part.version}`);

/**
 * A replay list (all projects or one): a GET form with the search (Sentry's replay syntax) and the range, so
 * every view is a URL; column headers sort by Sentry's field names; the cursor pages. Everything a replay
 * recorded (user, URL, browser) is rendered as React text.
 */
export function ReplayListScreen({ basePath, state, data, showProject, setupDsn }: ReplayListScreenProps) {
  const sortHeader = (label: string, field: ReplaySortField, className?: string) => {
    const direction = replaySortDirection(state.sort, field);
    return (
      <th scope="col" aria-sort={direction} className={cn("px-3 py-2 font-medium", className)}>
        <Link href={replayListHref(basePath, state, { sort: nextReplaySort(state.sort, field) })} prefetch={false} className="hover:text-foreground hover:underline">
          {label}
          {direction === "descending" ? " ↓" : direction === "ascending" ? " ↑" : ""}
        </Link>
      </th>
    );
  };
  const isFiltered = state.query !== "" || state.cursor !== null;
  return (
    <div className="space-y-4">
      <form action={basePath} className="flex flex-wrap items-end gap-2" role="search" aria-label="Replay search">
        <div className="min-w-64 flex-1">
          <label htmlFor="replay-query" className="sr-only">
            Search replays
          </label>
          <Input id="replay-query" name="query" defaultValue={state.query} maxLength={500} placeholder="Search: user.email:… url:*checkout* browser.name:Chrome count_errors:>0 duration:>30s" autoComplete="off" />
        </div>
        <label className="flex items-center gap-1.5 text-sm">
          <span>Time range</span>
          <Select name="range" defaultValue={state.range} className="w-auto">
            {Object.keys(replayRanges).map((range) => (
              <option key={range} value={range}>
                {rangeLabels[range as keyof typeof replayRanges]}
              </option>
            ))}
          </Select>
        </label>
        {state.sort !== "-started_at" ? <input type="hidden" name="sort" value={state.sort} /> : null}
        <Button type="submit">Search</Button>
      </form>
      {data.error ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
          {data.error}
        </p>
      ) : data.replays.length === 0 ? (
        isFiltered ? (
          <p className="rounded-lg border border-dashed border-border px-6 py-8 text-center text-sm text-muted-foreground">No replay matches this search in the {rangeLabels[state.range].toLowerCase()}.</p>
        ) : (
          <ReplaySetupHelp dsn={setupDsn} period={`the ${rangeLabels[state.range].toLowerCase()}`} />
        )
      ) : (
        <>
          <div tabIndex={0} role="region" aria-label="Replays, scrollable" className="scroll-hint-x relative rounded-lg border border-border [--scroll-hint-background:var(--card)] focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
            <table className="w-full text-left text-sm" aria-label="Replays">
              <thead className="border-b border-border text-xs text-muted-foreground">
                <tr>
                  {sortHeader("User and first URL", "user.display_name")}
                  {showProject ? (
                    <th scope="col" className="px-3 py-2 font-medium">
                      Project
                    </th>
                  ) : null}
                  {sortHeader("Browser and OS", "browser.name")}
                  {sortHeader("Duration", "duration", "text-right")}
                  {sortHeader("Errors", "count_errors", "text-right")}
                  {sortHeader("Dead clicks", "count_dead_clicks", "text-right")}
                  {sortHeader("Rage clicks", "count_rage_clicks", "text-right")}
                  {sortHeader("Started", "started_at")}
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {data.replays.map((replay) => (
                  <ReplayRow key={`${replay.projectId}:${replay.id}`} replay={replay} showProject={showProject} />
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label="Replay pages" className="flex items-center justify-between gap-2 text-sm">
            {state.cursor !== null ? (
              <Link href={replayListHref(basePath, state, { cursor: null })} prefetch={false} className="text-primary underline-offset-4 hover:underline">
                First page
              </Link>
            ) : (
              <span />
            )}
            {data.nextCursor !== null ? (
              <Link href={replayListHref(basePath, state, { cursor: data.nextCursor })} prefetch={false} className="text-primary underline-offset-4 hover:underline">
                Next page
              </Link>
            ) : null}
          </nav>
        </>
      )}
    </div>
  );
}

function ReplayRow({ replay, showProject }: { replay: ReplayView; showProject: boolean }) {
  const firstUrl = replay.urls[0] ?? null;
  return (
    <tr className="align-top hover:bg-muted/50" data-testid="replay-row">
      <td className="max-w-96 px-3 py-2">
        <Link href={`/replays/${replay.id}`} prefetch={false} className="font-medium text-primary underline-offset-4 hover:underline">
          {replay.user.display}
        </Link>
        <div className="truncate text-xs text-muted-foreground" title={firstUrl ?? undefined}>
          {firstUrl ?? "No URL recorded"}
        </div>
      </td>
      {showProject ? <td className="px-3 py-2 whitespace-nowrap">{replay.projectSlug}</td> : null}
      <td className="px-3 py-2">
        <div className="whitespace-nowrap">{nameOf(replay.browser)}</div>
        <div className="text-xs whitespace-nowrap text-muted-foreground">{nameOf(replay.os)}</div>
      </td>
      <td className="px-3 py-2 text-right font-mono whitespace-nowrap tabular-nums">{formatReplayDuration(replay.durationMs)}</td>
      <td className="px-3 py-2 text-right tabular-nums">
        {replay.countErrors > 0 ? (
          <span className="rounded bg-danger px-1.5 py-0.5 text-xs font-medium text-danger-foreground" aria-label={`${replay.countErrors} ${replay.countErrors === 1 ? "error" : "errors"}`}>
            {replay.countErrors}
          </span>
        ) : (
          <span className="text-muted-foreground">0</span>
        )}
      </td>
      <td className="px-3 py-2 text-right tabular-nums">{replay.countDeadClicks}</td>
      <td className="px-3 py-2 text-right tabular-nums">{replay.countRageClicks}</td>
      <td className="px-3 py-2 whitespace-nowrap">
        <RelativeTime time={replay.startedAt} />
      </td>
    </tr>
  );
}
