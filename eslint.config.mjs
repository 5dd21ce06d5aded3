import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    ignores: [".next/**", "dist/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**", ".e2e/**", "next-env.d.ts"],
  },
  {
    // Routes are adapters: they call verbs in src/server, never the database layer itself.
    files: ["src/app/**", "src/pages/**", "src/components/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["@/server/db/*", "kysely", "better-sqlite3", "pg"], message: "Call a verb in src/server/<area>/ instead of using the database from a route or component.", allowTypeImports: true },
          ],
        },
      ],
    },
  },
  {
    // Client components must not pull server code into the browser bundle.
    files: ["src/components/**", "src/lib/**", "src/instrumentation-client.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@/server/*", "@/server/**"], message: "Server code stays on the server; pass data as props.", allowTypeImports: true }] },
      ],
    },
  },
];

export default config;
