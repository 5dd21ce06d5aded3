import { IssuePageSkeleton } from "@/components/issues/issue-page-skeleton";

export default function Loading() {
  return <IssuePageSkeleton />;
}
