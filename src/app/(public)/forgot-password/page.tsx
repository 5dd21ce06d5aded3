import type { Metadata } from "next";
import Link from "next/link";
import { CredentialsForm } from "@/components/auth/credentials-form";
import { PageHeader } from "@/components/shell/page-header";
import { Card } from "@/components/ui/card";
import { getPublicContext } from "@/server/app-context";
import { forgotPasswordAction } from "./actions";

export const metadata: Metadata = { title: "Forgot password" };

/** Asks for the e-mail to send a reset link to; without SMTP, sends people to an admin instead. */
export default async function ForgotPasswordPage() {
  const { config } = await getPublicContext();
  return (
    <div className="mx-auto max-w-sm">
      <PageHeader title="Reset your password" />
      <Card className="space-y-4">
        {config.auth.smtp ? (
          <>
            <p className="text-sm text-muted-foreground">Enter the e-mail address of your account. We send it a link to choose a new password.</p>
            <CredentialsForm action={forgotPasswordAction} submitLabel="Send reset link" pendingLabel="Sending…" fields={[{ name: "email", label: "E-mail", type: "email", autoComplete: "username" }]} />
          </>
        ) : (
          <p className="text-sm">This Lantern cannot send e-mail. Ask an owner or admin: they can make a reset link for you on the Members page.</p>
        )}
        <Link href="/sign-in" className="block text-sm text-primary hover:underline">
          Back to sign-in
        </Link>
      </Card>
    </div>
  );
}
