import { describe, expect, it } from "vitest";
import { exampleAlertMessage } from "../../../tests/support/alert-message-example";
import { alertFacts, clipText, describeAlertReason } from "./describe-alert-message";

describe("clipText", () => {
  const escape = (text: string) => text.replaceAll("&", "&amp;");

  it("leaves text that fits alone and ends clipped text in an ellipsis within the limit", () => {
    expect(clipText("short", 10)).toBe("short");
    expect(clipText("abcdefghij", 5)).toBe("abcd…");
    expect(clipText("a&b&c&d", 12, escape)).toBe("a&amp;b…");
  });

  it("never cuts an escape sequence or a surrogate pair in half", () => {
    expect(clipText("&&&&", 8, escape)).toBe("&amp;…");
    const emoji = "😀".repeat(10);
    const clipped = clipText(emoji, 6);
    expect(clipped).toBe("😀😀…");
    expect(clipped.isWellFormed()).toBe(true);
  });
});

describe("describeAlertReason and alertFacts", () => {
  it("say why per reason, and list the facts with — for what is absent", () => {
    const example = exampleAlertMessage();
    expect(describeAlertReason(exampleAlertMessage({ reason: "regressed", headline: "Regressed" }))).toBe('The alert rule "Notify on every new issue" fired: Regressed.');
    expect(describeAlertReason(exampleAlertMessage({ reason: "test", headline: "Test notification", rule: null }))).toBe("This is a test notification. The issue below is made up; nothing happened in Shop.");
    expect(describeAlertReason(exampleAlertMessage({ reason: "assigned", rule: null, actor: null }))).toBe("Someone assigned this issue to you.");
    expect(alertFacts(exampleAlertMessage({ environment: null, release: null, issue: { ...example.issue, culprit: "" } }))).toEqual([
      { name: "Culprit", value: "—" },
      { name: "Level", value: "error" },
      { name: "Project", value: "Shop" },
      { name: "Environment", value: "—" },
      { name: "Release", value: "—" },
      { name: "Events", value: "1,234" },
      { name: "Users affected", value: "56" },
    ]);
  });
});
