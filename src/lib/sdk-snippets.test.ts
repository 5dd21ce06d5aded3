import { spawnSync } from "node:child_process";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { platformLabels } from "./platforms";
import { nextjsTunnelRoute, sdkSnippets, type SdkSnippet } from "./sdk-snippets";

const dsn = "https://0123456789abcdef0123456789abcdef@errors.example.com/sub/42";

/** Syntax errors of a JavaScript or TypeScript snippet (JSX allowed), as the compiler reports them. */
function syntaxErrors(code: string, fileName: string): string[] {
  const output = ts.transpileModule(code, { fileName: fileName.replace(/\.(ts|js|mjs)$/, ".tsx"), reportDiagnostics: true, compilerOptions: { jsx: ts.JsxEmit.ReactJSX } });
  return (output.diagnostics ?? []).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
}

const hasPython = spawnSync("python3", ["--version"]).status === 0;

function byPlatform(platform: string): SdkSnippet {
  const snippet = sdkSnippets(dsn).find((candidate) => candidate.platform === platform);
  if (!snippet) throw new Error(`no snippet for ${platform}`);
  return snippet;
}

describe("sdkSnippets", () => {
  it.each(sdkSnippets(dsn).map((snippet) => [snippet.title, snippet] as const))("puts the DSN into the %s set-up", (_, snippet) => {
    expect(snippet.code).toContain(`"${dsn}"`);
    expect(snippet.install).not.toBe("");
  });

  it("offers one snippet per platform", () => {
    const platforms = sdkSnippets(dsn).map((snippet) => snippet.platform);
    expect(new Set(platforms).size).toBe(platforms.length);
    expect(platforms).toEqual(expect.arrayContaining(["javascript-nextjs", "node", "python"]));
  });

  it("covers every platform a project can be created with, except Other", () => {
    const platforms = sdkSnippets(dsn).map((snippet) => snippet.platform);
    expect(platforms.sort()).toEqual(Object.keys(platformLabels).filter((platform) => platform !== "other").sort());
  });

  it("uses the DSN it is given, not a fixed one", () => {
    const other = "http://fedcba9876543210fedcba9876543210@localhost:3000/1";
    for (const snippet of sdkSnippets(other)) {
      expect(snippet.code).toContain(other);
      expect(snippet.code).not.toContain(dsn);
      for (const step of snippet.steps) expect(step.code).not.toContain(dsn);
    }
  });

  it.each(
    sdkSnippets(dsn).flatMap((snippet) =>
      [{ title: snippet.title, file: snippet.file, language: snippet.language, code: snippet.code }, ...snippet.steps.map((step) => ({ ...step, file: step.file ?? "step.ts" }))]
        .filter((part) => part.language === "typescript" || part.language === "javascript")
        .map((part) => [`${snippet.title}: ${part.file}`, part] as const),
    ),
  )("writes %s as code that parses", (_, part) => {
    expect(syntaxErrors(part.code, part.file)).toEqual([]);
  });

  it.skipIf(!hasPython)("writes Python that parses", () => {
    const result = spawnSync("python3", ["-c", "import ast, sys; ast.parse(sys.stdin.read())"], { input: byPlatform("python").code, encoding: "utf8" });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  it("initialises the Next.js server runtimes with the same DSN as the browser", () => {
    const nextjs = byPlatform("javascript-nextjs");
    expect(nextjs.file).toBe("instrumentation-client.ts");
    const server = nextjs.steps.find((step) => step.file === "instrumentation.ts");
    expect(server?.code).toContain(`dsn: "${dsn}"`);
    expect(server?.code).toContain("export const onRequestError = Sentry.captureRequestError;");
  });

  // @sentry/nextjs only rewrites its tunnelRoute for sentry.io DSNs; a self-hosted DSN needs the route handler.
  it("tunnels Next.js browser events through tunnelRoute with the route handler a self-hosted DSN needs", () => {
    const steps = byPlatform("javascript-nextjs").steps;
    expect(steps.find((step) => step.file === "next.config.ts")?.code).toContain(`tunnelRoute: "${nextjsTunnelRoute}"`);
    expect(steps.find((step) => step.file === "app/sentry-tunnel/route.ts")?.code).toBe('export { POST } from "@sentry/nextjs/tunnel";');
  });

  it("flushes the Go SDK before the program exits", () => {
    expect(byPlatform("go").code).toContain("defer sentry.Flush(");
  });
});
