import type { Metadata } from "next";
import { ApiTokenForm } from "@/components/accounts/api-token-form";
import { ApiTokenList } from "@/components/accounts/api-token-list";
import { ConnectedAppList } from "@/components/accounts/connected-app-list";
import { ChangePasswordForm } from "@/components/accounts/change-password-form";
import { NotificationPreferencesForm } from "@/components/alerts/notification-preferences-form";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { permissions } from "@/server/access/viewer";
import { listNotificationSettings } from "@/server/alerts/list-notification-settings";
import { getAppContext } from "@/server/app-context";
import { listConnectedMcpClients } from "@/server/oauth/connected-mcp-clients";
import { listApiTokens } from "@/server/tokens/api-tokens";
import { changePasswordAction, createApiTokenAction, revokeApiTokenAction, revokeConnectedAppAction, saveNotificationPreferencesAction, signOutEverywhereAction } from "./actions";

export const metadata: Metadata = { title: "Your account" };

const roleWords = { owner: "an owner", admin: "an admin", member: "a member" } as const;

/** The signed-in person's own account: password, sessions and API tokens. */
export default async function AccountPage({ searchParams }: { searchParams: Promise<{ changed?: string | string[] }> }) {
  const context = await getAppContext();
  const { db, viewer } = context;
  const { changed } = await searchParams;
  const tokens = await listApiTokens(db, viewer.userId);
  const notifications = await listNotificationSettings(context);
  const connectedApps = await listConnectedMcpClients(context);
  return (
    <>
      <PageHeader title="Your account" description={`${viewer.name} · ${viewer.email} · ${roleWords[viewer.role]}`} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardTitle>Password</CardTitle>
          <CardDescription>Changing it signs you out on every other device.</CardDescription>
          {changed === "password" ? (
            <p role="status" className="mt-3 text-sm text-muted-foreground">
              Password changed. Every other session of yours was signed out.
            </p>
          ) : null}
          <div className="mt-4">
            <ChangePasswordForm action={changePasswordAction} />
          </div>
        </Card>
        <Card>
          <CardTitle>Sessions</CardTitle>
          <CardDescription>Lost a laptop, or signed in somewhere public? End every session, this one included.</CardDescription>
          <form action={signOutEverywhereAction} className="mt-4">
            <Button type="submit" variant="secondary">
              Sign out everywhere
            </Button>
          </form>
        </Card>
        <Card className="lg:col-span-2">
          <CardTitle>Notifications</CardTitle>
          <CardDescription>E-mail Lantern sends you. Everything is on until you turn it off here.</CardDescription>
          <div className="mt-4">
            <NotificationPreferencesForm settings={notifications} action={saveNotificationPreferencesAction} />
          </div>
        </Card>
        <Card className="lg:col-span-2">
          <CardTitle>API tokens</CardTitle>
          <CardDescription>For scripts, CI and the Sentry CLI. A token acts as you, limited to its scopes; it stops working when revoked or when your account is removed.</CardDescription>
          <div className="mt-4 grid gap-6 lg:grid-cols-2">
            <ApiTokenForm action={createApiTokenAction} grantable={permissions.filter((permission) => viewer.permissions.has(permission))} />
            <ApiTokenList tokens={tokens} revoke={revokeApiTokenAction} />
          </div>
        </Card>
        <Card className="lg:col-span-2">
          <CardTitle>Connected apps</CardTitle>
          <CardDescription>MCP clients (Claude Code, Cursor, VS Code…) you allowed through OAuth. Each acts as you on Lantern&apos;s MCP server, limited to what you allowed: read, or read and triage.</CardDescription>
          <div className="mt-4">
            <ConnectedAppList apps={connectedApps} revoke={revokeConnectedAppAction} />
          </div>
        </Card>
      </div>
    </>
  );
}
