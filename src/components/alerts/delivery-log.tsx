import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { DataTable } from "@/components/ui/data-table";
import { TextTooltip } from "@/components/ui/text-tooltip";
import { Tooltip } from "@/components/ui/tooltip";
import { formatTimestamp } from "@/lib/format-time";
import type { AlertDeliveryView } from "@/lib/views/alerts";

type Delivery = AlertDeliveryView;

const statusClass: Record<string, string> = {
  sent: "border-primary/40 text-primary",
  failed: "border-danger/50 text-danger",
};

/** Where it went: the channel's name, else the e-mail address. */
function destination(delivery: Delivery): string {
  if (delivery.channel) return delivery.channel.name;
  return delivery.recipient ?? delivery.kind;
}

/** "11-29 00:45" (UTC): short enough for one line; the whole timestamp is the tooltip. */
function shortTime(time: number): string {
  return formatTimestamp(time).slice(5, 16);
}

function attemptsLabel(attempts: number): string {
  return attempts === 1 ? "1 attempt" : `${attempts} attempts`;
}

/** One line of text cut short by CSS, the whole of it on hover and focus (and selectable as it is). */
function Clipped({ text, className }: { text: string; className: string }) {
  return (
    <TextTooltip tooltip={text} isWholeText className={`block truncate no-underline ${className}`}>
      {text}
    </TextTooltip>
  );
}

/**
 * A rule's or a channel's deliveries, newest first, one line per delivery: when, for which issue, to where,
 * how it ended (with each attempt — time, answer, error, duration — behind a disclosure) and the last error;
 * long values are cut short with their whole text in a tooltip. Everything is text.
 */
export function DeliveryLog({ deliveries, label }: { deliveries: Delivery[]; label: string }) {
  if (deliveries.length === 0) return <p className="text-sm text-muted-foreground">Nothing sent yet.</p>;
  return (
    <DataTable label={label} columns={[{ label: "Time" }, { label: "Issue" }, { label: "To" }, { label: "Status" }, { label: "Error" }]} isHeaderInCapitals bodyClassName="">
      {deliveries.map((delivery) => {
        const title = delivery.issueTitle || (delivery.issueId ? `Issue ${delivery.issueId}` : "—");
        return (
          <tr key={delivery.id} className="border-b border-border align-top last:border-0">
            <td className="whitespace-nowrap px-3 py-2 font-mono text-xs">
              <TextTooltip tooltip={formatTimestamp(delivery.createdAt)}>{shortTime(delivery.createdAt)}</TextTooltip>
            </td>
            <td className="px-3 py-2">
              {delivery.issueId && delivery.reason !== "test" ? (
                <Tooltip content={title}>
                  {/* data-whole-value: cut short by CSS, the whole title in the tooltip (and in the link's own text). */}
                  <Link href={`/issues/${delivery.issueId}`} prefetch={false} data-whole-value="" className="block max-w-48 truncate text-primary hover:underline">
                    {title}
                  </Link>
                </Tooltip>
              ) : (
                <Clipped text={title} className="max-w-48" />
              )}
              <span className="block text-xs text-muted-foreground">{delivery.reason}</span>
            </td>
            <td className="px-3 py-2">
              <Clipped text={destination(delivery)} className="max-w-36" />
              <span className="block text-xs text-muted-foreground">{delivery.kind}</span>
            </td>
            <td className="px-3 py-2">
              <span className="whitespace-nowrap">
                <Badge className={statusClass[delivery.status] ?? "text-muted-foreground"}>{delivery.status}</Badge>
                {delivery.responseCode !== null ? <span className="ml-1 font-mono text-xs text-muted-foreground">{delivery.responseCode}</span> : null}
              </span>
              {delivery.attemptLog.length === 0 ? (
                <span className="block text-xs text-muted-foreground">{attemptsLabel(delivery.attempts)}</span>
              ) : (
                <details>
                  <summary className="cursor-pointer whitespace-nowrap text-xs text-muted-foreground">{attemptsLabel(delivery.attempts)}</summary>
                  <ol aria-label={`Attempts of delivery ${delivery.deliveryId}`} className="mt-1 w-72 space-y-1 text-xs">
                    {delivery.attemptLog.map((attempt, index) => (
                      <li key={index}>
                        <span className="whitespace-nowrap">
                          <span className="font-mono">{formatTimestamp(attempt.attemptedAt)}</span> · {attempt.responseCode ?? "no answer"} · {attempt.durationMs} ms
                        </span>
                        {attempt.error ? <span className="block break-words text-danger">{attempt.error}</span> : null}
                      </li>
                    ))}
                  </ol>
                </details>
              )}
            </td>
            <td className="px-3 py-2 text-xs">{delivery.lastError ? <Clipped text={delivery.lastError} className="max-w-44 text-danger" /> : <span className="text-muted-foreground">—</span>}</td>
          </tr>
        );
      })}
    </DataTable>
  );
}
