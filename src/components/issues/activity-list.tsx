import { IdentifierText } from "@/components/ui/identifier-text";
import { describeActivity } from "@/lib/issue-words";
import { RelativeTime } from "./relative-time";

interface ActivityEntry {
  id: number;
  kind: string;
  actor: string;
  data: Record<string, unknown> | null;
  createdAt: number;
}

/** What happened to the issue, newest first, in words. */
export function ActivityList({ activity }: { activity: ActivityEntry[] }) {
  if (activity.length === 0) return <p className="text-sm text-muted-foreground">Nothing yet.</p>;
  return (
    <ol className="space-y-2 text-sm" aria-label="Activity">
      {activity.map((entry) => (
        <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-x-3">
          {/* A release in the words ("First seen in release checkout-api@…") breaks after its separators only. */}
          <span className="min-w-0 wrap-break-word">
            <IdentifierText value={describeActivity(entry)} />
          </span>
          <RelativeTime time={entry.createdAt} className="text-xs text-muted-foreground" />
        </li>
      ))}
    </ol>
  );
}
