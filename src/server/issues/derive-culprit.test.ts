import { describe, expect, it } from "vitest";
import { deriveCulprit } from "./derive-culprit";

const frames = (list: Record<string, unknown>[]) => ({ frames: list });

describe("deriveCulprit", () => {
  it("prefers the culprit the SDK sent, then the transaction", () => {
    expect(deriveCulprit({ culprit: "views.checkout", transaction: "/cart" })).toBe("views.checkout");
    expect(deriveCulprit({ transaction: "GET /cart", exception: { values: [{ stacktrace: frames([{ function: "a", filename: "a.js", in_app: true }]) }] } })).toBe("GET /cart");
  });

  it("names the newest in-app frame of the newest exception, JavaScript style", () => {
    const event = {
      platform: "node",
      exception: {
        values: [
          { stacktrace: frames([{ function: "cause", filename: "cause.js", in_app: true }]) },
          { stacktrace: frames([{ function: "handler", filename: "app/handler.js", in_app: true }, { function: "emit", filename: "node_modules/events.js", in_app: false }]) },
        ],
      },
    };
    expect(deriveCulprit(event)).toBe("handler(app/handler.js)");
  });

  it("uses `module in function` outside JavaScript, and the newest frame when none is in-app", () => {
    const event = { platform: "python", exception: { values: [{ stacktrace: frames([{ function: "connect", module: "db.pool" }, { function: "send", module: "socket" }]) }] } };
    expect(deriveCulprit(event)).toBe("socket in send");
  });

  it("falls back to threads, a message's stack trace, or nothing", () => {
    expect(deriveCulprit({ platform: "python", threads: { values: [{ stacktrace: frames([{ function: "run", module: "worker" }]) }] } })).toBe("worker in run");
    expect(deriveCulprit({ platform: "javascript", stacktrace: frames([{ filename: "/app.js" }]) })).toBe("?(/app.js)");
    expect(deriveCulprit({ message: "hello" })).toBe("");
  });
});
