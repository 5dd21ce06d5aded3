import { expect, it } from "vitest";
import { parseReplayListRequest } from "./parse-replay-list-request";
import { normalizeReplayId, parseReplayFields, pickReplayFields, replayFields } from "./serialize-replay";

const parse = (query: string) => parseReplayListRequest(new URLSearchParams(query));

it("reads Sentry's replay list parameters: window, projects, environments, sort, page", () => {
  const before = Date.now();
  const request = parse("statsPeriod=24h&project=3&project=shop&project=-1&environment=prod&sort=-count_errors&per_page=20&cursor=abc&query=user.email:a@b.test");
  expect(request.end! - request.start!).toBe(86_400_000);
  expect(request.end).toBeGreaterThanOrEqual(before);
  expect(request).toMatchObject({ projectIds: [3], projectSlugs: ["shop"], sort: "-count_errors", limit: 20, cursor: "abc", query: "user.email:a@b.test environment:prod" });
  expect(parse("environment=prod&environment=staging area").query).toBe('environment:[prod,"staging area"]');
  expect(parse("orderBy=duration").sort).toBe("duration");
  expect(parse("start=2026-11-01T00:00:00&end=1764547200")).toMatchObject({ start: Date.UTC(2026, 10, 1), end: 1_764_547_200_000 });
  expect(parse("")).toEqual({ query: "", limit: 50 });
  expect(parse("per_page=500").limit).toBe(100);
  expect(() => parse("statsPeriod=forever")).toThrow(/statsPeriod/);
  expect(() => parse("start=yesterday")).toThrow(/start/);
});

it("selects fields as Sentry's field= does, refusing unknown ones", () => {
  expect(parseReplayFields(new URLSearchParams(""))).toBe(replayFields);
  expect(parseReplayFields(new URLSearchParams("field=id&field=urls&field=id"))).toEqual(["id", "urls"]);
  expect(() => parseReplayFields(new URLSearchParams("field=password"))).toThrow(/Invalid field "password"/);
  expect(pickReplayFields({ id: "a", urls: [] } as never, ["id"])).toEqual({ id: "a" });
});

it("normalizes replay ids with or without dashes, in any case", () => {
  expect(normalizeReplayId("7E07485F-12F9-416B-8B14-26260799B51F")).toBe("7e07485f12f9416b8b1426260799b51f");
  expect(normalizeReplayId("7e07485f")).toBeNull();
  expect(normalizeReplayId("../../etc/passwd")).toBeNull();
});
