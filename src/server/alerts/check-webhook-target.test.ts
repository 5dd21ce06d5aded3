import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { assertPublicWebhookUrl, lookupPublicAddress, refusalOfAddress, refusedTargetCode } from "./check-webhook-target";

const refusedTargets = [
  ["loopback IPv4", "http://127.0.0.1:8080/hook", "127.0.0.1"],
  ["loopback, another spelling", "http://127.1/hook", "127.0.0.1"],
  ["loopback IPv6", "http://[::1]/hook", "[::1]"],
  ["private 10/8", "https://10.1.2.3/hook", "10.1.2.3"],
  ["private 172.16/12", "https://172.20.0.5/hook", "172.20.0.5"],
  ["private 192.168/16", "https://192.168.1.10/hook", "192.168.1.10"],
  ["cloud metadata", "http://169.254.169.254/latest/meta-data/", "169.254.169.254"],
  ["carrier-grade NAT", "http://100.64.0.1/", "100.64.0.1"],
  ["unique local IPv6", "http://[fd12:3456::1]/", "[fd12:3456::1]"],
  ["link-local IPv6", "http://[fe80::1]/", "[fe80::1]"],
  ["unspecified", "http://0.0.0.0:3000/", "0.0.0.0"],
  ["multicast", "http://224.0.0.1/", "224.0.0.1"],
  ["IPv4-mapped loopback", "http://[::ffff:127.0.0.1]/", "[::ffff:7f00:1]"],
  ["IPv4-mapped metadata", "http://[::ffff:169.254.169.254]/", "[::ffff:a9fe:a9fe]"],
  ["NAT64 of a private address", "http://[64:ff9b::10.0.0.1]/", "[64:ff9b::a00:1]"],
  ["6to4 of loopback", "http://[2002:7f00:1::1]/", "[2002:7f00:1::1]"],
  ["localhost by name", "http://localhost:3000/hook", "localhost"],
  ["a subdomain of localhost", "http://api.localhost/hook", "api.localhost"],
] as const;

describe("assertPublicWebhookUrl", () => {
  it.each(refusedTargets)("refuses %s (%s) with a 400 naming the host", async (_name, url, host) => {
    const error = await assertPublicWebhookUrl(url, false).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("bad_request");
    expect((error as AppError).message).toContain(`"${host}"`);
    expect((error as AppError).message).toContain("LANTERN_WEBHOOK_ALLOW_PRIVATE");
  });

  it.each(refusedTargets)("allows %s with LANTERN_WEBHOOK_ALLOW_PRIVATE", async (_name, url) => {
    await expect(assertPublicWebhookUrl(url, true)).resolves.toBeUndefined();
  });

  it("says why 169.254.169.254 matters", async () => {
    await expect(assertPublicWebhookUrl("http://169.254.169.254/", false)).rejects.toThrow(/link-local.*metadata/);
  });

  it("allows public addresses", async () => {
    await expect(assertPublicWebhookUrl("https://93.184.215.14/hook", false)).resolves.toBeUndefined();
    await expect(assertPublicWebhookUrl("https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/hook", false)).resolves.toBeUndefined();
    await expect(assertPublicWebhookUrl("http://[::ffff:93.184.215.14]/hook", false)).resolves.toBeUndefined();
  });

  it("refuses what is not an http(s) URL, and credentials in the URL, even with the override", async () => {
    for (const allowPrivate of [false, true]) {
      await expect(assertPublicWebhookUrl("not a url", allowPrivate)).rejects.toThrow("not a valid URL");
      await expect(assertPublicWebhookUrl("ftp://files.example.com/", allowPrivate)).rejects.toThrow("http:// or https://");
      await expect(assertPublicWebhookUrl("file:///etc/passwd", allowPrivate)).rejects.toThrow("http:// or https://");
      const error = await assertPublicWebhookUrl("https://user:hunter2@hooks.example.com/x", allowPrivate).catch((caught: Error) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect((error as Error).message).toContain("must not contain a user name or password");
      expect((error as Error).message).not.toContain("hunter2");
    }
  });

  it("refuses a host that does not resolve", async () => {
    await expect(assertPublicWebhookUrl("https://lantern-test.invalid/hook", false)).rejects.toThrow(/"lantern-test.invalid" does not resolve/);
  });
});

describe("refusalOfAddress", () => {
  it("passes public unicast addresses and names the range of others", () => {
    expect(refusalOfAddress("8.8.8.8")).toBeNull();
    expect(refusalOfAddress("2001:4860:4860::8888")).toBeNull();
    expect(refusalOfAddress("::7f00:1")).toContain("IPv4-compatible");
    expect(refusalOfAddress("192.0.2.1")).toContain("reserved");
    expect(refusalOfAddress("255.255.255.255")).toContain("broadcast");
    expect(refusalOfAddress("not-an-ip")).not.toBeNull();
  });
});

describe("lookupPublicAddress (connect-time guard)", () => {
  let server: http.Server;
  let port: number;
  let requests = 0;
  beforeAll(async () => {
    server = http.createServer((_request, response) => {
      requests += 1;
      response.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("fails the connection when the name resolves to a refused address, before anything is sent", async () => {
    const error = await new Promise<NodeJS.ErrnoException>((resolve, reject) => {
      const request = http.request({ host: "localhost", port, path: "/", method: "POST", lookup: lookupPublicAddress, agent: false }, () => reject(new Error("connected")));
      request.on("error", resolve);
      request.end("{}");
    });
    expect(error.code).toBe(refusedTargetCode);
    expect(error.message).toMatch(/"localhost" resolves to (127\.0\.0\.1|::1), which is a loopback address/);
    expect(requests).toBe(0);
  });

  it("answers as dns.lookup does, one address or all, for names it allows", async () => {
    // dns.lookup hands an IP literal back as is: the callback contract is checked without the network.
    const one = await new Promise<[NodeJS.ErrnoException | null, unknown, number | undefined]>((resolve) => lookupPublicAddress("93.184.215.14", {}, (error, address, family) => resolve([error, address, family])));
    expect(one).toEqual([null, "93.184.215.14", 4]);
    const all = await new Promise<[NodeJS.ErrnoException | null, unknown]>((resolve) => lookupPublicAddress("93.184.215.14", { all: true }, (error, addresses) => resolve([error, addresses])));
    expect(all).toEqual([null, [{ address: "93.184.215.14", family: 4 }]]);
    const refused = await new Promise<NodeJS.ErrnoException | null>((resolve) => lookupPublicAddress("10.0.0.1", {}, (error) => resolve(error)));
    expect(refused?.code).toBe(refusedTargetCode);
  });
});
