import { SegmentedLinks } from "@/components/ui/segmented-links";

/** The overview's issue views: one list at a time, as Sentry's project page switches "New Issues" and "All Unresolved". */
export type OverviewIssueView = "top" | "new";

export function parseOverviewIssueView(value: string | string[] | undefined): OverviewIssueView {
  return value === "new" ? "new" : "top";
}

interface OverviewIssueViewSwitchProps {
  current: OverviewIssueView;
  /** The overview's path and the query it keeps (the chart range). */
  path: string;
  keep: Record<string, string>;
  newCount: number;
}

/** The overview's issue views as links, like its range switch (SegmentedLinks); the chart range is kept. */
export function OverviewIssueViewSwitch({ current, path, keep, newCount }: OverviewIssueViewSwitchProps) {
  const views = [
    { value: "top", label: "Top unresolved" },
    { value: "new", label: `New today (${newCount.toLocaleString("en")})` },
  ] as const;
  return <SegmentedLinks label="Issue view" options={views} current={current} path={path} parameter="issues" keep={keep} />;
}
