"use client";

import Form from "next/form";
import Link from "next/link";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SearchCombobox } from "./search-combobox";

export const issueSearchInputId = "issue-search";

const sortLabels = { last_seen: "Last seen", first_seen: "First seen", times_seen: "Events", users_seen: "Users" } as const;

interface IssueSearchBarProps {
  /** The list's own path; the form GETs it with `query` and `sort`. */
  action: string;
  query: string;
  sort: keyof typeof sortLabels;
  error: { message: string; position: number | null; length: number } | null;
  /** All-projects list: a project filter (slug → name). */
  projects?: { slug: string; name: string }[];
  project?: string;
  /** The project whose keys and values autocomplete offers; undefined: every project the viewer sees. */
  projectId?: number;
}

/**
 * The search bar: the query lives in the URL (?query=), so a search is a link. An error in the query is
 * shown right under it, with the part it is about. The box suggests keys and values as one types
 * (search-combobox.tsx).
 */
export function IssueSearchBar({ action, query, sort, error, projects, project, projectId }: IssueSearchBarProps) {
  const errorId = useId();
  const hintId = useId();
  // A project's own list (the header's search lands here inside a project): the same search, one click wider.
  const allProjectsHref = !projects && projectId !== undefined ? `/issues?${new URLSearchParams({ query, ...(sort !== "last_seen" ? { sort } : {}) }).toString()}` : null;
  return (
    <Form action={action} role="search" aria-label="Search issues" className="mb-4 flex flex-wrap items-end gap-3">
      {projects ? (
        <div className="flex flex-col gap-1">
          <Label htmlFor="issue-project">Project</Label>
          <Select id="issue-project" name="project" defaultValue={project ?? ""} className="w-44" onChange={(event) => event.currentTarget.form?.requestSubmit()}>
            <option value="">All projects</option>
            {projects.map((candidate) => (
              <option key={candidate.slug} value={candidate.slug}>
                {candidate.name}
              </option>
            ))}
          </Select>
        </div>
      ) : null}
      <div className="flex min-w-64 flex-1 flex-col gap-1">
        <Label htmlFor={issueSearchInputId}>Search</Label>
        <SearchCombobox
          id={issueSearchInputId}
          type="text"
          enterKeyHint="search"
          name="query"
          initialQuery={query}
          key={query}
          projectId={projectId}
          placeholder="is:unresolved level:error browser.name:Chrome checkout"
          maxLength={500}
          spellCheck={false}
          autoComplete="off"
          className="font-mono"
          aria-invalid={error?.position != null ? true : undefined}
          aria-describedby={error ? errorId : hintId}
        />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="issue-sort">Sort by</Label>
        <Select id="issue-sort" name="sort" defaultValue={sort} className="w-36" onChange={(event) => event.currentTarget.form?.requestSubmit()}>
          {Object.entries(sortLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" variant="secondary">
        Search
      </Button>
      {allProjectsHref ? (
        <Link href={allProjectsHref} prefetch={false} className="py-2 text-sm text-primary hover:underline">
          Search all projects
        </Link>
      ) : null}
      {error ? <QueryError id={errorId} query={query} error={error} /> : null}
      <p id={hintId} className="basis-full text-xs text-muted-foreground">
        Filters such as <code>is:resolved</code>, <code>level:error</code>, <code>release:1.2</code>, <code>user.email:…</code>, <code>has:browser.name</code>,{" "}
        <code>digest:…</code> (a Next.js error page&apos;s digest), <code>first-seen:-24h</code>, <code>times-seen:&gt;10</code>; <code>!</code> negates; quote values with spaces.
      </p>
    </Form>
  );
}

function QueryError({ id, query, error }: { id: string; query: string; error: NonNullable<IssueSearchBarProps["error"]> }) {
  const { position, length } = error;
  return (
    <div id={id} role="alert" className="basis-full text-sm text-danger">
      <p>{error.message}</p>
      {position !== null && query ? (
        <p className="mt-1 font-mono text-xs wrap-break-word text-foreground">
          {query.slice(0, position)}
          <mark className="rounded-sm bg-danger/20 px-0.5 text-danger underline decoration-wavy">{query.slice(position, position + length) || " "}</mark>
          {query.slice(position + length)}
        </p>
      ) : null}
    </div>
  );
}
