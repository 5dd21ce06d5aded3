import { SecretForm, type SecretState } from "@/components/accounts/secret-form";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { channelKindLabels } from "@/lib/channel-kinds";

/** Name, kind, URL and (webhooks) a secret; the created webhook's secret is shown once with a copy button. */
export function CreateChannelForm({ action }: { action: (state: SecretState, formData: FormData) => Promise<SecretState> }) {
  return (
    <SecretForm action={action} secretLabel="signing secret" aria-label="New notification channel" className="space-y-4" note="Copy it now: Lantern shows a channel's secret only this once. Receivers check Lantern-Signature with it.">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="channel-name">Name</Label>
          <Input id="channel-name" name="name" maxLength={100} placeholder="On-call Slack" />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="channel-kind">Kind</Label>
          <Select id="channel-kind" name="kind" defaultValue="slack">
            {Object.entries(channelKindLabels).map(([kind, label]) => (
              <option key={kind} value={kind}>
                {label}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="channel-url">Webhook URL</Label>
        <Input id="channel-url" name="url" type="url" maxLength={2000} placeholder="https://hooks.slack.com/services/…" autoComplete="off" />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="channel-secret">Signing secret (webhook only)</Label>
        <Input id="channel-secret" name="secret" type="password" maxLength={256} autoComplete="new-password" aria-describedby="channel-secret-help" />
        <p id="channel-secret-help" className="text-xs text-muted-foreground">
          Empty: Lantern makes one (32 random bytes) and shows it once. Every webhook body is signed: Lantern-Signature: sha256=&lt;HMAC of the body&gt;.
        </p>
      </div>
      <Button type="submit">Add channel</Button>
    </SecretForm>
  );
}
