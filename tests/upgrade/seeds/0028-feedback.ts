import { expect } from "vitest";
import { listFeedback } from "@/server/feedback/list-feedback";
import { insertRow, type SeedTarget } from "../seed-sql";
import { eventId, hour, now, projectIdOf, titles, issueTitled, type Upgraded } from "../seed-world";

/**
 * Two pieces of feedback on checkout as 0028 stores them: widget feedback about the price error's newest event
 * (0003's price-3), resolved, and a user report on an event never received.
 */
export async function seed(target: SeedTarget): Promise<void> {
  const checkout = await projectIdOf(target, "checkout");
  const common = { project_id: checkout, url: null, replay_id: null, user: null, environment: "production", assignee_user_id: null, assignee_team_id: null };
  await insertRow(target, "feedback", { ...common, event_id: eventId("feedback-widget"), source: "widget", linked_event_id: eventId("price-3"), name: "Ada", email: "ada@example.com", message: "The total shows NaN.", url: "https://shop.example.com/cart", status: "resolved", created_at: now - hour, received_at: now - hour });
  await insertRow(target, "feedback", { ...common, event_id: eventId("feedback-report"), source: "user_report", linked_event_id: eventId("feedback-report"), name: "Bob", email: "bob@example.com", message: "It crashed.", status: "new", created_at: now - 2 * hour, received_at: now - 2 * hour });
}

export async function check({ context }: Upgraded): Promise<void> {
  const checkout = await context.db.selectFrom("projects").select("id").where("slug", "=", "checkout").executeTakeFirstOrThrow();
  const price = await issueTitled(context, Number(checkout.id), titles.price);
  const feedback = await listFeedback(context, { projectSlug: "checkout", status: "all" });
  expect(feedback.map((item) => [item.name, item.status, item.issueId])).toEqual([
    ["Bob", "new", null],
    ["Ada", "resolved", price.id],
  ]);
}
