import type { Assignee } from "./assignee";

export type FeedbackStatus = "new" | "resolved";
export const feedbackStatuses: readonly FeedbackStatus[] = ["new", "resolved"];

export interface FeedbackScreenshot {
  attachmentId: number;
  filename: string;
}

/** One piece of user feedback as pages and the API show it; every text came from outside and renders as text. */
export interface FeedbackView {
  id: number;
  projectId: number;
  projectSlug: string;
  eventId: string;
  /** widget | api | user_report | embed */
  source: string;
  /** The error the feedback is about, and its issue once that event is stored. */
  linkedEventId: string | null;
  issueId: number | null;
  name: string | null;
  email: string | null;
  message: string;
  url: string | null;
  replayId: string | null;
  user: Record<string, unknown> | null;
  environment: string | null;
  status: FeedbackStatus;
  assignee: Assignee | null;
  createdAt: number;
  /** Image attachments sent with the feedback (png, jpeg, webp), shown inline. */
  screenshots: FeedbackScreenshot[];
}
