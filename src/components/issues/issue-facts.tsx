import type { ReactNode } from "react";
import { RelativeTime } from "./relative-time";

interface IssueFactsProps {
  timesSeen: number;
  usersSeen: number;
  firstSeen: number;
  lastSeen: number;
  firstRelease: string | null;
  lastRelease: string | null;
  environments: { environment: string; timesSeen: number }[];
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="mt-0.5 text-sm font-medium break-all">{children}</dd>
    </div>
  );
}

const none = <span className="font-normal text-muted-foreground">none</span>;

/** The issue's counters, times, releases and environments, as a description list. */
export function IssueFacts({ timesSeen, usersSeen, firstSeen, lastSeen, firstRelease, lastRelease, environments }: IssueFactsProps) {
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4" aria-label="Facts">
      <Fact term="Events">{timesSeen}</Fact>
      <Fact term="Users">{usersSeen}</Fact>
      <Fact term="First seen">
        <RelativeTime time={firstSeen} />
      </Fact>
      <Fact term="Last seen">
        <RelativeTime time={lastSeen} />
      </Fact>
      <Fact term="First release">{firstRelease ?? none}</Fact>
      <Fact term="Last release">{lastRelease ?? none}</Fact>
      <div className="col-span-2">
        <dt className="text-xs text-muted-foreground">Environments</dt>
        <dd className="mt-0.5 text-sm">
          {environments.length === 0 ? (
            none
          ) : (
            <ul className="flex flex-wrap gap-x-3 gap-y-1">
              {environments.map((environment) => (
                <li key={environment.environment}>
                  <span className="font-medium">{environment.environment}</span> <span className="text-muted-foreground">({environment.timesSeen})</span>
                </li>
              ))}
            </ul>
          )}
        </dd>
      </div>
    </dl>
  );
}
