import { describe, expect, it } from "vitest";
import { describeFrameDiagnosis, shellQuote, type FrameDiagnosis } from "./frame-diagnosis";

const target = { org: "lantern", project: "shop", url: "https://lantern.example" };

describe("describeFrameDiagnosis", () => {
  it("gives each cause its words and the sentry-cli command that fixes it", () => {
    const cases: [FrameDiagnosis, RegExp, string][] = [
      [{ code: "no_debug_id_or_release" }, /no debug ID .* and no release/i, "sentry-cli --url https://lantern.example sourcemaps inject ./dist && sentry-cli --url https://lantern.example sourcemaps upload --org lantern --project shop ./dist"],
      [{ code: "debug_id_not_found", debugId: "9b7990f8-5a2c-4b0e-8f5a-1c2d3e4f5a6b" }, /No uploaded bundle has debug ID 9b7990f8-5a2c-4b0e-8f5a-1c2d3e4f5a6b/, "sentry-cli --url https://lantern.example sourcemaps upload --org lantern --project shop ./dist"],
      [{ code: "release_file_not_found", release: "shop@1.0.0", dist: null, url: "~/assets/app.js", closest: ["~/static/app.js"] }, /Release shop@1.0.0 has no file matching ~\/assets\/app.js/, "sentry-cli --url https://lantern.example sourcemaps upload --org lantern --project shop --release shop@1.0.0 --url-prefix '~/assets' ./dist"],
      [{ code: "release_file_not_found", release: "my app 1", dist: "web", url: "~/app.js", closest: [] }, /Release my app 1 \(dist web\) has no uploaded files/, "sentry-cli --url https://lantern.example sourcemaps upload --org lantern --project shop --release 'my app 1' --dist web --url-prefix '~' ./dist"],
      [{ code: "no_sourcemap_reference", release: "r1", dist: null, fileUrl: "~/assets/app.js" }, /~\/assets\/app.js names no source map/, "sentry-cli --url https://lantern.example sourcemaps upload --org lantern --project shop --release r1 --url-prefix '~/assets' ./dist"],
      [{ code: "sourcemap_not_found", release: "r1", dist: null, fileUrl: "~/assets/app.js", mapUrl: "~/assets/app.js.map" }, /points to ~\/assets\/app.js.map, which release r1 does not have/, "sentry-cli --url https://lantern.example sourcemaps upload --org lantern --project shop --release r1 --url-prefix '~/assets' ./dist"],
      [{ code: "malformed_map", mapUrl: "~/a.js.map", detail: "not JSON", release: null, dist: null }, /cannot be read: not JSON/, "sentry-cli --url https://lantern.example sourcemaps upload --org lantern --project shop ./dist"],
      [{ code: "position_outside_map", mapUrl: "~/a.js.map", line: 40, column: 7 }, /Line 40, column 7 is outside the source map ~\/a.js.map/, "sentry-cli --url https://lantern.example sourcemaps inject ./dist && sentry-cli --url https://lantern.example sourcemaps upload --org lantern --project shop ./dist"],
      [{ code: "no_sources_content", mapUrl: "~/a.js.map", source: "../src/a.ts", release: null, dist: null }, /no sourcesContent for \.\.\/src\/a.ts/, "sentry-cli --url https://lantern.example sourcemaps upload --org lantern --project shop ./dist"],
    ];
    for (const [diagnosis, title, command] of cases) {
      const words = describeFrameDiagnosis(diagnosis, target);
      expect(words.title, diagnosis.code).toMatch(title);
      expect(words.command, diagnosis.code).toBe(command);
    }
    expect(describeFrameDiagnosis(cases[2]![0], target).closest).toEqual(["~/static/app.js"]);
  });

  it("quotes every shell word that is not plainly safe, so a release name cannot run a command", () => {
    expect(shellQuote("shop@1.0.0")).toBe("shop@1.0.0");
    expect(shellQuote("~/assets")).toBe("'~/assets'");
    expect(shellQuote("x'; rm -rf / #")).toBe(`'x'\\''; rm -rf / #'`);
    expect(shellQuote("$(id)")).toBe("'$(id)'");
  });
});
