import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

export interface DataTableColumn {
  /** The header's text; a column of row actions gives a label for screen readers only (`isLabelHidden`). */
  label: string;
  isLabelHidden?: boolean;
  className?: string;
}

interface DataTableProps {
  /** The table's accessible name; the box that scrolls it is "<label>, scrollable". */
  label: string;
  columns: DataTableColumn[];
  /** The body's rows (`<tr>`). */
  children: ReactNode;
  /** Header cells' inline padding, to line up with the body's cells (settings tables use px-4). */
  padding?: "px-3" | "px-4";
  /** Header in capitals, as the settings and alerts tables have it. */
  isHeaderInCapitals?: boolean;
  bodyClassName?: string;
}

/**
 * A table in a box that scrolls sideways on a narrow screen, with a shadow on the edge where more columns
 * are hidden (phones show no scrollbar). The box is a focusable, labelled region, so a keyboard can scroll
 * it too (axe: scrollable-region-focusable), and `relative`, so visually hidden text in its cells stays
 * inside it instead of widening the page.
 */
export function DataTable({ label, columns, children, padding = "px-3", isHeaderInCapitals = false, bodyClassName }: DataTableProps) {
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label={`${label}, scrollable`}
      className="scroll-hint-x relative rounded-lg border border-border [--scroll-hint-background:var(--card)] focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <table className="w-full text-left text-sm" aria-label={label}>
        <thead className={cn("border-b border-border text-xs text-muted-foreground", isHeaderInCapitals && "uppercase")}>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={cn(padding, "py-2 font-medium", column.className)}>
                {column.isLabelHidden ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={bodyClassName ?? "divide-y divide-border"}>{children}</tbody>
      </table>
    </div>
  );
}
