import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { systemContext } from "@/server/access/system-context";
import { assignFeedback } from "@/server/feedback/assign-feedback";
import { listFeedback } from "@/server/feedback/list-feedback";
import { listIssueFeedback } from "@/server/feedback/list-issue-feedback";
import { setFeedbackStatus } from "@/server/feedback/set-feedback-status";
import { submitUserReport } from "@/server/feedback/submit-user-report";
import { insertProject, type CreatedProject } from "@/server/projects/insert-project";
import { startIngestServer, type IngestServer } from "../support/start-ingest-server";
import { createTestConfig } from "../support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../support/test-database";
import { buildEnvelope, dsnFor, eventEnvelope, newEventId, postToIngest, runSdkScript, uniqueToken } from "../support/sdk-helpers";

/**
 * User feedback from the real @sentry/node (`captureFeedback` with `associatedEventId`) and legacy
 * `user_report` envelopes reach the feedback table, are linked to their event's issue — also when the event
 * arrives after the report — and are listed, resolved and assigned through the verbs.
 */
describe(`user feedback into the ${testDialect} database`, { timeout: 90_000 }, () => {
  let database: TestDatabase;
  let server: IngestServer;
  let shop: CreatedProject;
  const config = createTestConfig();

  beforeEach(async () => {
    database = await createTestDatabase();
    server = await startIngestServer(database);
    shop = await insertProject(database.db, { name: "Shop", platform: "node" });
  });
  afterEach(async () => {
    await server.close();
    await database.destroy();
  });

  const context = () => systemContext(database, config);

  async function issueOf(eventId: string): Promise<number> {
    const row = await database.db.selectFrom("events").select("issue_id").where("project_id", "=", shop.project.id).where("event_id", "=", eventId).executeTakeFirstOrThrow();
    return Number(row.issue_id);
  }

  it("captureFeedback with associatedEventId from @sentry/node is stored as feedback on the error's issue", async () => {
    const token = uniqueToken();
    const input = { error: `Checkout failed ${token}`, message: `The pay button does nothing ${token}\nsecond line`, name: "Ada Lovelace", email: "ada@example.com", url: "https://shop.example.com/checkout" };
    const run = await runSdkScript("capture-feedback.mjs", {
      LANTERN_TEST_DSN: dsnFor(server, shop.key.public_key, shop.project.id),
      LANTERN_TEST_RELEASE: `shop@${token}`,
      LANTERN_TEST_ENVIRONMENT: "production",
      LANTERN_TEST_FEEDBACK: JSON.stringify(input),
      // Loading @sentry/node takes seconds on a busy machine.
    }, 50_000);
    await server.service.digest.drain();
    expect(run.code, run.stderr).toBe(0);
    const { eventId, feedbackId } = run.facts as { eventId: string; feedbackId: string };
    const issueId = await issueOf(eventId);

    const [feedback, ...rest] = await listIssueFeedback(context(), issueId);
    expect(rest).toEqual([]);
    expect(feedback).toMatchObject({ eventId: feedbackId.replaceAll("-", ""), source: "api", linkedEventId: eventId, issueId, name: input.name, email: input.email, message: input.message, url: input.url, status: "new", assignee: null, projectSlug: shop.project.slug, environment: "production" });
    const all = await listFeedback(context(), {});
    expect(all.map((item) => item.id)).toEqual([feedback!.id]);
    // The raw item is still kept as received.
    const stored = await database.db.selectFrom("stored_items").select("type").where("project_id", "=", shop.project.id).execute();
    expect(stored.map((item) => item.type)).toContain("feedback");
  });

  it("a legacy user_report is stored before its event arrives and linked to the issue once the event is digested", async () => {
    const { eventId, body: eventBody } = eventEnvelope({ message: `Report me ${uniqueToken()}` });
    const report = { event_id: eventId, name: "Grace", email: "grace@example.com", comments: "It crashed when I paid." };
    const reportBody = buildEnvelope({ event_id: eventId }, [{ header: { type: "user_report" }, payload: JSON.stringify(report) }]);
    expect((await postToIngest(server, shop.project.id, reportBody, { key: shop.key.public_key })).status).toBe(200);
    await server.service.digest.drain();

    const [waiting] = await listFeedback(context(), { projectSlug: shop.project.slug });
    expect(waiting).toMatchObject({ source: "user_report", linkedEventId: eventId, issueId: null, name: "Grace", email: "grace@example.com", message: report.comments, url: null });

    expect((await postToIngest(server, shop.project.id, eventBody, { key: shop.key.public_key })).status).toBe(200);
    await server.service.digest.drain();
    const issueId = await issueOf(eventId);
    const [linked] = await listIssueFeedback(context(), issueId);
    expect(linked).toMatchObject({ id: waiting!.id, issueId, linkedEventId: eventId });
  });

  it("caps texts, takes the name and e-mail from the user, and refuses feedback without a message as a digest error", async () => {
    const feedbackId = newEventId();
    const long = "x".repeat(5000);
    const feedback = { event_id: feedbackId, timestamp: Date.now() / 1000, platform: "javascript", user: { id: "u1", email: "from-user@example.com", username: "from-user" }, contexts: { feedback: { message: long, url: "javascript:alert(1)" } } };
    const emptyId = newEventId();
    const empty = { event_id: emptyId, timestamp: Date.now() / 1000, platform: "javascript", contexts: { feedback: { message: "   " } } };
    for (const [id, payload] of [[feedbackId, feedback], [emptyId, empty]] as const) {
      const body = buildEnvelope({ event_id: id }, [{ header: { type: "feedback" }, payload: JSON.stringify(payload) }]);
      expect((await postToIngest(server, shop.project.id, body, { key: shop.key.public_key })).status).toBe(200);
    }
    await server.service.digest.drain();
    const rows = await listFeedback(context(), { status: "all" });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ eventId: feedbackId, name: "from-user", email: "from-user@example.com", url: "javascript:alert(1)", linkedEventId: null, issueId: null, source: "api" });
    expect(rows[0]!.message).toHaveLength(4096);
    const failed = await database.db.selectFrom("intake").select("digest_error").where("event_id", "=", emptyId).executeTakeFirstOrThrow();
    expect(failed.digest_error).toContain("contexts.feedback.message");
  });

  it("is resolved, reopened, assigned and searched; the user-report verb replaces a report within 5 minutes", async () => {
    const eventId = newEventId();
    const first = await submitUserReport(context(), { projectSlug: shop.project.slug, report: { event_id: eventId, name: "Lin", email: "lin@example.com", comments: "The total is wrong." } });
    const again = await submitUserReport(context(), { projectSlug: shop.project.slug, report: { event_id: eventId, name: "Lin", email: "lin@example.com", comments: "The total is wrong twice." } });
    expect(again.id).toBe(first.id);
    expect(again.message).toBe("The total is wrong twice.");
    await expect(submitUserReport(context(), { projectSlug: shop.project.slug, report: { event_id: "nope", name: "Lin", email: "lin@example.com", comments: "x" } })).rejects.toMatchObject({ code: "bad_request" });
    await expect(submitUserReport(context(), { projectSlug: shop.project.slug, report: { event_id: newEventId(), name: "Lin", email: "lin@example.com", comments: "y".repeat(4097) } })).rejects.toMatchObject({ code: "bad_request" });

    expect((await listFeedback(context(), { query: "TWICE" })).map((item) => item.id)).toEqual([first.id]);
    expect(await listFeedback(context(), { query: "lin@example.com nothing-like-this" })).toEqual([]);
    // LIKE wildcards are literal.
    expect(await listFeedback(context(), { query: "%" })).toEqual([]);

    await setFeedbackStatus(context(), { feedbackId: first.id, status: "resolved" });
    expect(await listFeedback(context(), {})).toEqual([]);
    expect((await listFeedback(context(), { status: "resolved" })).map((item) => item.id)).toEqual([first.id]);
    await setFeedbackStatus(context(), { feedbackId: first.id, status: "new" });
    expect((await listFeedback(context(), {})).map((item) => item.id)).toEqual([first.id]);

    await expect(assignFeedback(context(), { feedbackId: first.id, assignee: "nobody@example.com" })).rejects.toMatchObject({ code: "bad_request" });
    await expect(setFeedbackStatus(context(), { feedbackId: first.id + 1000, status: "resolved" })).rejects.toMatchObject({ code: "not_found" });
  });
});
