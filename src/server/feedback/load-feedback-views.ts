import { sql, type Kysely, type SqlBool, type ExpressionBuilder } from "kysely";
import type { Database } from "../db/schema";
import { loadAssignees } from "../issues/owners/load-assignees";
import type { FeedbackScreenshot, FeedbackStatus, FeedbackView } from "@/lib/views/feedback";

/** Image types a screenshot is shown as; anything else sent with feedback stays a plain attachment. */
export const screenshotContentTypes = ["image/png", "image/jpeg", "image/webp"] as const;

/**
 * Feedback rows with what they link to: the issue of the linked event, looked up through `events` on every
 * read (feedback may arrive before its event), the project's slug, and the assignee.
 */
export function selectFeedback(db: Kysely<Database>) {
  return db
    .selectFrom("feedback")
    .innerJoin("projects", "projects.id", "feedback.project_id")
    .leftJoin("events", (join) => join.onRef("events.project_id", "=", "feedback.project_id").onRef("events.event_id", "=", "feedback.linked_event_id"))
    .select([
      "feedback.id",
      "feedback.project_id",
      "projects.slug as project_slug",
      "feedback.event_id",
      "feedback.source",
      "feedback.linked_event_id",
      "events.issue_id",
      "feedback.name",
      "feedback.email",
      "feedback.message",
      "feedback.url",
      "feedback.replay_id",
      "feedback.user",
      "feedback.environment",
      "feedback.status",
      "feedback.assignee_user_id",
      "feedback.assignee_team_id",
      "feedback.created_at",
    ]);
}

type FeedbackRow = Awaited<ReturnType<ReturnType<typeof selectFeedback>["execute"]>>[number];

/** Matches `text` in the message, name, e-mail or URL, case-insensitively and literally (no wildcards). */
export function feedbackMatches(eb: ExpressionBuilder<Database, "feedback">, text: string) {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;
  const like = (column: "feedback.message" | "feedback.name" | "feedback.email" | "feedback.url") => sql<SqlBool>`lower(${eb.ref(column)}) like ${pattern} escape '\\'`;
  return eb.or([like("feedback.message"), like("feedback.name"), like("feedback.email"), like("feedback.url")]);
}

function parseUser(json: string | null): Record<string, unknown> | null {
  if (json === null) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export async function toFeedbackViews(db: Kysely<Database>, rows: readonly FeedbackRow[]): Promise<FeedbackView[]> {
  if (rows.length === 0) return [];
  const withIds = rows.map((row) => ({ ...row, id: Number(row.id) }));
  const assignees = await loadAssignees(db, withIds);
  // A user report's event id is the error's: that event's files are not the report's screenshots.
  const ownEvents = withIds.filter((row) => row.source !== "user_report");
  const screenshots = new Map<string, FeedbackScreenshot[]>();
  if (ownEvents.length > 0) {
    const attachments = await db
      .selectFrom("attachments")
      .select(["id", "project_id", "event_id", "filename"])
      .where("event_id", "in", [...new Set(ownEvents.map((row) => row.event_id))])
      .where("project_id", "in", [...new Set(ownEvents.map((row) => Number(row.project_id)))])
      .where("content_type", "in", [...screenshotContentTypes])
      .orderBy("id")
      .execute();
    for (const attachment of attachments) {
      const key = `${Number(attachment.project_id)}:${attachment.event_id}`;
      screenshots.set(key, [...(screenshots.get(key) ?? []), { attachmentId: Number(attachment.id), filename: attachment.filename }]);
    }
  }
  return withIds.map((row) => ({
    id: row.id,
    projectId: Number(row.project_id),
    projectSlug: row.project_slug,
    eventId: row.event_id,
    source: row.source,
    linkedEventId: row.linked_event_id,
    issueId: row.issue_id === null ? null : Number(row.issue_id),
    name: row.name,
    email: row.email,
    message: row.message,
    url: row.url,
    replayId: row.replay_id,
    user: parseUser(row.user),
    environment: row.environment,
    status: row.status as FeedbackStatus,
    assignee: assignees.get(row.id) ?? null,
    createdAt: Number(row.created_at),
    screenshots: row.source === "user_report" ? [] : (screenshots.get(`${Number(row.project_id)}:${row.event_id}`) ?? []),
  }));
}
