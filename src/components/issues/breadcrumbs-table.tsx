import { displayValue, type BreadcrumbView } from "@/lib/event-payload";
import { formatTimestamp } from "@/lib/format-time";

/** Breadcrumbs newest first: time, category, level, message (or the crumb's data when it has no message). */
export function BreadcrumbsTable({ breadcrumbs }: { breadcrumbs: BreadcrumbView[] }) {
  const newestFirst = [...breadcrumbs].reverse();
  return (
    <div className="overflow-x-auto rounded-md border border-border">
      <table className="w-full text-xs" aria-label="Breadcrumbs">
        <thead className="border-b border-border text-left text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Time
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Category
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Level
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Message
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {newestFirst.map((crumb, index) => (
            <tr key={index} className="align-top">
              <td className="px-3 py-1.5 font-mono whitespace-nowrap text-muted-foreground">
                {crumb.timestamp !== null ? <time dateTime={new Date(crumb.timestamp).toISOString()}>{formatTimestamp(crumb.timestamp).slice(11)}</time> : "—"}
              </td>
              <td className="px-3 py-1.5 font-mono">{crumb.category ?? crumb.type ?? "default"}</td>
              <td className="px-3 py-1.5">{crumb.level ?? "info"}</td>
              <td className="px-3 py-1.5 font-mono break-all">{crumb.message ?? (crumb.data ? displayValue(crumb.data) : "")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
