import type { Metadata } from "next";
import Link from "next/link";
import { MonitorList } from "@/components/crons/monitor-list";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { getAppContext } from "@/server/app-context";
import { loadCronsPage } from "@/server/pages/load-crons-page";

export const metadata: Metadata = { title: "Crons" };

/** `/crons`: the cron monitors of every project the viewer sees. */
export default async function CronsPage() {
  const context = await getAppContext();
  const { monitors, mayWrite, now } = await loadCronsPage(context);
  return (
    <>
      <PageHeader
        title="Crons"
        description="Scheduled jobs that check in: when one is missed, fails or runs too long, Lantern opens an issue."
        actions={
          mayWrite ? (
            <Button asChild size="sm">
              <Link href="/crons/new" prefetch={false}>
                New monitor
              </Link>
            </Button>
          ) : null
        }
      />
      {monitors.length === 0 ? (
        <EmptyState title="No cron monitors yet">
          A monitor appears when a job first checks in (Sentry.withMonitor, sentry-cli monitors run, or the HTTP check-in URL): open a project&apos;s Crons tab for its snippets. {mayWrite ? "Or create one here." : ""}
        </EmptyState>
      ) : (
        <MonitorList monitors={monitors} showProject now={now} />
      )}
    </>
  );
}
