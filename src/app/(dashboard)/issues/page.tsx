import type { Metadata } from "next";
import Form from "next/form";
import Link from "next/link";
import { z } from "zod";
import { ActionForm } from "@/components/issues/action-form";
import { IssueList } from "@/components/issues/issue-list";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Input, Select } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/cn";
import { getAppContext } from "@/server/app-context";
import { listIssues } from "@/server/issues/list-issues";
import { listProjects } from "@/server/projects/list-projects";
import { bulkIssueAction } from "./actions";

export const metadata: Metadata = { title: "Issues" };

const statuses = [
  { value: "unresolved", label: "Unresolved" },
  { value: "resolved", label: "Resolved" },
  { value: "ignored", label: "Ignored" },
  { value: "all", label: "All" },
] as const;

const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
const searchParamsSchema = z.object({
  status: z.preprocess(first, z.enum(["unresolved", "resolved", "ignored", "all"]).catch("unresolved")),
  project: z.preprocess(first, z.string().trim().max(100).catch("")).default(""),
  query: z.preprocess(first, z.string().trim().max(200).catch("")).default(""),
});
type IssueFilters = z.infer<typeof searchParamsSchema>;

interface IssuesPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

function filterHref(filters: IssueFilters): string {
  const params = new URLSearchParams();
  if (filters.status !== "unresolved") params.set("status", filters.status);
  if (filters.project) params.set("project", filters.project);
  if (filters.query) params.set("query", filters.query);
  const search = params.toString();
  return search ? `/issues?${search}` : "/issues";
}

export default async function IssuesPage({ searchParams }: IssuesPageProps) {
  const filters = searchParamsSchema.parse(await searchParams);
  const { db } = await getAppContext();
  const projects = await listProjects(db);
  const project = filters.project ? projects.find((candidate) => candidate.slug === filters.project) : undefined;
  const isUnknownProject = Boolean(filters.project) && !project;
  const issues = isUnknownProject ? [] : await listIssues(db, { projectId: project?.id, status: filters.status, query: filters.query });

  return (
    <>
      <PageHeader title="Issues" description="Errors grouped into issues, most recently seen first." />
      <nav aria-label="Issue status" className="mb-4 flex gap-1 border-b border-border">
        {statuses.map((status) => {
          const isCurrent = status.value === filters.status;
          return (
            <Link
              key={status.value}
              href={filterHref({ ...filters, status: status.value })}
              prefetch={false}
              aria-current={isCurrent ? "page" : undefined}
              className={cn("-mb-px border-b-2 px-3 py-2 text-sm", isCurrent ? "border-primary font-medium" : "border-transparent text-muted-foreground hover:text-foreground")}
            >
              {status.label}
            </Link>
          );
        })}
      </nav>
      <Form action="/issues" className="mb-4 flex flex-wrap items-end gap-3" role="search" aria-label="Filter issues">
        {filters.status !== "unresolved" ? <input type="hidden" name="status" value={filters.status} /> : null}
        <div className="flex flex-col gap-1">
          <Label htmlFor="issue-project">Project</Label>
          <Select id="issue-project" name="project" defaultValue={filters.project} className="w-48">
            <option value="">All projects</option>
            {projects.map((candidate) => (
              <option key={candidate.id} value={candidate.slug}>
                {candidate.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex min-w-48 flex-1 flex-col gap-1">
          <Label htmlFor="issue-query">Search</Label>
          <Input id="issue-query" type="search" name="query" defaultValue={filters.query} placeholder="Words in the title or culprit" maxLength={200} />
        </div>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      {issues.length === 0 ? (
        <EmptyState title={isUnknownProject ? `No project is called “${filters.project}”` : "No issues match"}>
          {filters.query || project
            ? "Nothing matches these filters. Try another status, project or search."
            : filters.status === "unresolved"
              ? "Nothing needs attention. Errors your SDKs send are grouped into issues and listed here."
              : "No issues have this status."}
        </EmptyState>
      ) : (
        <ActionForm action={bulkIssueAction} aria-label="Selected issues" className="flex flex-col gap-3" messagesAt="start">
          <div className="flex items-center gap-2">
            <Button type="submit" name="intent" value="resolve" variant="secondary" size="sm">
              Resolve
            </Button>
            <Button type="submit" name="intent" value="merge" variant="secondary" size="sm">
              Merge
            </Button>
            <span className="text-xs text-muted-foreground">applies to the selected issues</span>
          </div>
          <IssueList issues={issues} />
        </ActionForm>
      )}
    </>
  );
}
