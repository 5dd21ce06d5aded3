import { describe, expect, it } from "vitest";
import { assigneeInitials } from "./assignee-initials";

describe("assigneeInitials", () => {
  it("takes the first and last name's first letters, else the e-mail's local part, else the slug's words", () => {
    expect(assigneeInitials("Ada Lovelace")).toBe("AL");
    expect(assigneeInitials("Grace Brewster Murray Hopper")).toBe("GH");
    expect(assigneeInitials("", "bob.smith@example.com")).toBe("BS");
    expect(assigneeInitials("payments-web")).toBe("PW");
    expect(assigneeInitials("ops")).toBe("OP");
    expect(assigneeInitials("Élodie Ørsted")).toBe("ÉØ");
    expect(assigneeInitials("  ", "")).toBe("?");
  });
});
