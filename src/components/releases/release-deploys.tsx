import { RelativeTime } from "@/components/issues/relative-time";
import { SafeLink } from "@/components/issues/safe-link";
import { DataTable } from "@/components/ui/data-table";
import { IdentifierText } from "@/components/ui/identifier-text";
import type { ReleasePage } from "@/lib/views/releases";

/** The release's latest deploy per environment (`sentry-cli releases deploys new`). */
export function ReleaseDeploys({ deploys }: { deploys: ReleasePage["deploys"] }) {
  if (deploys.length === 0) return <p className="text-sm text-muted-foreground">No deploy recorded: CI records one with sentry-cli releases deploys VERSION new -e ENVIRONMENT.</p>;
  return (
    <DataTable label="Deploys" columns={[{ label: "Environment" }, { label: "Latest deploy" }, { label: "Deploys", className: "text-right" }]}>
      {deploys.map((deploy) => (
        <tr key={deploy.environment}>
          <th scope="row" className="px-3 py-2 text-left font-normal">
            <IdentifierText value={deploy.environment} />
          </th>
          <td className="px-3 py-2 text-xs">
            <RelativeTime time={deploy.finishedAt} />
            {deploy.name ? (
              <>
                {" · "}
                <IdentifierText value={deploy.name} />
              </>
            ) : null}
            {deploy.url ? (
              <>
                {" · "}
                <SafeLink href={deploy.url}>{deploy.url}</SafeLink>
              </>
            ) : null}
          </td>
          <td className="px-3 py-2 text-right tabular-nums">{deploy.count.toLocaleString("en")}</td>
        </tr>
      ))}
    </DataTable>
  );
}
