import { dsnFromString, makeDsn } from "@sentry/core";
import { describe, expect, it } from "vitest";
import { buildDsn, parseDsn } from "./build-dsn";

const key = "0123456789abcdef0123456789abcdef";

describe("buildDsn", () => {
  it.each([
    ["http://localhost:3000", 1, `http://${key}@localhost:3000/1`],
    ["https://errors.example.com", 42, `https://${key}@errors.example.com/42`],
    ["https://errors.example.com/", 42, `https://${key}@errors.example.com/42`],
    ["https://example.com/tools/lantern/", 9, `https://${key}@example.com/tools/lantern/9`],
    ["http://10.0.0.5:8080/lantern", 3, `http://${key}@10.0.0.5:8080/lantern/3`],
  ])("builds the DSN of %s, project %i", (publicUrl, projectId, dsn) => {
    expect(buildDsn(publicUrl, key, projectId)).toBe(dsn);
  });

  it.each([
    ["http://localhost:3000", 1, { host: "localhost", port: "3000", path: "" }],
    ["https://errors.example.com", 42, { host: "errors.example.com", port: "", path: "" }],
    ["https://example.com/tools/lantern/", 9, { host: "example.com", port: "", path: "tools/lantern" }],
    ["http://[::1]:9000", 5, { host: "[::1]", port: "9000", path: "" }],
  ])("builds a DSN of %s that the JavaScript SDK reads back the same way", (publicUrl, projectId, location) => {
    const dsn = buildDsn(publicUrl, key, projectId);
    const sdk = makeDsn(dsn);
    expect(sdk).toMatchObject({ protocol: new URL(publicUrl).protocol.slice(0, -1), publicKey: key, projectId: String(projectId), ...location });
    expect(dsnFromString(dsn)).toEqual(sdk);

    const ours = parseDsn(dsn);
    expect(ours).toEqual({ publicKey: sdk!.publicKey, projectId: Number(sdk!.projectId), host: sdk!.port ? `${sdk!.host}:${sdk!.port}` : sdk!.host });
  });
});

describe("parseDsn", () => {
  it("reads a DSN with a deprecated secret", () => {
    expect(parseDsn(`https://${key}:secret@sentry.example.com/12`)).toEqual({ publicKey: key, projectId: 12, host: "sentry.example.com" });
  });

  it.each([
    "",
    "garbage",
    "https://sentry.example.com/1",
    `ftp://${key}@sentry.example.com/1`,
    `https://${key}@sentry.example.com/`,
    `https://${key}@sentry.example.com/project`,
    `https://${key}@/1`,
    `https://a-b@sentry.example.com/1`,
  ])("returns null for %j", (value) => {
    expect(parseDsn(value)).toBeNull();
  });
});
