import type { ReactNode } from "react";
import { DiskBudgetBanner } from "@/components/storage/disk-budget-banner";
import { getAppContext } from "@/server/app-context";
import { readDiskBudgetStatus } from "@/server/storage/budget-status";

/**
 * Every dashboard page sits behind this gate: anonymous requests go to sign-in (or setup) before any page
 * renders, even one that forgets to ask for the context itself. Route handlers and server actions do not
 * pass through layouts; each of them calls getAppContext() first.
 */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const { db, config, viewer } = await getAppContext();
  const budget = await readDiskBudgetStatus(db, config.storage.diskBudgetBytes);
  return (
    <>
      <DiskBudgetBanner status={budget} canSeeStorage={viewer.permissions.has("admin")} />
      {children}
    </>
  );
}
