import { describe, expect, it } from "vitest";
import { describeOidcError } from "./describe-oidc-error";

describe("describeOidcError", () => {
  it("tells a person without an account to ask for an invite", () => {
    expect(describeOidcError("signup_disabled", "Acme SSO")).toBe("No Lantern account uses this e-mail; ask an admin for an invite.");
  });

  it("names the provider when the sign-in was cancelled there", () => {
    expect(describeOidcError("access_denied", "Acme SSO")).toBe("Sign-in with Acme SSO was cancelled.");
  });

  it("shows an unknown code only when it looks like one (the query string is anyone's to write)", () => {
    expect(describeOidcError("invalid_code", "Acme SSO")).toContain("(invalid_code)");
    expect(describeOidcError("<b>call 555-0100</b>", "Acme SSO")).toBe("Sign-in with Acme SSO failed. Try again, or sign in with your password.");
  });
});
