import { cn } from "@/lib/cn";
import { formatTimestamp } from "@/lib/format-time";
import { isSeverityName, severityText } from "./severity-style";

export interface LogGroupView {
  template: string | null;
  message: string;
  count: number;
  severity: string;
  lastSeenUs: number;
  examples: string[][];
}

/** The lines grouped by template: "this message N times", with the parameter values of a few of the newest. */
export function LogGroups({ groups, otherCount }: { groups: LogGroupView[]; otherCount: number }) {
  if (groups.length === 0) return <p className="text-sm text-muted-foreground">No log line matches in this time range.</p>;
  return (
    <div className="space-y-2">
      <div
        tabIndex={0}
        role="region"
        aria-label="Log lines by template, scrollable"
        className="scroll-hint-x rounded-md border border-border [--scroll-hint-background:var(--card)] focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <table aria-label="Log lines by template" className="w-full text-sm">
          <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-2 py-1.5 font-medium">Lines</th>
              <th scope="col" className="px-2 py-1.5 font-medium">Severity</th>
              <th scope="col" className="px-2 py-1.5 font-medium">Template or message</th>
              <th scope="col" className="px-2 py-1.5 font-medium">Parameter values</th>
              <th scope="col" className="px-2 py-1.5 font-medium whitespace-nowrap">Last seen</th>
            </tr>
          </thead>
          <tbody>
            {groups.map((group) => (
              <tr key={`${group.template === null ? "m" : "t"}:${group.template ?? group.message}`} className="border-t border-border align-top">
                <td className="px-2 py-1 text-right tabular-nums">{group.count.toLocaleString("en")}</td>
                <td className={cn("px-2 py-1 text-xs font-medium", isSeverityName(group.severity) && severityText[group.severity])}>{group.severity}</td>
                <th scope="row" className="max-w-xl px-2 py-1 text-left font-mono text-xs font-normal break-words whitespace-pre-wrap">
                  {group.template ?? group.message}
                </th>
                <td className="px-2 py-1 font-mono text-xs wrap-break-word">{group.examples.map((values) => values.join(", ")).join(" · ")}</td>
                <td className="px-2 py-1 font-mono text-xs whitespace-nowrap">{formatTimestamp(Math.floor(group.lastSeenUs / 1000))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {otherCount > 0 ? <p className="text-xs text-muted-foreground">{otherCount.toLocaleString("en")} more lines in less frequent groups.</p> : null}
    </div>
  );
}
