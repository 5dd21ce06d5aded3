import type { Kysely } from "kysely";
import { epochType, idConstraints, idType } from "./column-types";

/**
 * User feedback (docs/architecture.md → "User feedback"): the browser widget's and `captureFeedback`'s
 * `feedback` items, legacy `user_report` items, and the user-feedback endpoint's reports — one row each,
 * with its own status (new / resolved) and assignee, apart from issues.
 * - `event_id`: the feedback's own id (a `user_report` has none: it is the event it reports on), unique per
 *   project, so an envelope digested twice stores it once;
 * - `linked_event_id`: the error it is about (`associated_event_id`, a report's `event_id`). The issue is
 *   not stored: it is looked up through `events` when read, so feedback that arrives before its event is
 *   linked as soon as the event is there;
 * - `user`: the event's `user` object as JSON, for the API's `user`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("feedback")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("project_id", idType(db), (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("event_id", "text", (col) => col.notNull())
    .addColumn("source", "text", (col) => col.notNull())
    .addColumn("linked_event_id", "text")
    .addColumn("name", "text")
    .addColumn("email", "text")
    .addColumn("message", "text", (col) => col.notNull())
    .addColumn("url", "text")
    .addColumn("replay_id", "text")
    .addColumn("user", "text")
    .addColumn("environment", "text")
    .addColumn("status", "text", (col) => col.notNull().defaultTo("new"))
    .addColumn("assignee_user_id", "text")
    .addColumn("assignee_team_id", idType(db))
    .addColumn("created_at", epochType(db), (col) => col.notNull())
    .addColumn("received_at", epochType(db), (col) => col.notNull())
    .addUniqueConstraint("feedback_project_event", ["project_id", "event_id"])
    .execute();
  await db.schema.createIndex("feedback_project_status_created").on("feedback").columns(["project_id", "status", "created_at"]).execute();
  await db.schema.createIndex("feedback_project_linked_event").on("feedback").columns(["project_id", "linked_event_id"]).execute();
}
