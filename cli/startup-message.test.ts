import { describe, expect, it } from "vitest";
import { startupMessage } from "./startup-message";

describe("startupMessage", () => {
  const server = { publicUrl: "https://lantern.example.com", host: "0.0.0.0", port: 3000, dialect: "sqlite" };

  it("on a new instance, says where to go and that the first visit creates the owner account", () => {
    expect(startupMessage({ ...server, hasOwner: false })).toBe(
      "lantern: serving https://lantern.example.com (listening on 0.0.0.0:3000, sqlite) — open https://lantern.example.com to create the owner account (the first visit sets it up)",
    );
  });

  it("once an account exists, says where to sign in", () => {
    expect(startupMessage({ ...server, hasOwner: true })).toBe("lantern: serving https://lantern.example.com (listening on 0.0.0.0:3000, sqlite) — open https://lantern.example.com and sign in");
  });
});
