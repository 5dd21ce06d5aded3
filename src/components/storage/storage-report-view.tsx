import bytes from "bytes";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import type { StorageReport } from "@/lib/views/storage";
import { IdentifierText } from "@/components/ui/identifier-text";

function size(value: number): string {
  return bytes.format(value, { unitSeparator: " " }) ?? `${value} B`;
}

function SizeTable({ caption, rows }: { caption: string; rows: { label: string; detail?: string; bytes: number }[] }) {
  return (
    <table className="mt-4 w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <tbody className="divide-y divide-border">
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row" className="py-1.5 text-left font-normal">
              <span className="font-mono wrap-break-word">
                <IdentifierText value={row.label} />
              </span>
              {row.detail ? <span className="ml-2 text-muted-foreground">{row.detail}</span> : null}
            </th>
            <td className="py-1.5 text-right font-mono tabular-nums">{size(row.bytes)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Settings → Storage: the budget and the floor, then the database by table and by project. */
export function StorageReportView({ report, dialect }: { report: StorageReport; dialect: "sqlite" | "postgres" }) {
  const { budget } = report;
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Card className="md:col-span-2">
        <CardTitle>Disk budget and free space</CardTitle>
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted-foreground">Database size</dt>
            <dd className="font-mono">{size(budget?.bytes ?? report.totalBytes)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Disk budget (LANTERN_DISK_BUDGET)</dt>
            <dd className="font-mono">{budget ? `${size(budget.budgetBytes)}${budget.isOverBudget ? " — over budget" : ""}` : "none"}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Free-space floor (LANTERN_MIN_FREE_DISK)</dt>
            <dd className="font-mono">{dialect === "sqlite" ? size(report.minFreeDiskBytes) : "not checked: PostgreSQL's disk is its server's"}</dd>
          </div>
        </dl>
        {budget?.lastPrune ? (
          <p className="mt-3 text-sm text-muted-foreground">
            Last pruned for the budget: {new Date(budget.lastPrune.at).toISOString().replace("T", " ").slice(0, 16)} UTC, {budget.lastPrune.deleted.toLocaleString("en")} oldest events, {size(budget.lastPrune.bytesBefore)} → {size(budget.lastPrune.bytesAfter)}.
          </p>
        ) : null}
      </Card>
      <Card>
        <CardTitle>By table</CardTitle>
        <CardDescription>
          {dialect === "sqlite"
            ? "Pages in use per table, its indexes included (SQLite's dbstat)."
            : "Each table's files (indexes and TOAST included) scaled by the share live rows take up, from a sample of at most 1,000 pages."}
        </CardDescription>
        <SizeTable caption="Database size by table" rows={report.tables.filter((table) => table.bytes > 0).map((table) => ({ label: table.table, bytes: table.bytes }))} />
      </Card>
      <Card>
        <CardTitle>By project</CardTitle>
        <CardDescription>An estimate: the events table shared out by each project&apos;s number of events, plus its attachments.</CardDescription>
        <SizeTable caption="Database size by project" rows={report.projects.map((project) => ({ label: project.name, detail: `${project.events.toLocaleString("en")} events`, bytes: project.bytes }))} />
      </Card>
    </div>
  );
}
