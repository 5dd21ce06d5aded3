import { SavedSearchTabs, type SavedSearchesOfList } from "@/components/issues/list/saved-search-tabs";
import { cn } from "@/lib/cn";
import { SearchCombobox } from "@/components/issues/list/search-combobox";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { EnvironmentScopeNote } from "@/components/shell/environment-scope-note";
import type { EnvironmentScope } from "@/lib/environment-filter";
import type { LogLineView, LogTraceError } from "@/lib/views/logs";
import { LogGroups, type LogGroupView } from "./log-groups";
import { LogHistogram, type LogHistogramProps } from "./log-histogram";
import { LogTable } from "./log-table";
import { severityNames } from "./severity-style";

export interface LogExplorerState {
  query: string;
  range: string;
  severities: string[];
  columns: string[];
  isGrouped: boolean;
}

export interface LogExplorerScreenProps {
  basePath: string;
  /** The one project's explorer; undefined: every project the viewer sees. */
  projectId?: number;
  state: LogExplorerState;
  ranges: string[];
  data: {
    error: string | null;
    rows: LogLineView[];
    hasMore: boolean;
    histogram: LogHistogramProps | null;
    groups: { groups: LogGroupView[]; otherCount: number } | null;
    newestId: number;
    attributeKeys: string[];
    traceErrors: Record<string, LogTraceError[]>;
    environmentScope?: EnvironmentScope;
  };
  /** The viewer's and the shared log searches, as tabs above the search. */
  savedSearches: SavedSearchesOfList;
}

/**
 * The logs explorer (all projects or one): a GET form holding the whole state (query with autocomplete,
 * range, severities, columns, grouping), so every view is a URL; then the histogram and the lines or groups.
 */
export function LogExplorerScreen({ basePath, projectId, state, ranges, data, savedSearches }: LogExplorerScreenProps) {
  const tailParams = new URLSearchParams({ query: state.query, range: state.range, ...(state.severities.length > 0 ? { severity: state.severities.join(",") } : {}), ...(projectId !== undefined ? { projectId: String(projectId) } : {}) });
  const pickable = [...new Set([...state.columns, ...data.attributeKeys])];
  return (
    <div className="space-y-4">
      <nav aria-label="Saved log searches" className="flex flex-wrap items-center gap-1 border-b border-border">
        <Link href={basePath} prefetch={false} aria-current={state.query === "" ? "page" : undefined} className={cn("shrink-0 border-b-2 px-3 py-2 text-sm whitespace-nowrap md:-mb-px", state.query === "" ? "border-primary font-medium" : "border-transparent text-muted-foreground hover:text-foreground")}>
          All lines
        </Link>
        <SavedSearchTabs {...savedSearches} basePath={basePath} current={{ query: state.query, sort: "last_seen", projectId: projectId ?? null }} />
      </nav>
      <form action={basePath} className="space-y-3" role="search" aria-label="Log search">
        <div className="flex flex-wrap items-start gap-2">
          <div className="min-w-64 flex-1">
            <label htmlFor="log-query" className="sr-only">
              Search logs
            </label>
            <SearchCombobox id="log-query" name="query" initialQuery={state.query} projectId={projectId} suggestPath="/logs/suggest" placeholder="Search logs: text, key:value, has:key, severity:error, trace:…" autoComplete="off" />
          </div>
          <label className="flex items-center gap-1.5 text-sm">
            <span>Time range</span>
            <select name="range" defaultValue={state.range} className="h-9 rounded-md border border-input bg-background px-2 text-sm">
              {ranges.map((range) => (
                <option key={range} value={range}>
                  {range}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit">Search</Button>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <fieldset className="flex flex-wrap items-center gap-2">
            <legend className="sr-only">Severity</legend>
            <span aria-hidden className="text-muted-foreground">
              Severity
            </span>
            {severityNames.map((level) => (
              <label key={level} className="flex items-center gap-1">
                <input type="checkbox" name="severity" value={level} defaultChecked={state.severities.includes(level)} />
                {level}
              </label>
            ))}
          </fieldset>
          <label className="flex items-center gap-1.5">
            <input type="checkbox" name="group" value="template" defaultChecked={state.isGrouped} />
            Group by template
          </label>
          {pickable.length > 0 ? (
            <details className="relative">
              <summary className="cursor-pointer text-muted-foreground hover:text-foreground">Columns{state.columns.length > 0 ? ` (${state.columns.length})` : ""}</summary>
              <fieldset className="absolute z-30 mt-1 max-h-72 w-72 overflow-y-auto rounded-md border border-border bg-card p-2 shadow-lg">
                <legend className="sr-only">Attribute columns</legend>
                {pickable.map((key) => (
                  <label key={key} className="flex items-center gap-1.5 py-0.5 font-mono text-xs wrap-break-word">
                    <input type="checkbox" name="columns" value={key} defaultChecked={state.columns.includes(key)} />
                    {key}
                  </label>
                ))}
                <Button type="submit" size="sm" className="mt-2">
                  Show columns
                </Button>
              </fieldset>
            </details>
          ) : (
            state.columns.map((column) => <input key={column} type="hidden" name="columns" value={column} />)
          )}
        </div>
      </form>
      <EnvironmentScopeNote scope={data.environmentScope} />
      {data.error ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
          {data.error}
        </p>
      ) : null}
      {data.histogram ? <LogHistogram {...data.histogram} /> : null}
      {data.error ? null : data.groups ? (
        <LogGroups groups={data.groups.groups} otherCount={data.groups.otherCount} />
      ) : (
        <>
          <LogTable
            key={`${tailParams.toString()}|${state.columns.join(",")}`}
            rows={data.rows}
            columns={state.columns}
            showProject={projectId === undefined}
            traceErrors={data.traceErrors}
            tailUrl={`/logs/tail?${tailParams.toString()}`}
            newestId={data.newestId}
          />
          {data.hasMore ? <p className="text-xs text-muted-foreground">The newest {data.rows.length} lines; narrow the search or the time range to see older ones.</p> : null}
        </>
      )}
    </div>
  );
}
