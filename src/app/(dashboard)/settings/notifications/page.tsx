import type { Metadata } from "next";
import { ChannelCard } from "@/components/alerts/channel-card";
import { CreateChannelForm } from "@/components/alerts/create-channel-form";
import { EmailSetupCard } from "@/components/alerts/email-setup-card";
import { PageHeader } from "@/components/shell/page-header";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { getAppContext } from "@/server/app-context";
import { loadNotificationChannelsPage } from "@/server/pages/load-alerts-page";
import { createChannelAction, deleteChannelAction, sendChannelTestAction, sendTestEmailAction, updateChannelAction } from "./actions";

export const metadata: Metadata = { title: "Notifications" };

const channelActions = { update: updateChannelAction, delete: deleteChannelAction, sendTest: sendChannelTestAction };

/** Settings → Notifications (owners and admins): whether e-mail works, and the channels alert rules post to besides it. */
export default async function NotificationsPage() {
  const { email, channels } = await loadNotificationChannelsPage(await getAppContext());
  return (
    <>
      <PageHeader title="Notifications" description="Where alerts go: e-mail through this server's SMTP server, and channels — Slack, Discord and Microsoft Teams incoming webhooks, or a signed webhook of your own. Rules name a channel by its slug." />
      <div className="max-w-4xl space-y-6">
        <EmailSetupCard setup={email.setup} failing={email.failing} viewerEmail={email.viewerEmail} sendTest={sendTestEmailAction} />
        <Card>
          <CardTitle>New channel</CardTitle>
          <CardDescription>The URL and the secret are write-only: after this, Lantern shows only a hint of the URL and whether a secret is set.</CardDescription>
          <div className="mt-4">
            <CreateChannelForm action={createChannelAction} />
          </div>
        </Card>
        {channels.length === 0 ? (
          <EmptyState title="No channels yet">
            <p>Add one above, then pick it in a project&apos;s alert rule under Then.</p>
          </EmptyState>
        ) : (
          <ul aria-label="Notification channels" className="space-y-4">
            {channels.map(({ channel, deliveries, failing }) => (
              <li key={channel.id}>
                <ChannelCard channel={channel} deliveries={deliveries} failing={failing} actions={channelActions} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
