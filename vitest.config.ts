import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Three projects: pure unit tests once, and every storage-backed test (*.db.test.ts) twice —
 * on a real SQLite file and on a real PostgreSQL database. What only PostgreSQL can do (several instances on
 * one database) is tested in *.pg.test.ts, run on PostgreSQL alone.
 */
const storageTests = ["src/**/*.db.test.ts", "cli/**/*.db.test.ts", "tests/**/*.db.test.ts"];
const postgresOnlyTests = ["src/**/*.pg.test.ts", "tests/**/*.pg.test.ts"];

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    testTimeout: 20_000,
    projects: [
      { extends: true, test: { name: "unit", include: ["src/**/*.test.ts", "cli/**/*.test.ts", "tests/**/*.test.ts"], exclude: [...storageTests, ...postgresOnlyTests] } },
      { extends: true, test: { name: "sqlite", include: storageTests, env: { LANTERN_TEST_DIALECT: "sqlite" } } },
      { extends: true, test: { name: "postgres", include: [...storageTests, ...postgresOnlyTests], env: { LANTERN_TEST_DIALECT: "postgres" }, globalSetup: ["tests/support/require-postgres.ts"] } },
    ],
  },
});
