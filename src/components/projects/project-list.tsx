import Link from "next/link";
import { Sparkline } from "@/components/charts/sparkline";
import type { ProjectWithStats } from "@/lib/views/projects";
import { PlatformBadge } from "./platform-badge";
import { IdentifierText } from "@/components/ui/identifier-text";

const numberFormat = new Intl.NumberFormat("en");

/** Projects with their last 24 hours of events (a sparkline) and their unresolved issues. */
export function ProjectList({ projects }: { projects: ProjectWithStats[] }) {
  return (
    <ul className="divide-y divide-border rounded-lg border border-border bg-card" aria-label="Projects">
      {projects.map((project) => (
        <li key={project.id} className="flex flex-wrap items-center gap-x-6 gap-y-3 px-5 py-4">
          <div className="min-w-48 flex-1">
            <Link href={`/projects/${project.slug}`} prefetch={false} className="font-medium wrap-break-word hover:underline">
              <IdentifierText value={project.name} />
            </Link>
            <div className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <span className="font-mono">{project.slug}</span>
              <PlatformBadge platform={project.platform} />
              {project.isInternal ? <span>Lantern&apos;s own diagnostics</span> : null}
            </div>
          </div>
          <div className="flex items-center gap-3 text-sm">
            <Sparkline values={project.hourlyEvents} label={`${project.name}: ${numberFormat.format(project.eventsLast24h)} events in the last 24 hours, per hour`} width={120} height={28} className="text-primary" />
            <span className="w-36 whitespace-nowrap text-muted-foreground">
              <span className="font-semibold tabular-nums text-foreground">{numberFormat.format(project.eventsLast24h)}</span> events in 24 h
            </span>
          </div>
          <Link href={`/projects/${project.slug}/issues`} prefetch={false} className="min-w-24 whitespace-nowrap text-right text-sm hover:underline">
            <span className={project.unresolvedIssues > 0 ? "font-semibold tabular-nums" : "tabular-nums text-muted-foreground"}>{numberFormat.format(project.unresolvedIssues)}</span>{" "}
            <span className="text-muted-foreground">unresolved</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
