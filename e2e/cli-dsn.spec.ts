import { execFileSync } from "node:child_process";
import * as Sentry from "@sentry/node";
import { expect, test } from "@playwright/test";
import { latestIntakeId, openLanternDatabase, receivedBodies } from "./support/lantern-database";
import { e2eServerEnvironment } from "./support/server";

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
