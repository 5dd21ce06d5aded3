import { z } from "zod";
import { authorizeProject, type AccessContext } from "../access/authorize";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { AppError } from "../errors";
import { isUniqueViolation } from "../db/is-unique-violation";
import { eventIdOf, maxFeedbackEmail, maxFeedbackMessage, maxFeedbackName, type FeedbackSource } from "./read-feedback-item";
import { selectFeedback, toFeedbackViews } from "./load-feedback-views";
import type { FeedbackView } from "@/lib/views/feedback";

/** Sentry's user-report body (telemetry-protocol §2.2): every field is required. */
export const UserReportInput = z.object({
  event_id: z.string().max(64).transform((value, ctx) => {
    const id = eventIdOf(value);
    if (id === null) ctx.addIssue({ code: "custom", message: "event_id must be an event id: 32 hexadecimal digits." });
    return id ?? "";
  }),
  name: z.string().trim().min(1, "name is required.").max(maxFeedbackName, `name has at most ${maxFeedbackName} characters.`),
  email: z.string().trim().min(1, "email is required.").max(maxFeedbackEmail, `email has at most ${maxFeedbackEmail} characters.`).email("email must be an e-mail address."),
  comments: z.string().trim().min(1, "comments are required.").max(maxFeedbackMessage, `comments have at most ${maxFeedbackMessage} characters.`),
});
export type UserReportInput = z.input<typeof UserReportInput>;

/** Sentry lets a report be corrected for 5 minutes; after that a second report on the event is a conflict. */
const overwriteWindowMs = 5 * 60_000;

export function parseUserReport(body: unknown): z.output<typeof UserReportInput> {
  const parsed = UserReportInput.safeParse(body);
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "This user report cannot be read.");
  return parsed.data;
}

/** The user-feedback endpoint with a token: write on the project. */
export async function submitUserReport(context: AccessContext, input: { projectSlug: string; report: unknown; source?: FeedbackSource }): Promise<FeedbackView> {
  const report = parseUserReport(input.report);
  const { project } = await authorizeProject(context, "feedback.submit", input.projectSlug);
  return storeUserReport(context.db, project.id, report, input.source ?? "api");
}

/**
 * Stores a report on an event, whether the event is there yet or not (it is linked when read). Sending again
 * within 5 minutes replaces the first report; later, 409 as Sentry answers.
 */
export async function storeUserReport(db: Kysely<Database>, projectId: number, report: z.output<typeof UserReportInput>, source: FeedbackSource): Promise<FeedbackView> {
  const now = Date.now();
  const values = { name: report.name, email: report.email, message: report.comments };
  const existing = await db.selectFrom("feedback").select(["id", "received_at"]).where("project_id", "=", projectId).where("event_id", "=", report.event_id).executeTakeFirst();
  let id: number;
  if (existing) {
    if (now - Number(existing.received_at) > overwriteWindowMs) throw new AppError("conflict", "Feedback for this event was already sent.");
    await db.updateTable("feedback").set(values).where("id", "=", existing.id).execute();
    id = Number(existing.id);
  } else {
    try {
      const inserted = await db
        .insertInto("feedback")
        .values({ project_id: projectId, event_id: report.event_id, source, linked_event_id: report.event_id, ...values, url: null, replay_id: null, user: null, environment: null, created_at: now, received_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      id = Number(inserted.id);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError("conflict", "Feedback for this event was already sent.");
      throw error;
    }
  }
  const [view] = await toFeedbackViews(db, await selectFeedback(db).where("feedback.id", "=", id).execute());
  return view!;
}
