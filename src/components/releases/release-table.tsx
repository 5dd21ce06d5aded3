import Link from "next/link";
import { RelativeTime } from "@/components/issues/relative-time";
import { cn } from "@/lib/cn";
import { formatRate } from "@/lib/format-rate";
import type { ProjectRelease } from "@/lib/views/releases";
import { DataTable } from "@/components/ui/data-table";
import { IdentifierText } from "@/components/ui/identifier-text";

const none = <span className="text-muted-foreground">—</span>;

/** Green at 99.5 % and above, amber from 95 %, red below: the bands teams commonly alert on. */
function rateTone(rate: number): string {
  if (rate >= 0.995) return "text-emerald-700 dark:text-emerald-400";
  if (rate >= 0.95) return "text-amber-700 dark:text-amber-400";
  return "text-red-700 dark:text-red-400";
}

/** A project's releases with new issues, the latest deploy and session health; each version links to its page. */
export function ReleaseTable({ releases, releaseHref }: { releases: ProjectRelease[]; releaseHref: (version: string) => string }) {
  return (
    <DataTable label="Releases" columns={[{ label: "Release" }, { label: "Crash-free sessions" }, { label: "Sessions", className: "text-right" }, { label: "Adoption", className: "text-right" }, { label: "New issues", className: "text-right" }, { label: "Deployed" }]}>
      {releases.map((release) => (
        <tr key={release.version} className="align-top hover:bg-muted/50">
          <th scope="row" className="min-w-48 px-3 py-2 text-left font-normal">
            <Link href={releaseHref(release.version)} prefetch={false} className="font-mono text-sm wrap-break-word hover:underline">
              <IdentifierText value={release.version} />
            </Link>
            <div className="mt-1 text-xs text-muted-foreground">
              first seen <RelativeTime time={release.firstSeen} />
              {release.dateReleased !== null ? (
                <>
                  {" "}
                  · released <RelativeTime time={release.dateReleased} />
                </>
              ) : null}
            </div>
          </th>
          <td className="px-3 py-2 whitespace-nowrap">
            {release.health ? (
              <span className={cn("font-medium tabular-nums", rateTone(release.health.crashFreeRate))}>
                {formatRate(release.health.crashFreeRate)}{" "}
                <span className="ml-2 text-xs font-normal text-muted-foreground">
                  {release.health.crashed.toLocaleString("en")} crashed
                </span>
              </span>
            ) : (
              <span className="text-xs text-muted-foreground">no sessions</span>
            )}
          </td>
          <td className="px-3 py-2 text-right tabular-nums">{release.health ? release.health.sessions.toLocaleString("en") : none}</td>
          <td className="px-3 py-2 text-right tabular-nums">{release.health ? formatRate(release.health.adoption) : none}</td>
          <td className="px-3 py-2 text-right tabular-nums">{release.newIssues.toLocaleString("en")}</td>
          <td className="px-3 py-2 text-xs whitespace-nowrap">
            {release.lastDeploy ? (
              <>
                {release.lastDeploy.environment} · <RelativeTime time={release.lastDeploy.finishedAt} />
              </>
            ) : (
              none
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
