import type { Metadata } from "next";
import Link from "next/link";
import { CredentialsForm } from "@/components/auth/credentials-form";
import { PageHeader } from "@/components/shell/page-header";
import { Card } from "@/components/ui/card";
import { getPublicContext } from "@/server/app-context";
import { resetPasswordAction } from "./actions";

// The token is in the URL: never send it on to another site.
export const metadata: Metadata = { title: "Choose a new password", referrer: "no-referrer" };

/** Where a reset link leads (from the e-mail or an admin): one field, the new password. */
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  await getPublicContext();
  const { token } = await searchParams;
  return (
    <div className="mx-auto max-w-sm">
      <PageHeader title="Choose a new password" />
      <Card className="space-y-4">
        {typeof token === "string" && token ? (
          <CredentialsForm
            action={resetPasswordAction}
            submitLabel="Set password"
            pendingLabel="Saving…"
            fields={[
              { name: "token", label: "", type: "hidden", defaultValue: token },
              { name: "password", label: "New password (at least 10 characters)", type: "password", autoComplete: "new-password" },
            ]}
          />
        ) : (
          <p role="alert" className="text-sm">
            This page needs the link from a reset e-mail. <Link href="/forgot-password" className="text-primary hover:underline">Ask for one</Link>.
          </p>
        )}
        <Link href="/sign-in" className="block text-sm text-primary hover:underline">
          Go to sign-in
        </Link>
      </Card>
    </div>
  );
}
