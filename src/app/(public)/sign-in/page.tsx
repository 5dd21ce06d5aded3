import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { CredentialsForm } from "@/components/auth/credentials-form";
import { PageHeader } from "@/components/shell/page-header";
import { Card } from "@/components/ui/card";
import { getPublicContext } from "@/server/app-context";
import { hasAnyUser } from "@/server/users/count-users";
import { signInAction } from "./actions";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const { db, config } = await getPublicContext();
  if (!(await hasAnyUser(db))) redirect("/setup");
  const { next } = await searchParams;
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
        {config.auth.oidc ? (
          <form action="/api/auth/sign-in/oidc" method="post">
            <button type="submit" className="text-sm text-primary hover:underline">
              Sign in with {config.auth.oidc.name}
            </button>
          </form>
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
