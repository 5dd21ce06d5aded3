import { builtinModules } from "node:module";
import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

/*
 * The layering rules (docs/architecture.md). Import specifiers are matched as regular expressions so that the
 * `@/` alias and every relative spelling ("../server/…", "../../server/…") are caught alike.
 *
 * ESLint does not merge a rule's options across config blocks: for a file matched by two blocks the later one
 * wins outright. So every rule below is declared once per group of files, and the groups do not overlap.
 */
const relativeInto = (folder) => String.raw`(\.{1,2}/)+(.*/)?${folder}`;
const specifier = (...alternatives) => String.raw`^(${alternatives.join("|")})(/|$)`;

const serverCode = {
  regex: specifier("@/server", relativeInto("server")),
  message: "src/server stays on the server; move shared pure definitions to src/lib, or pass data as props.",
};
const databaseLayer = {
  regex: specifier("@/server/db", relativeInto("server/db"), "kysely", "better-sqlite3", "pg"),
  message: "Call a verb in src/server/<area>/ instead of using the database layer from a route or component.",
};
const nodeBuiltins = {
  regex: specifier("node:[^/]+", ...builtinModules.filter((name) => !name.includes("/"))),
  message: "src/lib runs in the browser too: no Node built-ins (tests may use them).",
};
const digestCode = {
  regex: specifier("@/server/digest", relativeInto("digest")),
  message: "Grouping depends on nothing of digest; shared helpers belong in src/lib.",
};

/**
 * no-restricted-imports for static imports and re-exports, plus no-restricted-syntax for what it does not see:
 * `import()` (always loads code) and TypeScript's `import("…").Type` (a type, allowed where types are).
 * `require()` is refused everywhere by @typescript-eslint/no-require-imports.
 */
function restrictImports(patterns) {
  // esquery's regex literals cannot contain "/", so it is written as \x2F there.
  const selectorRegex = (regex) => `/${regex.replaceAll("/", String.raw`\x2F`)}/`;
  return {
    "no-restricted-imports": ["error", { patterns: patterns.map((pattern) => ({ caseSensitive: true, ...pattern })) }],
    "no-restricted-syntax": [
      "error",
      ...patterns.map(({ regex, message }) => ({ selector: `ImportExpression[source.value=${selectorRegex(regex)}]`, message })),
      ...patterns
        .filter(({ allowTypeImports }) => !allowTypeImports)
        .map(({ regex, message }) => ({ selector: `TSImportType[source.value=${selectorRegex(regex)}]`, message })),
    ],
  };
}

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    ignores: [".next/**", "dist/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**", ".e2e/**", "next-env.d.ts", "e2e/nextjs-app/.next/**", "e2e/nextjs-app/next-env.d.ts"],
  },
  {
    // Pure helpers for server and browser alike: nothing of src/server, not even types, and no database or Node.
    files: ["src/lib/**"],
    ignores: ["src/lib/**/*.test.ts"],
    rules: restrictImports([serverCode, databaseLayer, nodeBuiltins]),
  },
  {
    // Tests of src/lib run in Node and may use its built-ins, but the code they test is still pure.
    files: ["src/lib/**/*.test.ts"],
    rules: restrictImports([serverCode, databaseLayer]),
  },
  {
    // Routes and pages are adapters: they call verbs in src/server, never the database layer, not even its types.
    files: ["src/app/**", "src/pages/**"],
    rules: restrictImports([databaseLayer]),
  },
  {
    // Components render in the browser too: nothing of src/server, not even types — the shapes they receive as
    // props live in src/lib (src/lib/views for what verbs return). tests/lint/import-graph.test.ts draws the same
    // line for every "use client" file, and refuses import circles.
    files: ["src/components/**", "src/instrumentation-client.ts"],
    rules: restrictImports([serverCode, databaseLayer]),
  },
  {
    // Grouping is pure and stands alone, so digest can use it and the issue page can recompute it.
    files: ["src/server/grouping/**"],
    rules: restrictImports([digestCode]),
  },
];

export default config;
