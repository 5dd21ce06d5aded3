import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { CredentialsForm } from "@/components/auth/credentials-form";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { getPublicContext } from "@/server/app-context";
import { describeOidcError } from "@/server/auth/describe-oidc-error";
import { hasAnyUser } from "@/server/users/count-users";
import { signInAction } from "./actions";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string | string[]; error?: string | string[] }> }) {
  const { db, config } = await getPublicContext();
  if (!(await hasAnyUser(db))) redirect("/setup");
  const { next, error } = await searchParams;
  const { oidc } = config.auth;
  const oidcError = oidc && typeof error === "string" ? describeOidcError(error, oidc.name) : null;
  return (
    <div className="mx-auto max-w-sm">
      <PageHeader title="Sign in to Lantern" />
      <Card className="space-y-4">
        <CredentialsForm
          action={signInAction}
          submitLabel="Sign in"
          pendingLabel="Signing in…"
          fields={[
            { name: "email", label: "E-mail", type: "email", autoComplete: "username" },
            { name: "password", label: "Password", type: "password", autoComplete: "current-password" },
            { name: "next", label: "", type: "hidden", defaultValue: typeof next === "string" ? next : "" },
          ]}
        />
        {oidc ? (
          <div className="space-y-2 border-t border-border pt-4">
            {oidcError ? (
              <p role="alert" className="text-sm text-danger">
                {oidcError}
              </p>
            ) : null}
            {/* A plain link: /sign-in/oidc is a route handler that redirects to the provider. */}
            <Button asChild variant="secondary">
              <a href={typeof next === "string" && next ? `/sign-in/oidc?next=${encodeURIComponent(next)}` : "/sign-in/oidc"}>Sign in with {oidc.name}</a>
            </Button>
          </div>
        ) : null}
        <p className="text-sm text-muted-foreground">
          <Link href="/forgot-password" className="text-primary hover:underline">
            Forgot your password?
          </Link>
        </p>
      </Card>
    </div>
  );
}
