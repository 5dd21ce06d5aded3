import type { Metadata } from "next";
import Form from "next/form";
import Link from "next/link";
import { z } from "zod";
import { EventListTable } from "@/components/issues/event-list-table";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Input, Select } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { getAppContext } from "@/server/app-context";
import { isAppError } from "@/server/errors";
import { listIssueEvents, type IssueEventPage } from "@/server/events/list-issue-events";
import { loadIssue } from "@/server/pages/load-issue";

interface EventListPageProps {
  params: Promise<{ projectSlug: string; issueId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
const text = (max: number) => z.preprocess(first, z.string().trim().max(max).catch("")).default("");
const searchParamsSchema = z.object({ environment: text(200), release: text(200), query: text(200), cursor: text(40) });

export async function generateMetadata({ params }: EventListPageProps): Promise<Metadata> {
  const { projectSlug, issueId } = await params;
  const { issue } = await loadIssue(projectSlug, issueId);
  return { title: `Events · ${issue.title}` };
}

/** `/projects/{slug}/issues/{id}/events/list`: the issue's stored events, newest first, filtered, a page at a time. */
export default async function EventListPage({ params, searchParams }: EventListPageProps) {
  const { projectSlug, issueId } = await params;
  const { issue, project, environments, eventCount } = await loadIssue(projectSlug, issueId);
  const filters = searchParamsSchema.parse(await searchParams);
  const context = await getAppContext();
  const issueBase = `/projects/${project.slug}/issues/${issue.id}`;
  let page: IssueEventPage;
  let cursorError: string | null = null;
  try {
    page = await listIssueEvents(context, { issueId: issue.id, environment: filters.environment, release: filters.release, query: filters.query, cursor: filters.cursor || null });
  } catch (error) {
    if (!isAppError(error) || error.code !== "bad_request") throw error;
    cursorError = error.message;
    page = { events: [], nextCursor: null };
  }
  const filterParams = new URLSearchParams(Object.entries({ environment: filters.environment, release: filters.release, query: filters.query }).filter(([, value]) => value !== ""));
  const withCursor = (cursor: string) => `${issueBase}/events/list?${new URLSearchParams([...filterParams, ["cursor", cursor]]).toString()}`;
  const isFiltered = filterParams.size > 0;

  return (
    <>
      <PageHeader
        title="Events"
        description={
          <>
            <Link href={issueBase} prefetch={false} className="break-words hover:underline">
              {issue.title}
            </Link>{" "}
            · {eventCount.toLocaleString("en")} stored {eventCount === 1 ? "event" : "events"}, newest first
          </>
        }
      />
      <Form action={`${issueBase}/events/list`} className="mb-4 grid gap-3 rounded-lg border border-border bg-card p-4 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end" aria-label="Filter events">
        <div className="space-y-1">
          <Label htmlFor="events-query">Title contains</Label>
          <Input id="events-query" name="query" type="search" defaultValue={filters.query} maxLength={200} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="events-environment">Environment</Label>
          <Select id="events-environment" name="environment" defaultValue={filters.environment}>
            <option value="">Any</option>
            {environments.map((environment) => (
              <option key={environment.environment} value={environment.environment}>
                {environment.environment}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1">
          <Label htmlFor="events-release">Release</Label>
          <Input id="events-release" name="release" defaultValue={filters.release} maxLength={200} placeholder="exact version" />
        </div>
        <div className="flex gap-2">
          <Button type="submit" size="md">
            Filter
          </Button>
          {isFiltered ? (
            <Button asChild variant="ghost" size="md">
              <Link href={`${issueBase}/events/list`} prefetch={false}>
                Clear
              </Link>
            </Button>
          ) : null}
        </div>
      </Form>
      {cursorError ? (
        <p role="alert" className="mb-4 text-sm text-danger">
          {cursorError}
        </p>
      ) : null}
      {page.events.length === 0 ? (
        <EmptyState title={isFiltered ? "No events match" : "No events stored"}>
          {isFiltered ? "Change or clear the filters." : "Older events are removed by the retention settings; new ones appear here as they arrive."}
        </EmptyState>
      ) : (
        <EventListTable events={page.events} eventsBase={`${issueBase}/events`} />
      )}
      <nav aria-label="Pages" className="mt-4 flex gap-2">
        {filters.cursor ? (
          <Button asChild variant="secondary" size="sm">
            <Link href={filterParams.size > 0 ? `${issueBase}/events/list?${filterParams.toString()}` : `${issueBase}/events/list`} prefetch={false}>
              Newest events
            </Link>
          </Button>
        ) : null}
        {page.nextCursor ? (
          <Button asChild variant="secondary" size="sm">
            <Link href={withCursor(page.nextCursor)} prefetch={false}>
              Older events
            </Link>
          </Button>
        ) : null}
      </nav>
    </>
  );
}
