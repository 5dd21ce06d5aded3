import type { Insertable } from "kysely";
import type { FeedbackTable } from "../db/schema";
import { isRecord } from "@/lib/json-values";

/** Sentry's limit for a feedback message and a report's comments (telemetry-protocol §1.6). */
export const maxFeedbackMessage = 4096;
export const maxFeedbackName = 256;
export const maxFeedbackEmail = 320;
export const maxFeedbackUrl = 2048;

export type FeedbackSource = "widget" | "api" | "user_report" | "embed";
export const feedbackSources: readonly FeedbackSource[] = ["widget", "api", "user_report", "embed"];

const eventIdPattern = /^[0-9a-f]{32}$/;

/** A 32-hex event id (dashes and case as SDKs send them), or null. */
export function eventIdOf(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const id = value.replaceAll("-", "").toLowerCase();
  return eventIdPattern.test(id) ? id : null;
}

function text(value: unknown, max: number): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed.slice(0, max);
}

function toMs(value: unknown, fallbackMs: number): number {
  const ms = typeof value === "number" ? value * 1000 : typeof value === "string" ? Date.parse(value) : NaN;
  return Number.isFinite(ms) && ms > 0 ? Math.round(ms) : fallbackMs;
}

interface FeedbackOrigin {
  projectId: number;
  receivedAt: number;
  /** The envelope header's event_id: it wins over the payload's (§1.6). */
  headerEventId: string | null;
}

/**
 * A `feedback` item (an event with `contexts.feedback`) as a feedback row. The name and e-mail fall back
 * to the event's `user`; texts are capped, not refused, because the SDK already got its 200.
 */
export function readFeedbackEvent(value: Record<string, unknown>, origin: FeedbackOrigin): Insertable<FeedbackTable> {
  const contexts = isRecord(value.contexts) ? value.contexts : {};
  const feedback = isRecord(contexts.feedback) ? contexts.feedback : null;
  if (!feedback) throw new Error("a feedback item needs contexts.feedback");
  const message = text(feedback.message, maxFeedbackMessage);
  if (message === null) throw new Error("a feedback item needs contexts.feedback.message");
  const eventId = origin.headerEventId ?? eventIdOf(value.event_id);
  if (!eventId) throw new Error("a feedback item needs an event_id");
  const user = isRecord(value.user) ? value.user : null;
  const associated = eventIdOf(feedback.associated_event_id);
  const tags = isRecord(value.tags) ? value.tags : {};
  return {
    project_id: origin.projectId,
    event_id: eventId,
    // The SDK names its path: "widget" from the feedback integration, "api" from captureFeedback.
    source: feedback.source === "widget" ? "widget" : "api",
    linked_event_id: associated === eventId ? null : associated,
    name: text(feedback.name, maxFeedbackName) ?? text(user?.name, maxFeedbackName) ?? text(user?.username, maxFeedbackName),
    email: text(feedback.contact_email, maxFeedbackEmail) ?? text(user?.email, maxFeedbackEmail),
    message,
    url: text(feedback.url, maxFeedbackUrl) ?? text(isRecord(value.request) ? value.request.url : null, maxFeedbackUrl),
    replay_id: eventIdOf(feedback.replay_id),
    user: user ? JSON.stringify(user).slice(0, 8192) : null,
    environment: text(value.environment, 64) ?? text(tags.environment, 64),
    created_at: toMs(value.timestamp, origin.receivedAt),
    received_at: origin.receivedAt,
  };
}

/** A legacy `user_report` item (`{event_id, name, email, comments}`): feedback on the event it names. */
export function readUserReport(value: Record<string, unknown>, origin: FeedbackOrigin): Insertable<FeedbackTable> {
  const eventId = eventIdOf(value.event_id) ?? origin.headerEventId;
  if (!eventId) throw new Error("a user report needs an event_id");
  const message = text(value.comments, maxFeedbackMessage);
  if (message === null) throw new Error("a user report needs comments");
  return {
    project_id: origin.projectId,
    event_id: eventId,
    source: "user_report",
    linked_event_id: eventId,
    name: text(value.name, maxFeedbackName),
    email: text(value.email, maxFeedbackEmail),
    message,
    url: null,
    replay_id: null,
    user: null,
    environment: null,
    created_at: origin.receivedAt,
    received_at: origin.receivedAt,
  };
}
