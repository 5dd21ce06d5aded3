import Link from "next/link";
import { RelativeTime } from "@/components/issues/relative-time";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import type { IssueHints } from "@/lib/views/issues";
import { IdentifierText } from "@/components/ui/identifier-text";

function percent(share: number): string {
  if (share > 0 && share < 0.01) return "<1 %";
  return `${Math.round(share * 100)} %`;
}

const plural = (count: number, word: string) => `${count.toLocaleString("en")} ${count === 1 ? word : `${word}s`}`;

function SearchLink({ projectSlug, search, children }: { projectSlug: string; search: string; children: React.ReactNode }) {
  return (
    <Link href={`/projects/${projectSlug}/issues?${new URLSearchParams({ query: search }).toString()}`} prefetch={false} className="font-mono text-xs text-primary underline-offset-2 hover:underline">
      {children}
    </Link>
  );
}

/**
 * "What stands out" on the issue page: the suspect release, the tag values far more common in this issue
 * than in its project, and where it was first and last seen per environment — each with the search that
 * shows it (getIssueHints: counters only).
 */
export function WhatStandsOut({ hints, projectSlug }: { hints: IssueHints; projectSlug: string }) {
  const { suspectRelease, overRepresentedTags, environments } = hints;
  const hasHints = suspectRelease !== null || overRepresentedTags.length > 0;
  return (
    <Card aria-labelledby="what-stands-out" className="p-4">
      <CardTitle id="what-stands-out">What stands out</CardTitle>
      <CardDescription className="mb-3">Computed from Lantern&apos;s counters for this issue and its project.</CardDescription>
      {hasHints ? (
        <ul aria-label="Hints" className="space-y-3 text-sm">
          {suspectRelease ? (
            <li>
              <div>
                <span className="font-medium">Suspect release </span>
                <span className="font-mono wrap-break-word">
                  <IdentifierText value={suspectRelease.version} />
                </span>
                <span className="text-muted-foreground"> — {suspectRelease.kind === "regressed" ? "it came back in this release" : "first seen in this release"}</span>
              </div>
              <div className="text-xs text-muted-foreground">
                {plural(suspectRelease.eventsBefore, "event")} in earlier releases, {plural(suspectRelease.eventsSince, "event")} in it and since
              </div>
              <SearchLink projectSlug={projectSlug} search={suspectRelease.search}>
                {suspectRelease.search}
              </SearchLink>
            </li>
          ) : null}
          {overRepresentedTags.map((tag) => (
            <li key={`${tag.key}\u0000${tag.value}`}>
              <div>
                <span className="font-mono">{tag.key}</span>: <span className="font-medium break-words">{tag.value}</span>
              </div>
              <div className="text-xs text-muted-foreground">
                {percent(tag.issueShare)} of this issue ({plural(tag.count, "event")}), {percent(tag.projectShare)} of the project · {tag.lift.toFixed(1)}× as common
              </div>
              <SearchLink projectSlug={projectSlug} search={tag.search}>
                {tag.search}
              </SearchLink>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">Nothing stands out: no suspect release, and this issue&apos;s tags follow the project&apos;s mix.</p>
      )}
      {environments.length > 0 ? (
        <>
          <h3 className="mt-4 mb-2 text-xs font-semibold">Seen per environment</h3>
          <ul aria-label="Seen per environment" className="space-y-2 text-xs">
            {environments.map((row) => (
              <li key={row.environment}>
                <SearchLink projectSlug={projectSlug} search={row.search}>
                  {row.environment}
                </SearchLink>
                <span className="text-muted-foreground">
                  {" "}
                  · {plural(row.timesSeen, "event")} · first <RelativeTime time={row.firstSeen} />, last <RelativeTime time={row.lastSeen} />
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Card>
  );
}
