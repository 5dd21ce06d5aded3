import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { createStackParser, nodeStackLineParser, type StackFrame } from "@sentry/core";
import { build } from "esbuild";
import { afterAll } from "vitest";

/** The app code every build shares: the error is thrown in `convert`, called from `checkoutTotal`. */
const run = promisify(execFile);

const checkoutSource = `export class PriceConverter {
  rate = 2;
  convert(amount: number): number {
    if (amount > 10) throw new Error("Amount too large: " + amount);
    return amount * this.rate;
  }
}

export function checkoutTotal(items: number[]): number {
  const converter = new PriceConverter();
  return items.reduce((sum, item) => sum + converter.convert(item), 0);
}
`;

/**
 * The tests that build read the files until they end: the builds go after the test file that imports this
 * module (the hook is registered on that file while Vitest collects it), or when a benchmark's process exits.
 */
const builtDirectories: string[] = [];
const removeBuilds = () => {
  for (const directory of builtDirectories.splice(0)) rmSync(directory, { recursive: true, force: true });
};
if (process.env.VITEST) afterAll(removeBuilds);
else process.once("exit", removeBuilds);

export interface MinifiedBuild {
  dir: string;
  /** The minified file on disk (what a Node stack names). */
  file: string;
  code: string;
  map: string;
  /** The map's JSON. */
  mapJson: { sources: string[]; sourcesContent?: (string | null)[]; [key: string]: unknown };
}

/**
 * A real esbuild production build (bundle + minify + a linked source map, `//# sourceMappingURL=app.min.js.map`) of a small checkout app. `variant`
 * adds that many helper functions before the checkout code, so two variants differ in minified names and
 * positions while the throwing code is the same. `sourcemap: "inline"` puts the map in a `data:` comment.
 */
export async function buildMinifiedApp(variant: number, options: { sourcemap?: "linked" | "inline" } = {}): Promise<MinifiedBuild> {
  const dir = mkdtempSync(join(tmpdir(), "lantern-minified-"));
  builtDirectories.push(dir);
  mkdirSync(join(dir, "src"));
  writeFileSync(join(dir, "src", "checkout.ts"), checkoutSource);
  const helpers = Array.from({ length: variant }, (_, index) => `export function helperNumber${index}(value: number): number {\n  return value * ${index + 2} + ${variant};\n}\n`).join("\n");
  writeFileSync(join(dir, "src", "helpers.ts"), helpers || "export {};\n");
  const helperCalls = Array.from({ length: variant }, (_, index) => `helpers.helperNumber${index}(total)`).join(" + ") || "0";
  writeFileSync(
    join(dir, "src", "main.ts"),
    `import * as helpers from "./helpers";\nimport { checkoutTotal } from "./checkout";\n\nexport function runCheckout(items: number[]): number {\n  const total = checkoutTotal(items);\n  return total + ${helperCalls};\n}\n`,
  );
  const sourcemap = options.sourcemap ?? "linked";
  await build({ entryPoints: [join(dir, "src", "main.ts")], bundle: true, minify: true, sourcemap, format: "esm", outfile: join(dir, "dist", "app.min.js"), logLevel: "silent" });
  const file = join(dir, "dist", "app.min.js");
  const code = readFileSync(file, "utf8");
  const map = sourcemap === "linked" ? readFileSync(`${file}.map`, "utf8") : "";
  return { dir, file, code, map, mapJson: map ? JSON.parse(map) : { sources: [] } };
}

/**
 * Runs the build's checkout with an amount that throws in a plain `node` (no source-map support, so the
 * stack keeps the minified positions, as in production) and returns the error with that stack.
 */
export async function throwFromBuild(minified: MinifiedBuild): Promise<Error> {
  const script = `import(${JSON.stringify(pathToFileURL(minified.file).href)}).then((m) => { try { m.runCheckout([1, 20]); } catch (error) { process.stdout.write(error.stack); } });`;
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], { env });
  if (!stdout.startsWith("Error:")) throw new Error(`the build did not throw: ${stdout}`);
  const error = new Error(stdout.split("\n")[0]!.slice("Error: ".length));
  error.stack = stdout;
  return error;
}

const parseStack = createStackParser(nodeStackLineParser());

/**
 * The error's frames as the Sentry Node SDK reports them (its own stack parser; oldest first), from the
 * first frame of the minified file on (the test runner's callers left out; `Array.reduce` kept), with the
 * minified file's `filename` replaced by `url` when given (a browser loading the same file).
 */
export function framesOf(error: Error, minified: MinifiedBuild, url?: string): StackFrame[] {
  const frames = parseStack(error.stack ?? "");
  const first = frames.findIndex((frame) => frame.filename?.startsWith(minified.file));
  return frames.slice(first).map((frame) => (frame.filename?.startsWith(minified.file) ? { ...frame, filename: url ?? minified.file, module: undefined } : frame));
}
