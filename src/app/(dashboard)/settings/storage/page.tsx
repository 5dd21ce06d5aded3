import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/shell/page-header";
import { StorageReportView } from "@/components/storage/storage-report-view";
import { getAppContext } from "@/server/app-context";
import { isAppError } from "@/server/errors";
import { readStorageReport } from "@/server/storage/budget-storage-report";

export const metadata: Metadata = { title: "Storage" };

/** Owners and admins only: to anyone else the page does not exist. */
export default async function StoragePage() {
  const context = await getAppContext();
  const report = await readStorageReport(context).catch((error: unknown) => {
    if (isAppError(error) && error.code === "forbidden") notFound();
    throw error;
  });
  return (
    <>
      <PageHeader title="Storage" description={`How much the database holds, by table and by project (measured at most once a minute; this one at ${new Date(report.measuredAt).toISOString().slice(11, 19)} UTC).`} />
      <StorageReportView report={report} dialect={context.database.dialect} />
    </>
  );
}
