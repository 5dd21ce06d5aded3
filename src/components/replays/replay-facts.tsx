import Link from "next/link";
import { IdentifierText } from "@/components/ui/identifier-text";
import type { ReplayView } from "@/lib/views/replay";
import { formatOffset } from "@/lib/replays/replay-timeline";

function nameAndVersion(part: { name: string | null; version: string | null }): string {
  return [part.name, part.version].filter(Boolean).join(" ") || "—";
}

/** The replay page's header facts: who, where, with what, how long, and what the server had to drop. */
export function ReplayFacts({ replay }: { replay: ReplayView }) {
  const facts: [string, React.ReactNode][] = [
    ["User", replay.user.display || "—"],
    ["Project", <Link key="project" className="text-primary hover:underline" href={`/projects/${encodeURIComponent(replay.projectSlug)}/replays`}>{replay.projectSlug}</Link>],
    ["Started", new Date(replay.startedAt).toISOString().replace("T", " ").slice(0, 19) + " UTC"],
    ["Duration", formatOffset(replay.durationMs)],
    ["Browser", nameAndVersion(replay.browser)],
    ["OS", nameAndVersion(replay.os)],
    ["Release", replay.release ?? "—"],
    ["Environment", replay.environment ?? "—"],
    ["Errors", String(replay.countErrors)],
    ["Segments", String(replay.countSegments)],
  ];
  return (
    <div className="mb-6 space-y-3">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-5" data-testid="replay-facts">
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="truncate">{value}</dd>
          </div>
        ))}
      </dl>
      {replay.urls.length > 1 ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-muted-foreground">{replay.urls.length} pages visited</summary>
          <ul className="mt-1 space-y-0.5 font-mono text-xs">
            {replay.urls.map((url, index) => (
              <li key={index} className="wrap-break-word">
                <IdentifierText value={url} />
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {replay.dropped.length > 0 ? (
        <div className="rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm" data-testid="replay-dropped">
          <p className="font-medium">Parts of this recording were not stored:</p>
          <ul className="mt-1 list-disc pl-5">
            {replay.dropped.map((reason, index) => (
              <li key={index}>{reason}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
