import Link from "next/link";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import type { ActionState } from "@/lib/action-state";
import { cn } from "@/lib/cn";
import type { IssueSort, IssueListData } from "@/lib/views/issues";
import { IssueList } from "../issue-list";
import { IssueFilterSheet } from "./issue-filter-sheet";
import { EnvironmentScopeNote } from "@/components/shell/environment-scope-note";
import { IssueListLive } from "./issue-list-live";
import { IssueSearchBar } from "./issue-search-bar";
import { SavedSearchTabs, type SavedSearchesOfList } from "./saved-search-tabs";

interface IssueListScreenProps {
  /** The list's path: /issues or /projects/{slug}/issues. */
  basePath: string;
  data: IssueListData;
  sort: IssueSort;
  /** Set on the all-projects list: the project filter's choices and the chosen slug. */
  projects?: { id: number; slug: string; name: string }[];
  project?: { slug: string; id: number };
  /** Whether the chosen page is a later one (a cursor is in the URL). */
  isLaterPage: boolean;
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
  /** Saved searches shown as tabs after the views, and what saving one needs. */
  savedSearches?: SavedSearchesOfList;
}

const views = [
  { label: "Unresolved", query: "is:unresolved" },
  { label: "Regressed", query: "is:regressed" },
  { label: "Escalating", query: "is:escalating" },
  { label: "Resolved", query: "is:resolved" },
  { label: "Ignored", query: "is:ignored" },
  { label: "All", query: "" },
];

/** The issue list as both list pages show it: views, search, the live indicator, the table and paging. */
export function IssueListScreen({ basePath, data, sort, projects, project, isLaterPage, action, savedSearches }: IssueListScreenProps) {
  const href = (query: string, extra: Record<string, string> = {}) => {
    const params = new URLSearchParams({ query, ...(sort !== "last_seen" ? { sort } : {}), ...(projects && project ? { project: project.slug } : {}), ...extra });
    return `${basePath}?${params.toString()}`;
  };
  const liveParams = new URLSearchParams({ query: data.queryText, ...(data.live ? { since: String(data.live.since) } : {}), ...(project ? { projectId: String(project.id) } : {}) });
  return (
    <>
      {/* relative: the tabs' visually hidden text (a shared search's "(shared)") is positioned inside this scrolling row, not past the page's edge;
          scroll-hint-x: a shadow on the edge where more tabs are, as a phone shows no scrollbar. */}
      <nav aria-label="Issue status" className="scroll-hint-x relative mb-4 flex gap-1 border-b border-border md:flex-wrap md:overflow-visible">
        {views.map((view) => {
          const isCurrent = view.query === data.queryText;
          return (
            <Link
              key={view.label}
              href={href(view.query)}
              prefetch={false}
              aria-current={isCurrent ? "page" : undefined}
              className={cn("shrink-0 border-b-2 md:-mb-px px-3 py-2 text-sm whitespace-nowrap", isCurrent ? "border-primary font-medium" : "border-transparent text-muted-foreground hover:text-foreground")}
            >
              {view.label}
            </Link>
          );
        })}
        {savedSearches ? <SavedSearchTabs {...savedSearches} basePath={basePath} projects={projects} current={{ query: data.queryText, sort, projectId: project?.id ?? null }} /> : null}
      </nav>
      <IssueFilterSheet query={data.queryText} isInline={data.error !== null}>
        <IssueSearchBar action={basePath} query={data.queryText} sort={sort} error={data.error} projects={projects} project={project?.slug} projectId={project?.id} />
      </IssueFilterSheet>
      <EnvironmentScopeNote scope={data.environmentScope} />
      {data.live ? <IssueListLive key={data.now} endpoint={`/issues/live?${liveParams.toString()}`} baseline={data.live.baseline} isEmpty={data.issues.length === 0} /> : null}
      {data.error ? null : (
        <IssueList
          key={`${data.queryText}\u0000${sort}`}
          issues={data.issues}
          action={action}
          showProject={!project || Boolean(projects)}
          empty={
            <EmptyState title="No issues match">
              {isLaterPage
                ? "There are no more issues on this page."
                : data.queryText === "is:unresolved"
                  ? "Nothing needs attention. Errors your SDKs send are grouped into issues and appear here on their own."
                  : "Nothing matches this search. Try another view or fewer filters."}
            </EmptyState>
          }
        />
      )}
      {isLaterPage || data.nextCursor ? (
        <nav aria-label="Pages" className="mt-4 flex justify-end gap-2">
          {isLaterPage ? (
            <Button asChild variant="secondary" size="sm">
              <Link href={href(data.queryText)} prefetch={false}>
                First page
              </Link>
            </Button>
          ) : null}
          {data.nextCursor ? (
            <Button asChild variant="secondary" size="sm">
              <Link href={href(data.queryText, { cursor: data.nextCursor })} prefetch={false}>
                Next page
              </Link>
            </Button>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
