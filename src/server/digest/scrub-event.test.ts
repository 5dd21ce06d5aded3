import { describe, expect, it } from "vitest";
import { defaultScrubSettings, scrubEvent, type ScrubSettings } from "./scrub-event";

const pem = "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7bq1\nabcdefghij\n-----END RSA PRIVATE KEY-----";
const scrub = (event: Record<string, unknown>, settings: Partial<ScrubSettings> = {}) => {
  scrubEvent(event, { ...defaultScrubSettings, ...settings });
  return event;
};

describe("scrubEvent", () => {
  it.each([
    ["password", "hunter2"],
    ["user_password", "hunter2"],
    ["passwd", "x1"],
    ["client_secret", "s3cr3t"],
    ["X-Api-Token", "tok"],
    ["apiKey", "k"],
    ["api_key", "k"],
    ["Authorization", "Basic dXNlcjpwYXNz"],
    ["cookie", "a=b"],
    ["sessionId", "abc"],
    ["csrfmiddlewaretoken", "zz"],
    ["X-XSRF-TOKEN", "zz"],
    ["aws_credentials", "zz"],
    ["private_key", "zz"],
    ["signature", "zz"],
  ])("filters the value of a key named %s", (key, value) => {
    expect(scrub({ extra: { [key]: value } })).toEqual({ extra: { [key]: "[Filtered]" } });
  });

  it("filters sensitive keys everywhere: headers and query pairs, cookies, body, contexts, breadcrumbs, frame vars, tags", () => {
    const event = scrub({
      request: {
        url: "https://shop.example.com/login?next=/cart&access_token=abc123def",
        query_string: [["access_token", "abc123def"], ["page", "2"]],
        headers: [["Authorization", "Bearer abc.def.ghi"], ["Accept", "text/html"]],
        cookies: { session: "s1", theme: "dark" },
        data: { username: "ada", password: "hunter2", nested: { card: { number: "x", cvv_token: "123" } } },
      },
      contexts: { app: { api_secret: "zzz", name: "shop" } },
      breadcrumbs: { values: [{ category: "http", data: { url: "/api?token=t0k3nvalue", Authorization: "Bearer xyz" } }] },
      exception: { values: [{ type: "Error", value: "boom", stacktrace: { frames: [{ function: "login", vars: { password: "hunter2", user: "ada" } }] } }] },
      tags: [["session_id", "s1"], ["browser", "Chrome"]],
    });
    expect(event).toEqual({
      request: {
        url: "https://shop.example.com/login?next=/cart&access_token=[Filtered]",
        query_string: [["access_token", "[Filtered]"], ["page", "2"]],
        headers: [["Authorization", "[Filtered]"], ["Accept", "text/html"]],
        cookies: "[Filtered]",
        data: { username: "ada", password: "[Filtered]", nested: { card: { number: "x", cvv_token: "[Filtered]" } } },
      },
      contexts: { app: { api_secret: "[Filtered]", name: "shop" } },
      breadcrumbs: { values: [{ category: "http", data: { url: "/api?token=[Filtered]", Authorization: "[Filtered]" } }] },
      exception: { values: [{ type: "Error", value: "boom", stacktrace: { frames: [{ function: "login", vars: { password: "[Filtered]", user: "ada" } }] } }] },
      tags: [["session_id", "[Filtered]"], ["browser", "Chrome"]],
    });
  });

  it.each([
    ["a PEM private key", `key: ${pem}`, "key: [Filtered]"],
    ["a bearer token in a message", "sent Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30.sig", "sent Authorization: Bearer [Filtered]"],
    ["a Luhn-valid card number", "charge 4111 1111 1111 1111 failed", "charge [Filtered] failed"],
    ["a card number without spaces", "card=4242424242424242", "card=[Filtered]"],
    ["a sensitive pair in a log line", "login with password=hunter2 and user=ada", "login with password=[Filtered] and user=ada"],
    ["a sensitive pair in a cookie string", "theme=dark; sessionid=abc123; lang=en", "theme=dark; sessionid=[Filtered]; lang=en"],
  ])("filters %s inside any string", (_name, input, expected) => {
    expect(scrub({ message: input })).toEqual({ message: expected });
    expect(scrub({ logentry: { formatted: input } })).toEqual({ logentry: { formatted: expected } });
  });

  it.each([
    ["an order number that fails the Luhn check", "order 4111 1111 1111 1112 shipped"],
    ["a timestamp-like number", "took 1700000000123 ms"],
    ["ordinary words", "the author of the tokenizer wrote a session summary"],
    ["a version", "shop@2.14.0"],
  ])("keeps %s", (_name, input) => {
    expect(scrub({ message: input })).toEqual({ message: input });
  });

  it("keeps a typed attribute's shape (v2 spans, logs) and filters only its value", () => {
    const span = scrub({ attributes: { "http.request.header.authorization": { type: "string", value: "Bearer abc" }, password: { type: "integer", value: 1234 }, "sentry.op": { type: "string", value: "http.server" }, token: { nested: "x" } } });
    expect(span).toEqual({
      attributes: {
        "http.request.header.authorization": { type: "string", value: "[Filtered]" },
        password: { type: "string", value: "[Filtered]" },
        "sentry.op": { type: "string", value: "http.server" },
        token: "[Filtered]",
      },
    });
  });

  it("does not take two context lines for a [key, value] pair, nor ids for card numbers", () => {
    const frame = { pre_context: ["  const session = await load();", "  return render(session);"], context_line: "  throw new Error();" };
    expect(scrub({ exception: { values: [{ stacktrace: { frames: [{ ...frame }] } }] } })).toEqual({ exception: { values: [{ stacktrace: { frames: [frame] } }] } });
    const ids = { span_id: "4111111111111111", "x-request-id": "4111111111111111", orderId: "4111111111111111" };
    expect(scrub({ contexts: { trace: { ...ids } }, request: { headers: [["x-request-id", "4111111111111111"]] } })).toEqual({
      contexts: { trace: ids },
      request: { headers: [["x-request-id", "4111111111111111"]] },
    });
    expect(scrub({ extra: { note: "4111111111111111" } })).toEqual({ extra: { note: "[Filtered]" } });
    // A digest (the tag Lantern looks errors up by) can be any number, Luhn-valid ones included.
    expect(scrub({ tags: [["digest", "4111111111111111"]] })).toEqual({ tags: [["digest", "4111111111111111"]] });
  });

  it("keeps Lantern's own structural fields and user identity, and scrubs e-mails and IPs only when asked", () => {
    const event = () => ({ event_id: "a".repeat(32), sdk: { name: "sentry.javascript.node" }, user: { id: "42", email: "ada@example.com", ip_address: "10.1.2.3" }, message: "from 10.1.2.3 by ada@example.com" });
    expect(scrub(event())).toEqual(event());
    expect(scrub(event(), { scrubEmails: true, scrubIpAddresses: true })).toEqual({
      event_id: "a".repeat(32),
      sdk: { name: "sentry.javascript.node" },
      user: { id: "42", email: "[Filtered]" },
      message: "from [Filtered] by [Filtered]",
    });
  });

  it("filters a secret that only appears once the log message is formatted with its params, and those params", () => {
    expect(scrub({ logentry: { message: "login failed token=%s", params: ["abc123"] } })).toEqual({ logentry: { message: "login failed token=[Filtered]", params: ["[Filtered]"], formatted: "login failed token=[Filtered]" } });
    expect(scrub({ logentry: { message: "charge %s %s", params: ["4111 1111", "1111 1111"], formatted: "charge 4111 1111 1111 1111" } })).toEqual({
      logentry: { message: "charge %s %s", params: ["[Filtered]", "[Filtered]"], formatted: "charge [Filtered]" },
    });
    expect(scrub({ logentry: { message: "page %s of %s", params: [2, 9] } })).toEqual({ logentry: { message: "page %s of %s", params: [2, 9] } });
  });

  it("follows the project's extra keys and safe fields, and does nothing when scrubbing is off", () => {
    expect(scrub({ extra: { customer_tier: "gold", sessionCount: 3 } }, { extraKeys: ["tier"], safeFields: ["sessionCount"] })).toEqual({ extra: { customer_tier: "[Filtered]", sessionCount: 3 } });
    expect(scrub({ extra: { password: "hunter2" } }, { isEnabled: false })).toEqual({ extra: { password: "hunter2" } });
  });
});
