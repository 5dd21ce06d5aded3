import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { CredentialsForm } from "@/components/auth/credentials-form";
import { PageHeader } from "@/components/shell/page-header";
import { Card } from "@/components/ui/card";
import { getPublicContext } from "@/server/app-context";
import { hasAnyUser } from "@/server/users/count-users";
import { setupAction } from "./actions";

export const metadata: Metadata = { title: "Set up Lantern" };

/** The first-run screen: shown only while no account exists; every other page leads here until then. */
export default async function SetupPage() {
  const { db } = await getPublicContext();
  if (await hasAnyUser(db)) redirect("/sign-in");
  return (
    <div className="mx-auto max-w-sm">
      <PageHeader title="Welcome to Lantern" description="Create the owner account. Owners manage members, teams, projects and settings." />
      <Card>
        <CredentialsForm
          action={setupAction}
          submitLabel="Create owner account"
          pendingLabel="Creating…"
          fields={[
            { name: "name", label: "Name", type: "text", autoComplete: "name" },
            { name: "email", label: "E-mail", type: "email", autoComplete: "username" },
            { name: "password", label: "Password (at least 10 characters)", type: "password", autoComplete: "new-password" },
          ]}
        />
      </Card>
    </div>
  );
}
