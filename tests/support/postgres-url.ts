/** The PostgreSQL server the tests use; each test file works in a schema of its own inside it. */
export const testPostgresUrl = process.env.TEST_DATABASE_URL ?? "postgres://lantern:lantern@127.0.0.1:5432/lantern_test";

export const postgresSetupHelp = `PostgreSQL is needed for the storage tests (TEST_DATABASE_URL=${testPostgresUrl}).
On Debian:
  apt-get install -y postgresql && pg_ctlcluster 15 main start
  su postgres -c "psql -c \\"create role lantern login superuser password 'lantern'\\""
  su postgres -c "createdb -O lantern lantern_test"
or point TEST_DATABASE_URL at another server. (.ci/run does all of this.)`;
