import { describe, expect, it } from "vitest";
import { assigneeOptions } from "./assignee-options";

const choices = {
  people: [
    { id: "u1", name: "Ada Lovelace", email: "ada@example.com" },
    { id: "u2", name: "", email: "bob@example.com" },
  ],
  teams: [{ id: "7", slug: "payments", name: "Payments team" }],
};
const labels = (filter: string, isAssigned = true) => assigneeOptions(choices, isAssigned, filter).map((option) => option.label);

describe("assigneeOptions", () => {
  it("offers me first, then people, teams and Unassign when someone is assigned", () => {
    expect(labels("")).toEqual(["Assign to me", "Ada Lovelace", "bob@example.com", "#payments", "Unassign"]);
    expect(labels("", false)).toEqual(["Assign to me", "Ada Lovelace", "bob@example.com", "#payments"]);
    expect(assigneeOptions(choices, true, "ada")[0]).toMatchObject({ intent: "name", value: "user:u1", detail: "ada@example.com" });
    expect(assigneeOptions(choices, true, "#pay")[0]).toMatchObject({ intent: "name", value: "team:7" });
  });

  it("filters by name, e-mail, slug or team name in any case", () => {
    expect(labels("LOVE")).toEqual(["Ada Lovelace"]);
    expect(labels("bob@")).toEqual(["bob@example.com"]);
    expect(labels("payments TEAM")).toEqual(["#payments"]);
    expect(labels("unassign")).toEqual(["Unassign"]);
    expect(labels("nobody matches this")).toEqual([]);
    expect(assigneeOptions(null, false, "")).toEqual([{ key: "me", intent: "me", value: "", label: "Assign to me", detail: "", kind: "me" }]);
  });
});
