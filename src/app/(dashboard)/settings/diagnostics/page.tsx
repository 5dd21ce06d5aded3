import type { Metadata } from "next";
import Link from "next/link";
import { DiagnosticsPanel } from "@/components/diagnostics/diagnostics-panel";
import { PageHeader } from "@/components/shell/page-header";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";

export const metadata: Metadata = { title: "Diagnostics" };

export default function DiagnosticsPage() {
  return (
    <>
      <PageHeader title="Diagnostics" description="Trigger test failures to check that Lantern's own monitoring reaches its Lantern project." />
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardTitle>In the browser</CardTitle>
          <CardDescription>Each button raises a real error in this page. The browser SDK sends it through /monitoring.</CardDescription>
          <DiagnosticsPanel />
        </Card>
        <Card>
          <CardTitle>On the server</CardTitle>
          <CardDescription>Renders a page whose server component throws; the error page shows the digest that the server logged and reported.</CardDescription>
          <div className="mt-4 flex flex-wrap gap-2">
            <Link className="text-sm font-medium text-primary hover:underline" href="/settings/diagnostics/server-error" prefetch={false}>
              Render a failing server component
            </Link>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">
            Results appear in the{" "}
            <Link className="underline" href="/projects/lantern">
              Lantern project
            </Link>
            .
          </p>
        </Card>
      </div>
    </>
  );
}
