import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/shell/page-header";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { IdentifierText } from "@/components/ui/identifier-text";
import { getAppContext } from "@/server/app-context";

export const metadata: Metadata = { title: "Settings" };

interface SettingsLink {
  href: string;
  title: string;
  description: string;
}

/** Where accounts and access are managed; the audit log only for owners and admins (others get a 404 there). */
function accessLinks(isAdmin: boolean): SettingsLink[] {
  return [
    { href: "/settings/account", title: "Your account", description: "Change your password, sign out everywhere, and manage your API tokens." },
    { href: "/settings/members", title: "Members", description: isAdmin ? "Invite people, change roles, remove accounts, make password reset links." : "Who has access to this Lantern, and with which role." },
    { href: "/settings/teams", title: "Teams", description: isAdmin ? "Group members and give each team its projects." : "Your teams and their projects." },
    ...(isAdmin ? [{ href: "/settings/notifications", title: "Notifications", description: "Where alert rules post besides e-mail: chat and webhook channels, with their delivery logs." }] : []),
    ...(isAdmin ? [{ href: "/settings/audit-log", title: "Audit log", description: "Who signed in and who changed what, when, from where." }] : []),
    ...(isAdmin ? [{ href: "/settings/storage", title: "Storage", description: "The database's size by table and project, the disk budget and the free-space floor." }] : []),
  ];
}

export default async function SettingsPage() {
  const { config, viewer } = await getAppContext();
  const rows: [string, string][] = [
    ["Public URL (LANTERN_URL)", config.publicUrl],
    // A checkout in a deep folder makes a long path: it wraps after its separators instead of widening the page.
    ["Database", config.database.dialect === "sqlite" ? `SQLite at ${config.database.path}` : "PostgreSQL"],
    ["Self-monitoring", config.selfMonitoring.isEnabled ? (config.selfMonitoring.upstreamDsn ? "on, sent to an upstream DSN" : "on, into the Lantern project") : "off"],
    ["Largest accepted envelope", `${Math.round(config.ingest.maxEnvelopeBytes / 1024 / 1024)} MiB decompressed`],
  ];
  return (
    <>
      <PageHeader title="Settings" description="Accounts and access, and this instance's configuration (read from the environment at start: change it in .env and restart)." />
      <nav aria-label="Accounts and access" className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {accessLinks(viewer.permissions.has("admin")).map((link) => (
          <Link key={link.href} href={link.href} className="rounded-lg border border-border bg-card p-4 shadow-sm hover:bg-muted">
            <span className="block font-semibold text-primary">{link.title}</span>
            <span className="mt-1 block text-sm text-muted-foreground">{link.description}</span>
          </Link>
        ))}
      </nav>
      <div className="grid gap-6 md:grid-cols-2">
        <Card className="min-w-0">
          <CardTitle>Instance</CardTitle>
          <dl className="mt-4 space-y-3 text-sm">
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="font-mono wrap-break-word">
                  <IdentifierText value={value} />
                </dd>
              </div>
            ))}
          </dl>
        </Card>
        <Card>
          <CardTitle>Diagnostics</CardTitle>
          <CardDescription>Lantern reports its own errors into its Lantern project. Check that this works end to end.</CardDescription>
          <Link href="/settings/diagnostics" className="mt-4 inline-block text-sm font-medium text-primary hover:underline">
            Open diagnostics
          </Link>
        </Card>
      </div>
    </>
  );
}
