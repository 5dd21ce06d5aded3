import { ActionForm } from "@/components/issues/action-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/confirm-dialog";
import { ConfirmAction } from "@/components/ui/confirm-action";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ActionState } from "@/lib/action-state";
import { channelKindLabels } from "@/lib/channel-kinds";
import type { FailingDeliveries } from "@/lib/delivery-health";
import type { AlertDeliveryView, NotificationChannelView } from "@/lib/views/alerts";
import { DeliveryLog } from "./delivery-log";
import { FailingDeliveriesNotice } from "./failing-deliveries";

type Action = (state: ActionState, formData: FormData) => Promise<ActionState>;

export interface ChannelActions {
  update: Action;
  delete: Action;
  sendTest: Action;
}

interface ChannelCardProps {
  channel: NotificationChannelView;
  deliveries: AlertDeliveryView[];
  /** Its deliveries failing now (every project's), or null. */
  failing: FailingDeliveries | null;
  actions: ChannelActions;
}

/**
 * One channel: its name, kind, a hint of its URL and whether it signs, whether it is failing; edit (URL and secret are write-only:
 * empty keeps them) in a dialog, a test notification, its delivery log (a disclosure: it is content, open once
 * there is any), and delete behind a confirmation dialog.
 */
export function ChannelCard({ channel, deliveries, failing, actions }: ChannelCardProps) {
  const id = `channel-${channel.id}`;
  return (
    <section aria-labelledby={`${id}-name`} className="rounded-lg border border-border bg-card p-5 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`${id}-name`} className="text-base font-semibold">
          {channel.name}
        </h2>
        <Badge>{channelKindLabels[channel.kind] ?? channel.kind}</Badge>
        <span className="font-mono text-xs text-muted-foreground">{channel.slug}</span>
      </div>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[6rem_1fr]">
        <dt className="text-muted-foreground">URL</dt>
        <dd className="wrap-break-word font-mono text-xs">{channel.urlHint}</dd>
        <dt className="text-muted-foreground">Secret</dt>
        <dd>{channel.hasSecret ? "set (write-only)" : "none"}</dd>
      </dl>
      <FailingDeliveriesNotice failing={failing ? [{ target: { kind: "channel", slug: channel.slug, name: channel.name }, failing }] : []} label={`Failing deliveries to ${channel.name}`} />
      <div className="mt-4 flex flex-wrap items-start gap-3 border-t border-border pt-4">
        <ActionForm action={actions.sendTest} aria-label={`Send a test notification to ${channel.name}`} className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="channelSlug" value={channel.slug} />
          <Button type="submit" variant="secondary" size="sm">
            Send test notification
          </Button>
        </ActionForm>
        <FormDialog trigger="Edit…" title={`Edit ${channel.name}`} description="The URL and the signing secret are write-only: left empty, they stay as they are.">
          <ActionForm action={actions.update} aria-label={`Edit ${channel.name}`} className="grid gap-3">
            <input type="hidden" name="channelSlug" value={channel.slug} />
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-edit-name`}>Name</Label>
              <Input id={`${id}-edit-name`} name="name" defaultValue={channel.name} maxLength={100} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-edit-url`}>New URL (empty keeps {channel.urlHint})</Label>
              <Input id={`${id}-edit-url`} name="url" type="url" maxLength={2000} autoComplete="off" />
            </div>
            {channel.kind === "webhook" ? (
              <div className="space-y-1.5">
                <Label htmlFor={`${id}-edit-secret`}>New signing secret (empty keeps the current one)</Label>
                <Input id={`${id}-edit-secret`} name="secret" type="password" maxLength={256} autoComplete="new-password" />
              </div>
            ) : null}
            <div>
              <Button type="submit" size="sm">
                Save {channel.name}
              </Button>
            </div>
          </ActionForm>
        </FormDialog>
        <ConfirmAction
          trigger="Delete…"
          title={`Delete ${channel.name}?`}
          description="Refused while a rule posts to it. Its queued messages and delivery log go with it."
          action={actions.delete}
          formLabel={`Delete ${channel.name}`}
          fields={{ channelSlug: channel.slug }}
          submitLabel={`Delete ${channel.name}`}
        />
      </div>
      <details className="mt-4 border-t border-border pt-4" open={deliveries.length > 0}>
        <summary className="cursor-pointer text-sm font-semibold">Delivery log ({deliveries.length === 20 ? "newest 20" : deliveries.length})</summary>
        <div className="mt-2">
          <DeliveryLog deliveries={deliveries} label={`Deliveries to ${channel.name}`} />
        </div>
      </details>
    </section>
  );
}
