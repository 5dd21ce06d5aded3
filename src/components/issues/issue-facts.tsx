import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { RelativeTime } from "./relative-time";
import { TextTooltip } from "@/components/ui/text-tooltip";

interface IssueFactsProps {
  timesSeen: number;
  usersSeen: number;
  firstSeen: number;
  lastSeen: number;
  firstRelease: string | null;
  lastRelease: string | null;
  environments: { environment: string; timesSeen: number }[];
}

function Fact({ term, children, className }: { term: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn("min-w-0", className)}>
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="mt-0.5 text-sm font-medium wrap-break-word">{children}</dd>
    </div>
  );
}

const none = <span className="font-normal text-muted-foreground">none</span>;

function Release({ release }: { release: string | null }) {
  if (!release) return <span className="block text-xs font-normal text-muted-foreground">no release</span>;
  // Often wider than this half column (a 40-character git SHA): cut short with an ellipsis, whole in a tooltip.
  return (
    <span className="block truncate text-xs font-normal text-muted-foreground">
      in{" "}
      <TextTooltip tooltip={release} isWholeText className="font-mono text-foreground no-underline">
        {release}
      </TextTooltip>
    </span>
  );
}

/** The issue's counters, first and last seen with their releases, and environments, as a description list. */
export function IssueFacts({ timesSeen, usersSeen, firstSeen, lastSeen, firstRelease, lastRelease, environments }: IssueFactsProps) {
  return (
    <dl className="grid grid-cols-2 gap-4" aria-label="Facts">
      <Fact term="Events">{timesSeen.toLocaleString("en")}</Fact>
      <Fact term="Users">{usersSeen.toLocaleString("en")}</Fact>
      <Fact term="First seen">
        <RelativeTime time={firstSeen} />
        <Release release={firstRelease} />
      </Fact>
      <Fact term="Last seen">
        <RelativeTime time={lastSeen} />
        <Release release={lastRelease} />
      </Fact>
      <Fact term="Environments" className="col-span-2">
        {environments.length === 0 ? (
          none
        ) : (
          <ul className="flex flex-wrap gap-x-3 gap-y-1 font-normal">
            {environments.map((environment) => (
              <li key={environment.environment}>
                <span className="font-medium">{environment.environment}</span> <span className="text-muted-foreground">({environment.timesSeen.toLocaleString("en")})</span>
              </li>
            ))}
          </ul>
        )}
      </Fact>
    </dl>
  );
}
