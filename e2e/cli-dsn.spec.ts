import { execFileSync, spawnSync } from "node:child_process";
import * as Sentry from "@sentry/node";
import { expect, test } from "@playwright/test";
import { latestIntakeId, openLanternDatabase, receivedBodies } from "./support/lantern-database";
import { e2ePort, e2eServerEnvironment } from "./support/server";

test("`lantern project create demo` prints a DSN that the official @sentry/node SDK sends to with a 200", async () => {
  const output = execFileSync(process.execPath, ["cli/lantern.mjs", "project", "create", "demo"], { env: { ...process.env, ...e2eServerEnvironment }, encoding: "utf8" });
  const dsn = output.trim();
  expect(dsn).toMatch(/^http:\/\/[0-9a-f]{32}@127\.0\.0\.1:\d+\/\d+$/);
  const projectId = Number(dsn.split("/").pop());

  const statusCodes: (number | undefined)[] = [];
  Sentry.init({
    dsn,
    defaultIntegrations: false,
    transport: (options) => {
      const transport = Sentry.makeNodeTransport(options);
      return {
        ...transport,
        send: async (envelope) => {
          const result = await transport.send(envelope);
          statusCodes.push(result.statusCode);
          return result;
        },
      };
    },
  });
  const database = openLanternDatabase();
  try {
    const before = await latestIntakeId(database);
    const eventId = Sentry.captureMessage("hello from @sentry/node");
    expect(await Sentry.flush(5000)).toBe(true);
    expect(statusCodes).toEqual([200]);
    const stored = await receivedBodies(database, projectId, before);
    expect(stored.map(({ envelope }) => envelope.eventId)).toEqual([eventId]);
    expect(stored[0]?.envelope.summary).toBe("hello from @sentry/node");
  } finally {
    await Sentry.close();
    await database.close();
  }
});

test("`lantern project list` in a shell without PORT or LANTERN_URL prints DSNs on the port the server runs on, and says where the URL came from", async () => {
  // Another shell on the server's machine: the same database, none of the server's PORT or LANTERN_URL.
  const shell: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: e2eServerEnvironment.DATABASE_URL };
  delete shell.PORT;
  delete shell.LANTERN_URL;
  const name = `dsn-from-server-${Date.now()}`;
  execFileSync(process.execPath, ["cli/lantern.mjs", "project", "create", name], { env: { ...process.env, ...e2eServerEnvironment }, encoding: "utf8", stdio: "pipe" });
  const listed = spawnSync(process.execPath, ["cli/lantern.mjs", "project", "list"], { env: shell, encoding: "utf8" });
  expect(listed.status, listed.stderr).toBe(0);
  const line = listed.stdout.split("\n").find((candidate) => candidate.startsWith(name));
  expect(line).toMatch(new RegExp(`@127\\.0\\.0\\.1:${e2ePort}/\\d+$`));
  expect(listed.stderr).toMatch(new RegExp(`^lantern: DSNs use http://127\\.0\\.0\\.1:${e2ePort} — recorded by the server started at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC; set LANTERN_URL to override\\.$`, "m"));
});
