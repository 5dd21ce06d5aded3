import { describe, expect, it } from "vitest";
import { deriveCulprit } from "./derive-culprit";

const frames = (list: Record<string, unknown>[]) => ({ frames: list });

describe("deriveCulprit", () => {
  it("prefers the culprit the SDK sent, then the transaction", () => {
    expect(deriveCulprit({ culprit: "views.checkout", transaction: "/cart" })).toBe("views.checkout");
    expect(deriveCulprit({ transaction: "GET /cart", exception: { values: [{ stacktrace: frames([{ function: "a", filename: "a.js", in_app: true }]) }] } })).toBe("GET /cart");
  });

  it("names the newest in-app frame of the newest exception as `file in function`", () => {
    const event = {
      platform: "node",
      exception: {
        values: [
          { stacktrace: frames([{ function: "cause", filename: "cause.js", in_app: true }]) },
          { stacktrace: frames([{ function: "submitOrder", filename: "app/checkout/page.tsx", module: "app.checkout:page", in_app: true }, { function: "emit", filename: "node_modules/events.js", in_app: false }]) },
        ],
      },
    };
    expect(deriveCulprit(event)).toBe("app/checkout/page.tsx in submitOrder");
  });

  it("reads @sentry/browser frames: the page's path without its origin, and `?` as an anonymous function", () => {
    // The shapes @sentry/browser's Chrome stack parser sends: absolute URLs, `?` for a nameless function.
    const thrown = {
      platform: "javascript",
      exception: {
        values: [
          {
            type: "TypeError",
            stacktrace: frames([
              { filename: "http://127.0.0.1:41234/sdk-bundle.js", function: "?", lineno: 12, colno: 3, in_app: true },
              { filename: "http://127.0.0.1:41234/sdk-bundle.js", function: "throwFromTimer", lineno: 30, colno: 11, in_app: true },
            ]),
          },
        ],
      },
    };
    expect(deriveCulprit(thrown)).toBe("/sdk-bundle.js in throwFromTimer");
    const anonymous = { platform: "javascript", exception: { values: [{ stacktrace: frames([{ filename: "https://shop.example/index.html?v=2", function: "?", in_app: true }]) }] } };
    expect(deriveCulprit(anonymous)).toBe("/index.html in <anonymous>");
    expect(deriveCulprit({ platform: "javascript", stacktrace: frames([{ filename: "/app.js" }]) })).toBe("/app.js in <anonymous>");
    expect(deriveCulprit({ platform: "node", stacktrace: frames([{ filename: "/srv/app.js", function: "<anonymous>" }]) })).toBe("/srv/app.js in <anonymous>");
    for (const event of [thrown, anonymous]) expect(deriveCulprit(event)).not.toMatch(/\?\(|^\?|in \?$/);
  });

  it("keeps names such as Object.<anonymous> and method names as the SDK wrote them", () => {
    expect(deriveCulprit({ platform: "node", stacktrace: frames([{ filename: "/srv/index.js", module: "index", function: "Object.<anonymous>", in_app: true }]) })).toBe("/srv/index.js in Object.<anonymous>");
    expect(deriveCulprit({ platform: "javascript", stacktrace: frames([{ filename: "webpack:///./src/cart.ts", function: "Cart.total", in_app: true }]) })).toBe("webpack:///./src/cart.ts in Cart.total");
  });

  it("uses `module in function` outside JavaScript, and the newest frame when none is in-app", () => {
    const event = { platform: "python", exception: { values: [{ stacktrace: frames([{ function: "connect", module: "db.pool" }, { function: "send", module: "socket" }]) }] } };
    expect(deriveCulprit(event)).toBe("socket in send");
    expect(deriveCulprit({ platform: "python", stacktrace: frames([{ module: "worker" }]) })).toBe("worker in <unknown>");
  });

  it("names native frames by their function alone", () => {
    expect(deriveCulprit({ platform: "native", stacktrace: frames([{ function: "crash_now", filename: "main.c", in_app: true }]) })).toBe("crash_now");
  });

  it("falls back to threads, a message's stack trace, or nothing", () => {
    expect(deriveCulprit({ platform: "python", threads: { values: [{ stacktrace: frames([{ function: "run", module: "worker" }]) }] } })).toBe("worker in run");
    expect(deriveCulprit({ platform: "javascript", stacktrace: frames([{ function: "tick" }]) })).toBe("tick");
    expect(deriveCulprit({ message: "hello" })).toBe("");
  });

  it("keeps within Sentry's 200 characters", () => {
    expect(deriveCulprit({ platform: "python", stacktrace: frames([{ module: "m".repeat(300), function: "f" }]) })).toHaveLength(200);
  });
});
