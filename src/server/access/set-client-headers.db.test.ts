import { once } from "node:events";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { text } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { requestFrom } from "../../../tests/support/request-from";
import { createTestAuth, createTestConfig, createTestUser, type TestUser } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { Auth } from "../auth/create-auth";
import { signInWithPassword } from "../auth/sign-in-with-password";
import type { LanternConfig } from "../config";
import { isAppError } from "../errors";
import { clientAddressHeader } from "./client-headers";
import { setClientHeaders } from "./set-client-headers";

/**
 * The address sign-in throttling counts, end to end: a real HTTP request whose headers `lantern start`'s
 * own code (setClientHeaders) rewrites, then the sign-in action's call (the address from that header, the
 * request's headers to better-auth), throttled from the audit log. Loopback addresses play the hosts:
 * 127.0.0.1 is the proxy, X-Forwarded-For carries what the proxies appended after what the client wrote.
 */

interface Scenario {
  name: string;
  trustedProxies: string;
  /** The interface the server listens on, and the local address each connection leaves from. */
  listen: string;
  via: { host: string; localAddress: string };
  /** The header arriving at Lantern when the client itself sent `X-Forwarded-For: <spoofed>`. */
  forwardedFor: (spoofed: string) => string;
  expected: string;
  /** Another client's request, which must not be throttled with the first. */
  other: { forwardedFor: string; localAddress?: string; expected: string };
}

const scenarios: Scenario[] = [
  {
    name: "no proxy configured: X-Forwarded-For is ignored, the socket counts",
    trustedProxies: "",
    listen: "127.0.0.1",
    via: { host: "127.0.0.1", localAddress: "127.0.0.1" },
    forwardedFor: (spoofed) => spoofed,
    expected: "127.0.0.1",
    other: { forwardedFor: "198.51.100.7", localAddress: "127.0.0.2", expected: "127.0.0.2" },
  },
  {
    name: "one trusted proxy",
    trustedProxies: "127.0.0.1",
    listen: "127.0.0.1",
    via: { host: "127.0.0.1", localAddress: "127.0.0.1" },
    forwardedFor: (spoofed) => `${spoofed}, 198.51.100.7`,
    expected: "198.51.100.7",
    other: { forwardedFor: "203.0.113.50, 198.51.100.8", expected: "198.51.100.8" },
  },
  {
    name: "two trusted proxies chained",
    trustedProxies: "127.0.0.1, 10.0.0.3",
    listen: "127.0.0.1",
    via: { host: "127.0.0.1", localAddress: "127.0.0.1" },
    forwardedFor: (spoofed) => `${spoofed}, 10.0.0.3, 198.51.100.7, 10.0.0.3`,
    expected: "198.51.100.7",
    other: { forwardedFor: "198.51.100.8, 10.0.0.3", expected: "198.51.100.8" },
  },
  {
    name: "trusted CIDR ranges",
    trustedProxies: "127.0.0.0/8, 10.0.0.0/8",
    listen: "127.0.0.1",
    via: { host: "127.0.0.1", localAddress: "127.0.0.5" },
    forwardedFor: (spoofed) => `${spoofed}, 198.51.100.7, 10.20.30.40`,
    expected: "198.51.100.7",
    other: { forwardedFor: "198.51.100.8, 10.20.30.40", localAddress: "127.0.0.9", expected: "198.51.100.8" },
  },
  {
    name: "IPv6 proxies and client",
    trustedProxies: "::1, fd00::/8",
    listen: "::1",
    via: { host: "[::1]", localAddress: "::1" },
    forwardedFor: (spoofed) => `${spoofed}, 2001:DB8::7, fd00::3`,
    expected: "2001:db8::7",
    other: { forwardedFor: "2001:db8::8, fd00::3", expected: "2001:db8::8" },
  },
  {
    name: "an IPv4-mapped socket on a dual-stack server",
    trustedProxies: "127.0.0.1",
    listen: "::",
    via: { host: "127.0.0.1", localAddress: "127.0.0.1" },
    forwardedFor: (spoofed) => `${spoofed}, ::ffff:198.51.100.7`,
    expected: "198.51.100.7",
    other: { forwardedFor: "198.51.100.7", localAddress: "127.0.0.2", expected: "127.0.0.2" },
  },
];

describe(`the sign-in throttle key behind proxies on ${testDialect}`, () => {
  let database: TestDatabase;
  let server: Server | undefined;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    server?.closeAllConnections();
    server?.close();
    server = undefined;
    await database.destroy();
  });

  async function startSignInServer(config: LanternConfig, auth: Auth, listen: string): Promise<number> {
    server = createServer((request, response) => {
      setClientHeaders(request, config.trustedProxies);
      void signIn(config, auth, request).then((outcome) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(outcome)));
    });
    server.listen(0, listen);
    await once(server, "listening");
    return (server.address() as AddressInfo).port;
  }

  /** The sign-in server action's own steps, with the headers Next would hand it. */
  async function signIn(config: LanternConfig, auth: Auth, request: IncomingMessage): Promise<{ outcome: string; address: string | null }> {
    const form = JSON.parse(await text(request)) as { email: string; password: string };
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    const address = headers.get(clientAddressHeader);
    try {
      await signInWithPassword(database.db, auth, config, { email: form.email, password: form.password, ipAddress: address, userAgent: headers.get("user-agent"), headers });
      return { outcome: "signed_in", address };
    } catch (error) {
      if (isAppError(error)) return { outcome: error.code, address };
      throw error;
    }
  }

  it.each(scenarios)("$name: a client's own X-Forwarded-For neither chooses the recorded address nor escapes the throttle", async (scenario) => {
    const config = createTestConfig({ LANTERN_TRUSTED_PROXIES: scenario.trustedProxies, LANTERN_SIGN_IN_MAX_FAILURES_PER_IP: "3" });
    const auth = createTestAuth(database, config);
    const user: TestUser = await createTestUser(database, auth, "member");
    const port = await startSignInServer(config, auth, scenario.listen);
    const attempt = (email: string, password: string, forwardedFor: string, localAddress = scenario.via.localAddress) =>
      requestFrom({
        url: `http://${scenario.via.host}:${port}/sign-in`,
        localAddress,
        // The client also names its address in Lantern's own header; it is replaced, never read.
        headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor, [clientAddressHeader]: "192.0.2.99" },
        body: JSON.stringify({ email, password }),
      }).then((response) => JSON.parse(response.body) as { outcome: string; address: string });

    // Three wrong passwords on three accounts, each with another address the client made up.
    for (const guess of [1, 2, 3]) {
      await expect(attempt(`guess-${guess}@example.com`, "wrong-password-123", scenario.forwardedFor(`203.0.113.${guess}`))).resolves.toEqual({ outcome: "unauthorized", address: scenario.expected });
    }
    // A fourth made-up address does not get the client a fresh count, even with the right password.
    await expect(attempt(user.email, user.password, scenario.forwardedFor("203.0.113.4"))).resolves.toEqual({ outcome: "rate_limited", address: scenario.expected });
    await expect(attempt(user.email, user.password, scenario.forwardedFor(""))).resolves.toEqual({ outcome: "rate_limited", address: scenario.expected });
    // Another client, at another address, is not throttled with it.
    const other = scenario.other;
    await expect(attempt(user.email, user.password, other.forwardedFor, other.localAddress)).resolves.toEqual({ outcome: "signed_in", address: other.expected });

    const log = await database.db.selectFrom("audit_log").select(["action", "ip_address"]).orderBy("id").execute();
    expect(log).toEqual([
      { action: "auth.sign_in_failed", ip_address: scenario.expected },
      { action: "auth.sign_in_failed", ip_address: scenario.expected },
      { action: "auth.sign_in_failed", ip_address: scenario.expected },
      { action: "auth.sign_in", ip_address: other.expected },
    ]);
  });
});
