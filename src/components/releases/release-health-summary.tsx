import { formatRate } from "@/lib/format-rate";
import type { ReleasePage } from "@/lib/views/releases";

/** The release's health as figures: sessions, crash-free sessions and users (14 days), adoption (24 hours). */
export function ReleaseHealthSummary({ health }: { health: ReleasePage["health"] }) {
  if (!health) {
    return <p className="text-sm text-muted-foreground">No session of this release in the last 14 days: its SDK tracks no sessions, or nobody ran it lately.</p>;
  }
  const figures: [string, string][] = [
    ["Crash-free sessions", formatRate(health.crashFreeRate)],
    ["Crash-free users", health.crashFreeUserRate === null ? "—" : formatRate(health.crashFreeUserRate)],
    ["Sessions", health.sessions.toLocaleString("en")],
    ["Users", health.users.toLocaleString("en")],
    ["Crashed", health.crashed.toLocaleString("en")],
    ["Errored", health.errored.toLocaleString("en")],
    ["Adoption (24 h)", formatRate(health.adoption)],
  ];
  return (
    <dl aria-label="Release health" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-border px-3 py-2">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
