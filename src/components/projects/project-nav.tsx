import Link from "next/link";
import { cn } from "@/lib/cn";

export type ProjectSection = "overview" | "issues" | "feedback" | "performance" | "logs" | "replays" | "crons" | "releases" | "uptime" | "alerts" | "setup" | "keys" | "source-maps" | "settings";

const sections: { id: ProjectSection; label: string; path: string }[] = [
  { id: "overview", label: "Overview", path: "" },
  { id: "issues", label: "Issues", path: "/issues" },
  { id: "feedback", label: "Feedback", path: "/feedback" },
  { id: "performance", label: "Performance", path: "/performance" },
  { id: "logs", label: "Logs", path: "/logs" },
  { id: "replays", label: "Replays", path: "/replays" },
  { id: "crons", label: "Crons", path: "/crons" },
  { id: "releases", label: "Releases", path: "/releases" },
  { id: "uptime", label: "Uptime", path: "/uptime" },
  { id: "alerts", label: "Alerts", path: "/alerts" },
  { id: "setup", label: "Setup", path: "/setup" },
  { id: "keys", label: "Client keys", path: "/keys" },
  { id: "source-maps", label: "Source maps", path: "/settings/source-maps" },
  { id: "settings", label: "Settings", path: "/settings" },
];

/**
 * The pages of one project, the current one marked for assistive technology; one row that scrolls sideways on
 * a phone, with a shadow on the edge where more tabs are (a phone shows no scrollbar).
 */
export function ProjectNav({ slug, current }: { slug: string; current: ProjectSection }) {
  return (
    <nav aria-label="Project" className="scroll-hint-x -mt-2 mb-4 flex gap-1 border-b border-border whitespace-nowrap sm:mb-6">
      {sections.map((section) => {
        const isCurrent = section.id === current;
        return (
          <Link
            key={section.id}
            href={`/projects/${slug}${section.path}`}
            prefetch={false}
            aria-current={isCurrent ? "page" : undefined}
            className={cn(
              "-mb-px shrink-0 border-b-2 border-transparent px-3 py-2 text-sm text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
              isCurrent && "border-primary font-medium text-foreground",
            )}
          >
            {section.label}
          </Link>
        );
      })}
    </nav>
  );
}
