import Link from "next/link";
import { LongValueText } from "@/components/ui/long-value-text";
import type { MonitorIssueView } from "@/lib/views/monitors";
import { RelativeTime } from "./relative-time";

/** The issues the monitor's failures opened, each linking to its page. */
export function MonitorIssueList({ issues, now }: { issues: MonitorIssueView[]; now: number }) {
  if (issues.length === 0) return <p className="text-sm text-muted-foreground">None: no failure has opened an issue.</p>;
  return (
    <ul className="divide-y divide-border rounded-lg border border-border">
      {issues.map((issue) => (
        <li key={issue.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-3 py-2 text-sm">
          <Link href={`/issues/${issue.id}`} prefetch={false} className="min-w-0 font-medium break-words hover:underline">
            <LongValueText value={issue.title} />
          </Link>
          <span className="text-xs text-muted-foreground">
            {issue.status} · {issue.count.toLocaleString("en-US")} {issue.count === 1 ? "failure" : "failures"} · last <RelativeTime time={issue.lastSeen} now={now} />
          </span>
        </li>
      ))}
    </ul>
  );
}
