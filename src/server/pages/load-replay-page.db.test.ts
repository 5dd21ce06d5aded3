import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordedPage, storeReplaySegment } from "../../../tests/replays/replay-envelopes";
import { storeFixtureEvent } from "../../../tests/support/event-envelopes";
import { testDialect } from "../../../tests/support/test-database";
import { createTwoTeamProjects, rejection, type TwoTeamProjects } from "../../../tests/support/two-team-projects";
import { digestBatch } from "../digest/digest-batch";
import { loadReplayPage } from "./load-replay-page";

const replayId = "d".repeat(32);

describe(`the replay page's data on ${testDialect}`, () => {
  let setup: TwoTeamProjects;
  let errorEventId = "";
  let errorIssueId = 0;
  const start = Date.now() - 60_000;

  beforeAll(async () => {
    setup = await createTwoTeamProjects("replay page");
    const db = setup.database.db;
    await storeFixtureEvent(db, setup.shopId, "node-message.envelope", (event) => {
      event.message = "Payment failed";
      event.contexts = { replay: { replay_id: replayId } };
      errorEventId = event.event_id as string;
    });
    await storeReplaySegment(db, setup.shopId, { replayId, segmentId: 0, startedAt: start, events: recordedPage(start, []), replayEvent: { error_ids: [errorEventId, "9".repeat(32)] } });
    while ((await digestBatch(setup.database)) > 0);
    errorIssueId = Number((await db.selectFrom("events").select("issue_id").where("event_id", "=", errorEventId).executeTakeFirstOrThrow()).issue_id);
  });
  afterAll(() => setup.database.destroy());

  it("gives the replay and its stored errors with their time and issue (an error id not stored is left out)", async () => {
    const { replay, errors } = await loadReplayPage(await setup.contextOf(setup.member), replayId);
    expect(replay.id).toBe(replayId);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ eventId: errorEventId, issueId: errorIssueId, title: expect.stringContaining("Payment failed") as string });
    expect(Number.isFinite(errors[0]!.timestampMs)).toBe(true);
  });

  it("is not found for a viewer who cannot see the replay's project", async () => {
    expect((await rejection(loadReplayPage(await setup.contextOf(setup.outsider), replayId))).code).toBe("not_found");
  });
});
