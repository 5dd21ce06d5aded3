import { resolve } from "node:path";

/** The production server the browser tests run against: its own port, SQLite file and log. */
export const e2ePort = Number(process.env.E2E_PORT ?? 3100);
export const e2eBaseUrl = `http://127.0.0.1:${e2ePort}`;
export const e2eDirectory = resolve(".e2e");
/**
 * 120 characters, so every run has the long database path of a checkout in a deep folder: a page that shows
 * it (Settings) must fit a phone wherever the repository is cloned, not only in a short folder.
 */
export const e2eLongFolderName = "a_checkout.in_a_deep_folder.with_a_long_name".padEnd(120, "_and_longer");
export const e2eDatabasePath = resolve(e2eDirectory, e2eLongFolderName, "lantern.db");
export const e2eServerLog = resolve(e2eDirectory, "server.log");

export const e2eServerEnvironment: Record<string, string> = {
  PORT: String(e2ePort),
  HOST: "127.0.0.1",
  DATABASE_URL: `file:${e2eDatabasePath}`,
  LANTERN_URL: e2eBaseUrl,
  // Trace everything so that "the 404 page produces no trace" is a real check.
  LANTERN_SELF_TRACES_SAMPLE_RATE: "1",
  // Alert webhooks go to receivers the tests run on loopback, which Lantern refuses by default (SSRF).
  LANTERN_WEBHOOK_ALLOW_PRIVATE: "true",
};

/** The owner global setup creates (with `lantern user create --owner`) and signs in; tests run as them by default. */
export const e2eOwner = { name: "E2E Owner", email: "owner@lantern.test", password: "e2e-owner-password-1" };
/** The owner's signed-in browser state (cookies), written by global setup and used by every test unless it opts out. */
export const e2eOwnerState = resolve(e2eDirectory, "owner-state.json");
/** For tests that must be anonymous: `test.use({ storageState: anonymousState })`. */
export const anonymousState = { cookies: [], origins: [] };
