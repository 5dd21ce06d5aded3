import Link from "next/link";
import { ActionForm } from "@/components/issues/action-form";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import type { ActionState } from "@/lib/action-state";
import type { FailingDeliveries } from "@/lib/delivery-health";
import { emailSetupDocsPath } from "@/lib/delivery-health";
import { FailingLine } from "./failing-deliveries";

interface EmailSetupCardProps {
  setup: { isConfigured: boolean; server: string | null; from: string | null };
  /** E-mail deliveries failing now (alerts and workflow e-mail of every project), or null. */
  failing: FailingDeliveries | null;
  viewerEmail: string;
  sendTest: (state: ActionState, formData: FormData) => Promise<ActionState>;
}

/**
 * Settings → Notifications → E-mail: whether this server can send e-mail and through which SMTP server (host
 * and port only: the URL's user and password stay in the environment), whether e-mail is failing, and a test
 * e-mail to oneself whose answer — the SMTP server's, as text — shows beside the button.
 */
export function EmailSetupCard({ setup, failing, viewerEmail, sendTest }: EmailSetupCardProps) {
  return (
    <Card aria-labelledby="email-setup-title">
      <CardTitle id="email-setup-title">E-mail</CardTitle>
      <CardDescription>Alert rules e-mail people, and Lantern e-mails assignees about their issues, through one SMTP server.</CardDescription>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[6rem_1fr]">
        <dt className="text-muted-foreground">Status</dt>
        <dd className={setup.isConfigured ? "" : "font-semibold text-danger"}>{setup.isConfigured ? "Configured" : "Not configured: no e-mail is sent"}</dd>
        {setup.isConfigured ? (
          <>
            <dt className="text-muted-foreground">SMTP server</dt>
            <dd className="font-mono text-xs wrap-break-word">{setup.server}</dd>
            <dt className="text-muted-foreground">From</dt>
            <dd className="break-words">{setup.from}</dd>
          </>
        ) : null}
      </dl>
      {setup.isConfigured ? null : (
        <p className="mt-2 text-sm">
          Set <code>LANTERN_SMTP_URL</code> (<code>smtp://user:password@host:587</code> or <code>smtps://…:465</code>) and <code>LANTERN_SMTP_FROM</code> where Lantern runs, then restart it:{" "}
          <Link href={emailSetupDocsPath} prefetch={false} className="text-primary underline">
            setting up e-mail
          </Link>
          .
        </p>
      )}
      {failing ? (
        <p className="mt-3 rounded-md border border-danger/50 bg-danger/5 px-3 py-2 text-sm text-danger">
          <FailingLine name="E-mail" failing={failing} />
        </p>
      ) : null}
      <ActionForm action={sendTest} aria-label="Send a test e-mail" className="mt-4 flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary" size="sm">
          Send test e-mail
        </Button>
        <span className="text-xs wrap-break-word text-muted-foreground">To {viewerEmail}, now.</span>
      </ActionForm>
    </Card>
  );
}
