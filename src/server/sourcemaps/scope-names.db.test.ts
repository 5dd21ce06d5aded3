import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { createStackParser, nodeStackLineParser } from "@sentry/core";
import { build } from "esbuild";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { JsonObject } from "@/lib/json-values";
import { insertArtifactBundle } from "../../../tests/support/insert-artifact-bundle";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { normalizeEvent } from "../digest/normalize-event";
import { insertProject } from "../projects/insert-project";
import { ArtifactSource } from "./artifact-source";
import { resolveEventFrames } from "./resolve-event-frames";
import { resolveUntilLoaded } from "./resolve-until-loaded";
import { SourceMapCache } from "./source-map-cache";

// The error passes through a plain function, an object literal's method (V8 calls it `Object.m`-like names
// once minified), a class method and the click handler: each must get its own original name back.
const checkoutSource = `export interface Cart { items: number[]; discount: number }

export function computeDiscountedTotal(cart: Cart): number {
  const total = cart.items.reduce((sum, item) => sum + item, 0);
  if (cart.discount > 1) throw new Error(\`Discount \${cart.discount} is above 100%\`);
  return total * (1 - cart.discount);
}

export const checkout = {
  submitCheckoutForm(cart: Cart): number {
    return computeDiscountedTotal(cart);
  },
};

export class PaymentFlow {
  pay(cart: Cart): number {
    return checkout.submitCheckoutForm(cart);
  }
}

export function handlePayClick(): number {
  return new PaymentFlow().pay({ items: [10, 20], discount: 1.5 });
}
`;

type Frame = { function?: string; filename?: string; lineno?: number; in_app?: boolean; data?: JsonObject };

describe(`frame names from the minified file's functions on ${testDialect}`, () => {
  const dir = mkdtempSync(join(tmpdir(), "lantern-scopes-"));
  let code: string;
  let map: string;
  let stack: string;
  let database: TestDatabase;
  let projectId: number;

  beforeAll(async () => {
    mkdirSync(join(dir, "src"));
    writeFileSync(join(dir, "src", "checkout.ts"), checkoutSource);
    writeFileSync(join(dir, "src", "main.ts"), `import { handlePayClick } from "./checkout";\n\nexport function run(): number {\n  return handlePayClick();\n}\n`);
    const file = join(dir, "dist", "bundle.js");
    await build({ entryPoints: [join(dir, "src", "main.ts")], bundle: true, minify: true, sourcemap: "linked", format: "esm", outfile: file, logLevel: "silent" });
    code = readFileSync(file, "utf8");
    map = readFileSync(`${file}.map`, "utf8");
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    const script = `import(${JSON.stringify(`file://${file}`)}).then((m) => { try { m.run(); } catch (error) { process.stdout.write(error.stack); } });`;
    stack = (await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script], { env })).stdout;
    // The minifier renamed them: without the map's help the frames say nothing.
    expect(stack).not.toContain("computeDiscountedTotal");
    expect(stack).not.toContain("handlePayClick");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  beforeEach(async () => {
    database = await createTestDatabase();
    projectId = (await insertProject(database.db, { name: "shop" })).project.id;
  });
  afterEach(() => database.destroy());

  it("gives every in-app frame of an esbuild bundle its original function name, file and line", async () => {
    const url = "https://shop.example/static/bundle.js";
    const parsed = createStackParser(nodeStackLineParser())(stack);
    const frames = parsed.filter((frame) => frame.filename?.endsWith("bundle.js")).map((frame) => ({ ...frame, filename: url, abs_path: url, module: undefined }));
    expect(frames).toHaveLength(5);
    await insertArtifactBundle(database.db, projectId, [
      { url: "~/static/bundle.js", type: "minified_source", content: code, sourcemap: "bundle.js.map" },
      { url: "~/static/bundle.js.map", type: "source_map", content: map },
    ], { release: "shop@1" });
    const event = normalizeEvent({ event_id: "b".repeat(32), platform: "javascript", release: "shop@1", exception: { values: [{ type: "Error", value: "Discount 1.5 is above 100%", stacktrace: { frames } }] } }, { receivedAt: Date.now() }).event;
    const source = new ArtifactSource(new SourceMapCache(16 * 1024 * 1024));
    const report = await resolveUntilLoaded(source, database.db, () => resolveEventFrames(event, projectId, source, { diagnose: true }));
    expect(report.resolved).toBe(5);
    const resolved = (event as { exception: { values: { stacktrace: { frames: Frame[] } }[] } }).exception.values[0]!.stacktrace.frames;
    expect(resolved.map(({ function: name, filename, lineno }) => ({ name, filename, lineno }))).toEqual([
      { name: "run", filename: "../src/main.ts", lineno: 4 },
      { name: "handlePayClick", filename: "../src/checkout.ts", lineno: 22 },
      { name: "PaymentFlow.pay", filename: "../src/checkout.ts", lineno: 17 },
      { name: "submitCheckoutForm", filename: "../src/checkout.ts", lineno: 11 },
      { name: "computeDiscountedTotal", filename: "../src/checkout.ts", lineno: 5 },
    ]);
    expect(resolved.every((frame) => frame.in_app === true)).toBe(true);
  });
});
