import { IdentifierText } from "@/components/ui/identifier-text";
import { LongValueText } from "@/components/ui/long-value-text";
import { describeActivity } from "@/lib/issue-words";
import { RelativeTime } from "./relative-time";

interface ActivityEntry {
  id: number;
  kind: string;
  actor: string;
  data: Record<string, unknown> | null;
  createdAt: number;
}

/** The entry in words; a release in them (often a long build id) may be cut short, whole in its tooltip. */
function ActivityWords({ entry }: { entry: ActivityEntry }) {
  const words = describeActivity(entry);
  const release = typeof entry.data?.release === "string" ? entry.data.release : null;
  const at = release ? words.lastIndexOf(release) : -1;
  if (!release || at < 0) return <IdentifierText value={words} />;
  return (
    <>
      <IdentifierText value={words.slice(0, at)} />
      <LongValueText value={release} isInline className="font-mono text-xs" />
      <IdentifierText value={words.slice(at + release.length)} />
    </>
  );
}

/** What happened to the issue, newest first, in words. */
export function ActivityList({ activity }: { activity: ActivityEntry[] }) {
  if (activity.length === 0) return <p className="text-sm text-muted-foreground">Nothing yet.</p>;
  return (
    <ol className="space-y-2 text-sm" aria-label="Activity">
      {activity.map((entry) => (
        <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-x-3">
          {/* A release in the words ("First seen in release checkout-api@…") breaks after its separators only. */}
          <span className="max-w-full min-w-0 wrap-break-word">
            <ActivityWords entry={entry} />
          </span>
          <RelativeTime time={entry.createdAt} className="text-xs text-muted-foreground" />
        </li>
      ))}
    </ol>
  );
}
