import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { verbs } from "./policy";

/**
 * The shape that keeps access in one place, read from the sources: callers (routes, pages, server actions,
 * the API's route table, the CLI) never hand a database handle to a verb of project data — they hand it
 * their access context — and every such verb authorizes itself by a row of the policy table. A new verb
 * that takes `db`, or that forgets to authorize, or a row no code uses, fails here.
 */
const root = resolve(__dirname, "../../..");
const dataFolders = ["src/server/issues", "src/server/events", "src/server/projects", "src/server/intake", "src/server/alerts", "src/server/sourcemaps", "src/server/releases", "src/server/uptime"];
const callerRoots = ["src/app", "src/pages", "src/components", "src/server/api/routes", "src/server/pages", "cli"];
/** Start-up work of `lantern start`, not a user's verb: it runs before anyone can ask for anything. */
const startUpFunctions = new Set(["ensureInternalProject", "registerOwnSourceMaps", "isOwnSourceMapsRegistered"]);

function sourceFiles(folder: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(join(root, folder))) {
    const path = join(folder, name);
    if (statSync(join(root, path)).isDirectory()) found.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.ts$/.test(name)) found.push(path);
  }
  return found;
}

/** `export (async) function name(first, …)`: each exported function of a file with its first parameter and body. */
function exportedFunctions(path: string): { name: string; firstParameter: string; body: string }[] {
  const text = readFileSync(join(root, path), "utf8");
  const functions = [...text.matchAll(/^export (?:async )?function (\w+)(?:<[^(]*>)?\(([^,)]*)/gm)];
  return functions.map((match, index) => {
    const end = functions[index + 1]?.index ?? text.length;
    return { name: match[1]!, firstParameter: match[2]!.trim(), body: text.slice(match.index, end) };
  });
}

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/") ? join("src", specifier.slice(2)) : specifier.startsWith(".") ? relative(root, resolve(root, dirname(from), specifier)) : null;
  if (!base) return null;
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
    try {
      if (statSync(join(root, candidate)).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

const takesDatabase = (parameter: string) => /^(db|database|trx)\??:/.test(parameter);

describe("verbs of project data authorize themselves", () => {
  const verbFunctions = dataFolders.flatMap(sourceFiles).flatMap((path) => exportedFunctions(path).map((fn) => ({ ...fn, path })));
  const contextVerbs = verbFunctions.filter((fn) => /^context: AccessContext$/.test(fn.firstParameter));

  it("no caller hands a database handle to a verb of project data", () => {
    const violations: string[] = [];
    for (const caller of callerRoots.flatMap(sourceFiles)) {
      const text = readFileSync(join(root, caller), "utf8");
      for (const match of text.matchAll(/^import (?!type )\{([^}]*)\} from "([^"]+)";/gm)) {
        const target = resolveImport(caller, match[2]!);
        if (!target || !dataFolders.some((folder) => target.startsWith(folder))) continue;
        const names = match[1]!.split(",").map((part) => part.trim()).filter((part) => part && !part.startsWith("type ")).map((part) => part.split(/\s+as\s+/)[0]!);
        for (const fn of exportedFunctions(target)) {
          if (names.includes(fn.name) && takesDatabase(fn.firstParameter) && !startUpFunctions.has(fn.name)) violations.push(`${caller} calls ${fn.name}(${fn.firstParameter}) from ${target}`);
        }
      }
    }
    expect(violations).toEqual([]);
  });

  it("every verb that takes the access context checks it", () => {
    expect(contextVerbs.length).toBeGreaterThan(25);
    const unchecked = contextVerbs.filter((fn) => !/\bauthorize\w*\(context,/.test(fn.body) && !contextVerbs.some((other) => other !== fn && new RegExp(`\\b${other.name}\\(context,`).test(fn.body)));
    expect(unchecked.map((fn) => `${fn.path}: ${fn.name}`)).toEqual([]);
  });

  it("every row of the policy table is a verb some code authorizes, and code names only rows of it", () => {
    const used = new Set<string>();
    for (const path of sourceFiles("src/server")) {
      for (const match of readFileSync(join(root, path), "utf8").matchAll(/\bauthorize\w*\(context, "([a-z_.]+)"/g)) used.add(match[1]!);
    }
    expect([...used].sort()).toEqual([...verbs].sort());
  });
});
