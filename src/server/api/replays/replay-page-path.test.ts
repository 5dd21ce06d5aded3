import { expect, it } from "vitest";
import { loadConfig } from "../../config";
import { replayPagePath } from "./replay-page-path";

const config = loadConfig({ LANTERN_URL: "https://lantern.example.com" });

it("sends Sentry-style replay links (dashed or not) to the replay page, and nothing else", () => {
  const id = "7e07485f12f9416b8b1426260799b51f";
  expect(replayPagePath(config, { organizationSlug: config.auth.organizationSlug, replayId: "7E07485F-12F9-416B-8B14-26260799B51F" })).toBe(`/replays/${id}`);
  expect(replayPagePath(config, { organizationSlug: "1", replayId: id })).toBe(`/replays/${id}`);
  expect(replayPagePath(config, { organizationSlug: "someone-else", replayId: id })).toBeNull();
  expect(replayPagePath(config, { organizationSlug: config.auth.organizationSlug, replayId: "player" })).toBeNull();
});
