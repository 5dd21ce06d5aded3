import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AuditLogTable } from "@/components/accounts/audit-log-table";
import { PageHeader } from "@/components/shell/page-header";
import { EmptyState } from "@/components/ui/empty-state";
import { getAppContext } from "@/server/app-context";
import { listAuditLog } from "@/server/audit/list-audit-log";
import { isAppError } from "@/server/errors";

export const metadata: Metadata = { title: "Audit log" };

const pageSize = 50;

interface AuditLogPageProps {
  searchParams: Promise<{ before?: string | string[] }>;
}

/** Owners and admins only: to anyone else the page does not exist. Pages go back in time by entry id. */
export default async function AuditLogPage({ searchParams }: AuditLogPageProps) {
  const context = await getAppContext();
  const { before: beforeParameter } = await searchParams;
  const before = typeof beforeParameter === "string" && /^\d{1,15}$/.test(beforeParameter) ? Number(beforeParameter) : undefined;
  const { entries, nextBefore } = await listAuditLog(context, { before, limit: pageSize }).catch((error: unknown) => {
    if (isAppError(error) && error.code === "forbidden") notFound();
    throw error;
  });
  return (
    <>
      <PageHeader title="Audit log" description="Sign-ins, account, team, token, key and project changes: who did what, when, and from where. Newest first." />
      {entries.length === 0 ? (
        <EmptyState title="Nothing recorded">{before ? "There are no older entries." : "Entries appear as people sign in and change things."}</EmptyState>
      ) : (
        <AuditLogTable entries={entries} />
      )}
      <nav aria-label="Audit log pages" className="mt-4 flex gap-4 text-sm">
        {before ? (
          <Link href="/settings/audit-log" className="text-primary hover:underline">
            Newest entries
          </Link>
        ) : null}
        {nextBefore ? (
          <Link href={`/settings/audit-log?before=${nextBefore}`} className="text-primary hover:underline">
            Older entries
          </Link>
        ) : null}
      </nav>
    </>
  );
}
