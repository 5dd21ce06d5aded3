import { describe, expect, it } from "vitest";
import { storeFixtureEvent } from "../../../tests/support/event-envelopes";
import { testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { useSystemProject } from "../../../tests/support/system-project";
import type { AccessContext } from "../access/authorize";
import { digestBatch } from "../digest/digest-batch";
import { getIssueHints } from "./get-issue-hints";
import { resolveIssue } from "./resolve-issue";

const hourMs = 3_600_000;

/** `count` browsers in the project's mix: 60 % Chrome 120, 30 % Firefox 121, 10 % Safari 17. */
const projectMix = (index: number) => (index % 10 < 6 ? "Chrome 120" : index % 10 < 9 ? "Firefox 121" : "Safari 17");

describe(`getIssueHints on ${testDialect}`, () => {
  let database: TestDatabase;
  let context: AccessContext;
  let projectId: number;
  const start = Date.now() - 48 * hourMs;
  useSystemProject({ name: "shop" }, (setup) => ({ database, context, projectId } = setup));

  /** Sends `count` events of the issue with this fingerprint through real digest; returns the issue's id. */
  async function send(fingerprint: string, count: number, event: { release: string; receivedAt: number; browser: (index: number) => string; environment?: (index: number) => string }): Promise<number> {
    for (let index = 0; index < count; index += 1) {
      await storeFixtureEvent(
        database.db,
        projectId,
        "node-exception.envelope",
        (payload) => {
          payload.fingerprint = [fingerprint];
          payload.release = event.release;
          payload.environment = event.environment?.(index) ?? "production";
          payload.tags = { browser: event.browser(index) };
          payload.timestamp = (event.receivedAt + index) / 1000;
        },
        event.receivedAt + index,
      );
    }
    while ((await digestBatch(database)) > 0);
    const last = await database.db.selectFrom("events").select("issue_id").orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();
    if (last.issue_id === null) throw new Error("digest left the event without an issue");
    return last.issue_id;
  }

  /**
   * The generated data set: two background issues in the project's browser mix over releases 1.0 and 2.0,
   * an issue that is 90 % Safari, one first seen in 2.0 (in the project's mix), one with too few events.
   */
  async function generate() {
    const mixed = await send("mixed", 100, { release: "1.0", receivedAt: start, browser: projectMix });
    const background = await send("background", 50, { release: "1.0", receivedAt: start + 1000, browser: projectMix });
    const safari = await send("safari", 20, { release: "1.0", receivedAt: start + 2000, browser: (index) => (index < 18 ? "Safari 17" : "Chrome 120") });
    const fewSafari = await send("few-safari", 5, { release: "1.0", receivedAt: start + 3000, browser: () => "Safari 17" });
    await send("mixed", 20, { release: "2.0", receivedAt: start + hourMs, browser: projectMix });
    const newIn2 = await send("new-in-2.0", 20, { release: "2.0", receivedAt: start + hourMs + 1000, browser: projectMix });
    return { mixed, background, safari, fewSafari, newIn2 };
  }

  it("names the over-represented browser of a 90 % Safari issue, the release an issue first came in, and nothing for an issue in the project's mix", async () => {
    const issues = await generate();

    const safari = await getIssueHints(context, issues.safari);
    expect(safari.suspectRelease).toBeNull();
    expect(safari.overRepresentedTags).toHaveLength(1);
    const [tag] = safari.overRepresentedTags;
    expect(tag).toMatchObject({ key: "browser", value: "Safari 17", count: 18, issueShare: 0.9, search: 'browser:"Safari 17"' });
    // Safari in the project: 10 + 5 + 2 + 2 of the issues in the project's mix, 18 here, 5 in the small one.
    const projectSafari = (10 + 5 + 2 + 2 + 18 + 5) / (100 + 50 + 20 + 20 + 20 + 5);
    expect(tag!.projectShare).toBeCloseTo(projectSafari, 6);
    expect(tag!.lift).toBeCloseTo(0.9 / projectSafari, 6);

    const newIn2 = await getIssueHints(context, issues.newIn2);
    expect(newIn2.suspectRelease).toMatchObject({ version: "2.0", kind: "first_seen", eventsBefore: 0, eventsSince: 20, search: "release:2.0" });
    expect(newIn2.overRepresentedTags).toEqual([]);

    for (const issueId of [issues.mixed, issues.background]) {
      const hints = await getIssueHints(context, issueId);
      expect(hints.suspectRelease).toBeNull();
      expect(hints.overRepresentedTags).toEqual([]);
    }
    // All Safari, but five events are not enough to say anything.
    expect((await getIssueHints(context, issues.fewSafari)).overRepresentedTags).toEqual([]);
  });

  it("names the release an issue came back in, with its events in earlier releases and since", async () => {
    const issues = await generate();
    await resolveIssue(context, { issueId: issues.mixed, kind: "now" });
    await send("mixed", 3, { release: "3.0", receivedAt: start + 2 * hourMs, browser: projectMix });
    const hints = await getIssueHints(context, issues.mixed);
    expect(hints.suspectRelease).toMatchObject({ version: "3.0", kind: "regressed", eventsBefore: 120, eventsSince: 3, search: "release:3.0" });
  });

  it("gives first and last seen per environment, the busiest first", async () => {
    const issueId = await send("environments", 12, { release: "1.0", receivedAt: start, browser: projectMix, environment: (index) => (index < 8 ? "production" : "staging") });
    const { environments } = await getIssueHints(context, issueId);
    expect(environments.map((row) => [row.environment, row.timesSeen, row.search])).toEqual([
      ["production", 8, "environment:production"],
      ["staging", 4, "environment:staging"],
    ]);
    for (const row of environments) expect(row.firstSeen).toBeLessThanOrEqual(row.lastSeen);
    expect(environments[1]!.firstSeen).toBeGreaterThanOrEqual(environments[0]!.firstSeen);
  });
});
