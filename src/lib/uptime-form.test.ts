import { describe, expect, it } from "vitest";
import { newUptimeFormValues, uptimeInputOf } from "./uptime-form";

describe("uptime form input", () => {
  it("reads one header a line as [name, value] pairs, keeping colons in the value", () => {
    const input = uptimeInputOf({ ...newUptimeFormValues, url: "https://shop.example.com", headers: "Authorization: Bearer a:b\n\n  X-Probe : yes  \nBare" });
    expect(input.headers).toEqual([
      ["Authorization", "Bearer a:b"],
      ["X-Probe", "yes"],
      ["Bare", ""],
    ]);
  });

  it("turns an empty name, environment and body into absent values, and the checkboxes into status", () => {
    expect(uptimeInputOf({ ...newUptimeFormValues, environment: " ", isActive: false })).toMatchObject({ name: undefined, environment: null, body: null, status: "disabled", showOnStatusPage: false });
  });
});
