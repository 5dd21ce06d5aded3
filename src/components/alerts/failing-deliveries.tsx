import { TextTooltip } from "@/components/ui/text-tooltip";
import { describeFailingCount, type FailingDeliveries, type TargetHealth } from "@/lib/delivery-health";
import { formatTimestamp } from "@/lib/format-time";

/** Errors longer than this show their start; the whole text is in the tooltip (and in the delivery log). */
const shownErrorLength = 160;

function targetName(health: TargetHealth): string {
  return health.target.kind === "email" ? "E-mail" : health.target.name;
}

/** The error as text, cut short with its whole form on hover and focus when long. */
function ErrorText({ error }: { error: string }) {
  if (error.length <= shownErrorLength) return <span className="break-words">{error}</span>;
  return (
    <TextTooltip tooltip={error} className="break-words no-underline">
      {`${error.slice(0, shownErrorLength)}…`}
    </TextTooltip>
  );
}

/** "Failing: 5 deliveries since 2026-11-29 00:10:02 UTC (2 retrying), last error: HTTP 500" */
export function FailingLine({ name, failing }: { name: string; failing: FailingDeliveries }) {
  return (
    <>
      <strong className="font-semibold">{name}</strong> failing: {describeFailingCount(failing)} since {formatTimestamp(failing.since)}
      {failing.retrying > 0 ? ` (${failing.retrying} still retrying)` : ""}, last error: <ErrorText error={failing.lastError} />
    </>
  );
}

/**
 * What of a rule (or of the instance) cannot deliver right now, where a person looks — the rules list, a
 * rule's page, Settings → Notifications — instead of only in a delivery log. Text only: errors are answers
 * from outside.
 */
export function FailingDeliveriesNotice({ failing, label }: { failing: TargetHealth[]; label: string }) {
  if (failing.length === 0) return null;
  return (
    <div aria-label={label} role="group" className="mt-3 rounded-md border border-danger/50 bg-danger/5 px-3 py-2 text-sm text-danger">
      <ul className="space-y-1">
        {failing.map((health) => (
          <li key={health.target.kind === "email" ? "email" : health.target.slug}>
            <FailingLine name={targetName(health)} failing={health.failing} />
          </li>
        ))}
      </ul>
    </div>
  );
}
