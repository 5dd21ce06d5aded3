import bytes from "bytes";
import Link from "next/link";
import type { DiskBudgetStatus } from "@/lib/views/storage";

interface DiskBudgetBannerProps {
  status: DiskBudgetStatus | null;
  /** Owners and admins get a link to Settings → Storage. */
  canSeeStorage: boolean;
}

/**
 * On every dashboard page while the database is over LANTERN_DISK_BUDGET, or for an hour after
 * housekeeping deleted old events to get back under it: events people expect may be gone.
 */
export function DiskBudgetBanner({ status, canSeeStorage }: DiskBudgetBannerProps) {
  if (!status) return null;
  const { lastPrune } = status;
  if (!status.isOverBudget && !(status.prunedRecently && lastPrune)) return null;
  const budget = bytes.format(status.budgetBytes);
  return (
    <div role="status" className="mb-4 rounded-md border border-amber-500/60 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-100">
      {status.isOverBudget ? (
        <p>
          The database holds {bytes.format(status.bytes)}, over its disk budget of {budget} (LANTERN_DISK_BUDGET). Housekeeping deletes the oldest events, every 10 minutes, until it is under {bytes.format(status.budgetBytes * 0.9)}; issues keep their counts.
        </p>
      ) : (
        <p>
          To stay within the disk budget of {budget}, housekeeping deleted the {lastPrune!.deleted.toLocaleString("en")} oldest events at {new Date(lastPrune!.at).toISOString().slice(11, 16)} UTC; issues kept their counts.
        </p>
      )}
      {canSeeStorage ? (
        <Link href="/settings/storage" className="mt-1 inline-block font-medium underline">
          Storage by table and project
        </Link>
      ) : null}
    </div>
  );
}
