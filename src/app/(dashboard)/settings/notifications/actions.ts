"use server";

import type { SecretState } from "@/components/accounts/secret-form";
import type { ActionState } from "@/lib/action-state";
import { formField as field, revalidated, runFormAction } from "@/server/actions/form-action";
import { createNotificationChannel } from "@/server/alerts/create-notification-channel";
import { deleteNotificationChannel } from "@/server/alerts/delete-notification-channel";
import { sendTestEmail } from "@/server/alerts/send-test-email";
import { sendTestNotification } from "@/server/alerts/send-test-notification";
import { updateNotificationChannel } from "@/server/alerts/update-notification-channel";
import { getAppContext } from "@/server/app-context";

const path = "/settings/notifications";

/** An empty write-only field (URL, secret) leaves the stored value as it is. */
const unlessEmpty = (value: string): string | undefined => (value === "" ? undefined : value);

/** Creates a channel; a webhook's signing secret (given or generated) is shown this once. */
export async function createChannelAction(_previous: SecretState, formData: FormData): Promise<SecretState> {
  const context = await getAppContext();
  const kind = field(formData, "kind");
  const input = { name: field(formData, "name"), kind, url: field(formData, "url").trim(), secret: kind === "webhook" ? unlessEmpty(field(formData, "secret")) : undefined };
  return runFormAction(
    () => createNotificationChannel(context, input),
    revalidated(path, (channel): SecretState => ({
      message: `Created “${channel.name}” (slug ${channel.slug}).${channel.secret ? " Its signing secret:" : ""}`,
      ...(channel.secret ? { secret: channel.secret } : {}),
    })),
  );
}

export async function updateChannelAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const input = { channelSlug: field(formData, "channelSlug"), name: field(formData, "name"), url: unlessEmpty(field(formData, "url").trim()), secret: unlessEmpty(field(formData, "secret")) };
  return runFormAction(() => updateNotificationChannel(context, input), revalidated(path, (channel) => ({ message: `Saved “${channel.name}”.` })));
}

/** Refused (409, naming them) while a rule posts to the channel. */
export async function deleteChannelAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  return runFormAction(() => deleteNotificationChannel(context, { channelSlug: field(formData, "channelSlug") }), revalidated(path, () => ({ message: "Channel deleted." })));
}

export async function sendChannelTestAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  return runFormAction(
    () => sendTestNotification(context, { channelSlug: field(formData, "channelSlug") }),
    revalidated(path, () => ({ message: "Test notification queued. Reload the page to see it in the delivery log." })),
  );
}

/** Sends a test e-mail to the signed-in person now and says what the SMTP server answered (as text). */
export async function sendTestEmailAction(): Promise<ActionState> {
  const context = await getAppContext();
  return runFormAction(
    () => sendTestEmail(context),
    (outcome): ActionState => (outcome.ok ? { message: `Sent a test e-mail to ${outcome.to} through ${outcome.server} (answer ${outcome.response}).` } : { error: `No test e-mail to ${outcome.to}: ${outcome.error}` }),
  );
}
