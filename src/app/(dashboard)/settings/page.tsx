import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/shell/page-header";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { getAppContext } from "@/server/app-context";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const { config } = await getAppContext();
  const rows: [string, string][] = [
    ["Public URL (LANTERN_URL)", config.publicUrl],
    ["Database", config.database.dialect === "sqlite" ? `SQLite at ${config.database.path}` : "PostgreSQL"],
    ["Self-monitoring", config.selfMonitoring.isEnabled ? (config.selfMonitoring.upstreamDsn ? "on, sent to an upstream DSN" : "on, into the Lantern project") : "off"],
    ["Largest accepted envelope", `${Math.round(config.ingest.maxEnvelopeBytes / 1024 / 1024)} MiB decompressed`],
  ];
  return (
    <>
      <PageHeader title="Settings" description="This instance's configuration, read from the environment at start. Change it in .env and restart." />
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardTitle>Instance</CardTitle>
          <dl className="mt-4 space-y-3 text-sm">
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="font-mono">{value}</dd>
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
