import Link from "next/link";
import { Suspense } from "react";
import { RelativeTime } from "@/components/issues/relative-time";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { formatReplayDuration } from "@/lib/replay-list-params";
import type { ReplayView } from "@/lib/views/replay";

/** A replay recorded around one of the issue's events (src/server/replays/list-issue-replays.ts). */
export interface IssueReplayRowView {
  replay: ReplayView;
  eventId: string;
  eventTimestamp: number;
}

interface IssueReplaysProps {
  /** Read while the rest of the page streams (load-replays-page.ts); null when it could not be read. */
  replays: Promise<IssueReplayRowView[] | null>;
}

/**
 * "Replays" on the issue page: the session replays of this issue's events, newest first, each opening the
 * player at that event's error. Streamed after the rest of the page, and shown only when there is one (or
 * the list could not be read): most issues have none.
 */
export function IssueReplays({ replays }: IssueReplaysProps) {
  return (
    <Suspense fallback={null}>
      <IssueReplaysCard replays={replays} />
    </Suspense>
  );
}

async function IssueReplaysCard({ replays }: IssueReplaysProps) {
  const rows = await replays;
  if (rows !== null && rows.length === 0) return null;
  return (
    <Card aria-labelledby="issue-replays" className="min-w-0 space-y-3">
      <CardTitle id="issue-replays">
        Replays {rows !== null ? <span className="font-normal text-muted-foreground">({rows.length})</span> : null}
      </CardTitle>
      {rows === null ? (
        <CardDescription>The replays of this issue could not be read; try reloading the page.</CardDescription>
      ) : (
        <>
          <CardDescription>What the user did before the error: each replay opens at this issue&apos;s event in it.</CardDescription>
          <ul className="divide-y divide-border text-sm" aria-label="Replays of this issue">
            {rows.map((row) => (
              <li key={`${row.replay.id}:${row.eventId}`} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                <Link href={`/replays/${row.replay.id}?event=${row.eventId}`} prefetch={false} className="min-w-0 truncate font-medium text-primary underline-offset-4 hover:underline">
                  {row.replay.user.display}
                </Link>
                <span className="flex shrink-0 items-baseline gap-3 text-muted-foreground">
                  <span className="font-mono tabular-nums" title="Duration">
                    {formatReplayDuration(row.replay.durationMs)}
                  </span>
                  <RelativeTime time={row.replay.startedAt} />
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
