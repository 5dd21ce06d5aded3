import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The import graph of src/, built with TypeScript's own module resolution (tsconfig's `@/` alias included) from
 * every import, `import type`, re-export and `import()`. Two rules of docs/architecture.md are read from it:
 * no module reaches itself through its imports (a circle means a shared piece wants its own module), and code
 * that renders in the browser — everything under src/components and every "use client" file — names nothing of
 * src/server, not even a type (its shapes live in src/lib). eslint-plugin-import's no-cycle does the first
 * too, but took longer than the whole lint run on this repository; this reads each file once.
 */
type ImportGraph = Map<string, string[]>;

const root = process.cwd();
const serverFolder = resolve(root, "src/server") + "/";

function compilerOptions(): ts.CompilerOptions {
  const configPath = join(root, "tsconfig.json");
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config, ts.sys, root, undefined, configPath).options;
}

/** Each file's imports that resolve to a source file of the folder (packages and declaration files left out). */
function readImportGraph(folder: string, options: ts.CompilerOptions): ImportGraph {
  const files = ts.sys.readDirectory(folder, [".ts", ".tsx"], undefined, ["**/*"]).filter((file) => !file.endsWith(".d.ts"));
  const inFolder = new Set(files);
  const cache = ts.createModuleResolutionCache(root, (name) => name, options);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = new Set<string>();
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, options, ts.sys, cache).resolvedModule?.resolvedFileName;
      if (resolved && inFolder.has(resolved)) targets.add(resolved);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/**
 * Each tangle of modules that reach one another (Tarjan's strongly connected components), as one shortest circle
 * through its first module (a BFS) and the tangle's other modules.
 */
function findCycles(graph: ImportGraph): { circle: string[]; others: string[] }[] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    lowLink.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowLink.set(node, Math.min(lowLink.get(node)!, lowLink.get(next)!));
      } else if (onStack.has(next)) lowLink.set(node, Math.min(lowLink.get(node)!, index.get(next)!));
    }
    if (lowLink.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) components.push(component);
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);

  return components.map((component) => {
    const members = new Set(component);
    const start = [...component].sort()[0]!;
    const cameFrom = new Map<string, string>();
    const queue = [start];
    for (let head = 0; head < queue.length; head++) {
      const node = queue[head]!;
      for (const next of graph.get(node) ?? []) {
        if (!members.has(next)) continue;
        if (next === start) {
          const path = [node];
          while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
          return { circle: [...path, start], others: component.filter((member) => !path.includes(member)).sort() };
        }
        if (!cameFrom.has(next)) {
          cameFrom.set(next, node);
          queue.push(next);
        }
      }
    }
    throw new Error(`no circle found through ${start}`);
  });
}

const isClientCode = (file: string): boolean =>
  file.startsWith(resolve(root, "src/components") + "/") || /^(\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*["']use client["']/.test(readFileSync(file, "utf8"));

const show = (file: string) => relative(root, file);

describe("the import graph of src/", () => {
  const graph = readImportGraph(resolve(root, "src"), compilerOptions());

  it("has no import circles", () => {
    const circles = findCycles(graph).map(({ circle, others }) => circle.map(show).join(" → ") + (others.length > 0 ? ` (and in the same tangle: ${others.map(show).join(", ")})` : ""));
    expect(circles).toEqual([]);
  });

  it("keeps src/server out of src/components and every \"use client\" file, types included", () => {
    const serverImports = [...graph]
      .filter(([file]) => isClientCode(file))
      .flatMap(([file, targets]) => targets.filter((target) => target.startsWith(serverFolder)).map((target) => `${show(file)} → ${show(target)}`));
    expect(serverImports).toEqual([]);
  });

  it("counts src/components and \"use client\" files as client code, and no other", () => {
    expect([...graph.keys()].filter(isClientCode).length).toBeGreaterThan(50);
    expect(isClientCode(resolve(root, "src/app/error.tsx"))).toBe(true);
    expect(isClientCode(resolve(root, "src/app/layout.tsx"))).toBe(false);
  });
});

describe("the import graph reader", () => {
  it("follows import type, re-exports and import(), and finds each circle", () => {
    const folder = mkdtempSync(join(tmpdir(), "lantern-import-graph-"));
    try {
      writeFileSync(join(folder, "a.ts"), `import type { B } from "./b";\nexport type A = B;\n`);
      writeFileSync(join(folder, "b.ts"), `export { c } from "./c";\nexport type B = string;\n`);
      writeFileSync(join(folder, "c.ts"), `export const c = () => import("./a");\n`);
      writeFileSync(join(folder, "d.ts"), `import "./d";\nimport { c } from "./c";\nexport const d = c;\n`);
      writeFileSync(join(folder, "e.ts"), `import { d } from "./d";\nexport const e = d;\n`);
      const graph = readImportGraph(folder, compilerOptions());
      const names = findCycles(graph).map(({ circle, others }) => [...circle, ...others].map((file) => relative(folder, file)).join(" → "));
      expect(names.sort()).toEqual(["a.ts → b.ts → c.ts → a.ts", "d.ts → d.ts"]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    const aliased = readImportGraph(resolve(root, "src/server/grouping"), compilerOptions());
    expect(aliased.get(resolve(root, "src/server/grouping/compute-grouping.ts"))).toContain(resolve(root, "src/server/grouping/select-strategy.ts"));
  });
});
