import { Card } from "@/components/ui/card";
import { LongValueText } from "@/components/ui/long-value-text";
import type { MonitorView } from "@/lib/views/monitors";
import { EnvironmentStatusLabel } from "./check-in-status";
import { RelativeTime } from "./relative-time";

/** The monitor's settings in words, and per environment its state, last check-in and next expected one. */
export function MonitorDetails({ monitor, now }: { monitor: MonitorView; now: number }) {
  const settings: [string, string][] = [
    ["Slug", monitor.slug],
    ["Schedule", monitor.scheduleText],
    ["Check-in margin", `${monitor.checkinMargin ?? 1} min`],
    ["Max runtime", `${monitor.maxRuntime ?? 30} min`],
    ["Issue after", `${monitor.failureIssueThreshold} ${monitor.failureIssueThreshold === 1 ? "failure" : "failures in a row"}`],
    ["Resolved after", `${monitor.recoveryThreshold} ${monitor.recoveryThreshold === 1 ? "success" : "successes in a row"}`],
  ];
  return (
    <Card className="space-y-4">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        {settings.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="font-mono text-xs">
              <LongValueText value={value} />
            </dd>
          </div>
        ))}
      </dl>
      {monitor.environments.length > 0 ? (
        <ul aria-label="Environments" className="divide-y divide-border border-t border-border">
          {monitor.environments.map((environment) => (
            <li key={environment.id} className="flex flex-wrap items-center gap-x-6 gap-y-1 pt-2 text-sm">
              <span className="min-w-0 font-medium">
                <LongValueText value={environment.name} />
              </span>
              <EnvironmentStatusLabel status={environment.status} isMuted={environment.isMuted} isDisabled={monitor.status === "disabled"} />
              <span className="text-muted-foreground">
                Last check-in <RelativeTime time={environment.lastCheckInAt} now={now} none="never" />
              </span>
              <span className="text-muted-foreground">
                Next expected <RelativeTime time={monitor.status === "disabled" ? null : environment.nextCheckInAt} now={now} />
              </span>
              {environment.incidentStartedAt !== null ? (
                <span className="text-danger">
                  Failing since <RelativeTime time={environment.incidentStartedAt} now={now} />
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
