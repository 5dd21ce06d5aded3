import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { formatTimestamp } from "@/lib/format-time";
import type { listAlertDeliveries } from "@/server/alerts/list-alert-deliveries";
import { DataTable } from "@/components/ui/data-table";

type Delivery = Awaited<ReturnType<typeof listAlertDeliveries>>[number];

const statusClass: Record<string, string> = {
  sent: "border-primary/40 text-primary",
  failed: "border-danger/50 text-danger",
};

/** Where it went: the channel's name, else the e-mail address. */
function destination(delivery: Delivery): string {
  if (delivery.channel) return delivery.channel.name;
  return delivery.recipient ?? delivery.kind;
}

/**
 * A rule's or a channel's deliveries, newest first: when, for which issue, to where, how many attempts and
 * how it ended; each attempt (time, answer, error, duration) behind a disclosure. Everything is text.
 */
export function DeliveryLog({ deliveries, label }: { deliveries: Delivery[]; label: string }) {
  if (deliveries.length === 0) return <p className="text-sm text-muted-foreground">Nothing sent yet.</p>;
  return (
    <DataTable label={label} columns={[{ label: "Time" }, { label: "Issue" }, { label: "To" }, { label: "Status" }, { label: "Response" }, { label: "Attempts" }]} isHeaderInCapitals bodyClassName="">
      {deliveries.map((delivery) => (
        <tr key={delivery.id} className="border-b border-border align-top last:border-0">
          <td className="whitespace-nowrap px-3 py-2 font-mono text-xs">{formatTimestamp(delivery.createdAt)}</td>
          <td className="max-w-72 px-3 py-2">
            {delivery.issueId && delivery.reason !== "test" ? (
              <Link href={`/issues/${delivery.issueId}`} prefetch={false} className="break-words text-primary hover:underline">
                {delivery.issueTitle ?? `Issue ${delivery.issueId}`}
              </Link>
            ) : (
              <span className="break-words">{delivery.issueTitle ?? "—"}</span>
            )}
            <span className="block text-xs text-muted-foreground">{delivery.reason}</span>
          </td>
          <td className="min-w-32 break-words px-3 py-2">
            {destination(delivery)}
            <span className="block text-xs text-muted-foreground">{delivery.kind}</span>
          </td>
          <td className="px-3 py-2">
            <Badge className={statusClass[delivery.status] ?? "text-muted-foreground"}>{delivery.status}</Badge>
          </td>
          <td className="px-3 py-2">
            <span className="font-mono text-xs">{delivery.responseCode ?? "—"}</span>
            {delivery.lastError ? <span className="block max-w-64 break-words text-xs text-danger">{delivery.lastError}</span> : null}
          </td>
          <td className="px-3 py-2">
            {delivery.attemptLog.length === 0 ? (
              <span className="font-mono text-xs">{delivery.attempts}</span>
            ) : (
              <details>
                <summary className="cursor-pointer font-mono text-xs">{delivery.attempts}</summary>
                <ol aria-label={`Attempts of delivery ${delivery.deliveryId}`} className="mt-1 space-y-1 text-xs">
                  {delivery.attemptLog.map((attempt, index) => (
                    <li key={index} className="whitespace-nowrap">
                      <span className="font-mono">{formatTimestamp(attempt.attemptedAt)}</span> · {attempt.responseCode ?? "no answer"} · {attempt.durationMs} ms
                      {attempt.error ? <span className="block max-w-64 whitespace-normal break-words text-danger">{attempt.error}</span> : null}
                    </li>
                  ))}
                </ol>
              </details>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
