import { TextTooltip } from "@/components/ui/text-tooltip";
import { formatTimestamp } from "@/lib/format-time";
import type { AuditLogPage } from "@/lib/views/audit";
import { DataTable } from "@/components/ui/data-table";
import { IdentifierText } from "@/components/ui/identifier-text";

type Entry = AuditLogPage["entries"][number];

/** "user:ada@example.com" → "ada@example.com"; "cli" and "anonymous" stay as they are. */
function who(entry: Entry): string {
  return entry.actorEmail ?? entry.actor.replace(/^user:/, "");
}

/** The entry's extra data as short "key: value" pairs (ids and names of what changed). */
function details(entry: Entry): string {
  if (!entry.data) return "";
  try {
    const data = JSON.parse(entry.data) as Record<string, unknown>;
    return Object.entries(data)
      .map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
      .join(", ");
  } catch {
    return entry.data;
  }
}

/** The audit log, newest first: when, who, what, on what, and from which address and browser. */
export function AuditLogTable({ entries }: { entries: Entry[] }) {
  return (
    <DataTable label="Audit log" columns={[{ label: "When" }, { label: "Who" }, { label: "What" }, { label: "Target" }, { label: "From" }]} padding="px-4" isHeaderInCapitals bodyClassName="">
      {entries.map((entry) => (
        <tr key={entry.id} className="border-b border-border align-top last:border-0">
          <td className="whitespace-nowrap px-4 py-2 font-mono text-xs">{formatTimestamp(entry.createdAt)}</td>
          <td className="px-4 py-2 wrap-break-word">
            <IdentifierText value={who(entry)} />
          </td>
          <td className="px-4 py-2">
            <span className="font-mono text-xs">{entry.action}</span>
            {entry.data ? (
              <span className="block min-w-48 text-xs wrap-break-word text-muted-foreground">
                <IdentifierText value={details(entry)} />
              </span>
            ) : null}
          </td>
          <td className="min-w-40 px-4 py-2 wrap-break-word">{entry.target ? <IdentifierText value={entry.target} /> : "—"}</td>
          <td className="px-4 py-2 text-xs">
            <span className="block font-mono">{entry.ipAddress ?? "—"}</span>
            {entry.userAgent ? (
              <TextTooltip tooltip={entry.userAgent} isWholeText className="block max-w-56 truncate text-muted-foreground no-underline">
                {entry.userAgent}
              </TextTooltip>
            ) : null}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
