import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { AccessContext } from "@/server/access/authorize";
import { digestBatch } from "@/server/digest/digest-batch";
import { readEventPayload } from "@/server/events/read-event-payload";
import { explainGrouping } from "@/server/issues/explain-grouping";
import { updateProjectSettings } from "@/server/projects/update-project-settings";
import { storeFixtureEvent, type EventPatch } from "../support/event-envelopes";
import { testDialect, type TestDatabase } from "../support/test-database";
import { useSystemProject } from "../support/system-project";

const md5 = (text: string) => createHash("md5").update(text).digest("hex");

/** Rules saved in a project's settings change how its next events are grouped, as they read. */
describe(`project grouping rules on ${testDialect}`, () => {
  let database: TestDatabase;
  let context: AccessContext;
  let projectId: number;
  useSystemProject({ name: "shop", platform: "node" }, (setup) => ({ database, context, projectId } = setup));

  async function send(patch?: EventPatch) {
    let eventId = "";
    await storeFixtureEvent(database.db, projectId, "node-exception.envelope", (event) => {
      patch?.(event);
      eventId = event.event_id as string;
    });
    await digestBatch(database);
    return database.db.selectFrom("events").select(["issue_id", "group_hash", "title"]).where("event_id", "=", eventId).executeTakeFirstOrThrow();
  }
  const settings = (rules: { fingerprintRules?: string; stacktraceRules?: string }) =>
    updateProjectSettings(context, projectId, { fingerprintRules: "", stacktraceRules: "", retentionDays: null, maxEventsPerIssue: null, ...rules });

  it("a fingerprint rule puts matching events into the issue its fingerprint names, with its title", async () => {
    const before = await send();
    await settings({ fingerprintRules: '# checkout errors belong together\nerror.type:TypeError message:"*price*" -> checkout-price, {{ transaction }} title="Checkout price missing"' });
    const matching = await send();
    expect(matching.issue_id).not.toBe(before.issue_id);
    expect(matching.group_hash).toBe(md5("checkout-price<no-transaction>"));
    expect(matching.title).toBe("Checkout price missing");
    const issue = await database.db.selectFrom("issues").select("title").where("id", "=", matching.issue_id!).executeTakeFirstOrThrow();
    expect(issue.title).toBe("Checkout price missing");
    // An event the rule does not match keeps its old grouping.
    const other = await send((event) => {
      const values = (event.exception as { values: { type: string }[] }).values;
      values[0]!.type = "RangeError";
    });
    expect(other.group_hash).not.toBe(matching.group_hash);
  });

  it("a stack-trace rule that takes frames out of the app leaves only the system hash, as in Sentry", async () => {
    const before = await send();
    await settings({ stacktraceRules: "path:**/capture-envelopes.mjs -app\n" });
    const after = await send();
    // No in-app frame is left, so there is no app hash: the event joins its issue by the system hash.
    expect(after.issue_id).toBe(before.issue_id);
    const payloads = await database.db.selectFrom("events").select("payload").where("issue_id", "=", before.issue_id!).orderBy("id").execute();
    const [first, last] = [readEventPayload(payloads[0]!.payload), readEventPayload(payloads.at(-1)!.payload)];
    const frames = (last as { exception: { values: { stacktrace: { frames: { filename: string; in_app: boolean }[] } }[] } }).exception.values[0]!.stacktrace.frames;
    expect(frames.filter((frame) => frame.filename.endsWith("capture-envelopes.mjs")).every((frame) => frame.in_app === false)).toBe(true);
    const variants = (await explainGrouping(context, projectId, last)).variants;
    expect(variants.find((variant) => variant.key === "app")?.hash ?? null).toBeNull();
    expect(variants.find((variant) => variant.key === "system")?.hash).toBe(after.group_hash);
    // The first event, grouped before the rule, had an app hash of its own.
    await settings({});
    expect((await explainGrouping(context, projectId, first)).variants.find((variant) => variant.key === "app")?.hash).toMatch(/^[0-9a-f]{32}$/);
  });

  it("a stack-trace rule with -group drops frames from the hash; +group brings them back", async () => {
    const before = await send();
    await settings({ stacktraceRules: "function:capture -group" });
    const dropped = await send();
    expect(dropped.group_hash).not.toBe(before.group_hash);
    await settings({ stacktraceRules: "function:capture -group\nfunction:capture +group" });
    expect((await send()).issue_id).toBe(before.issue_id);
  });

  it("refuses rules that do not parse, naming the line", async () => {
    await expect(settings({ stacktraceRules: "path:**/vendor/** -app\nfunction:foo +sideways" })).rejects.toThrow(/line 2/);
    await expect(settings({ fingerprintRules: "error.type:Foo" })).rejects.toThrow(/line 1/);
    const project = await database.db.selectFrom("projects").select(["stacktrace_rules", "fingerprint_rules"]).where("id", "=", projectId).executeTakeFirstOrThrow();
    expect(project).toEqual({ stacktrace_rules: "", fingerprint_rules: "" });
  });
});
