import { describe, expect, it } from "vitest";
import { exampleAlertMessage, hostileAlertMessage } from "../../../tests/support/alert-message-example";
import { formatTeams } from "./format-teams";

describe("formatTeams", () => {
  it("builds a Teams message with one Adaptive Card 1.4: headline, why, title, facts, and links to the issue and rule", () => {
    const message = exampleAlertMessage();
    const body = formatTeams(message);
    expect(body.type).toBe("message");
    expect(body.attachments).toHaveLength(1);
    const attachment = body.attachments[0]!;
    expect(attachment.contentType).toBe("application/vnd.microsoft.card.adaptive");
    expect(attachment.contentUrl).toBeNull();
    const card = attachment.content;
    expect(card).toMatchObject({ $schema: "http://adaptivecards.io/schemas/adaptive-card.json", type: "AdaptiveCard", version: "1.4" });
    expect(card.body.map((element) => element.type)).toEqual(["TextBlock", "TextBlock", "TextBlock", "FactSet"]);
    expect(card.body[0]).toMatchObject({ type: "TextBlock", text: "New issue", weight: "Bolder", wrap: true });
    expect(card.body[2]).toMatchObject({ type: "TextBlock", text: "TypeError: Cannot read properties of undefined (reading 'total')" });
    const facts = card.body[3]!.type === "FactSet" ? card.body[3]!.facts : [];
    expect(facts).toEqual([
      { title: "Culprit", value: "app/checkout/page.tsx in submitOrder" },
      { title: "Level", value: "error" },
      { title: "Project", value: "Shop" },
      { title: "Environment", value: "production" },
      { title: "Release", value: "shop@2.4.1" },
      { title: "Events", value: "1,234" },
      { title: "Users affected", value: "56" },
    ]);
    expect(card.actions).toEqual([
      { type: "Action.OpenUrl", title: "Open issue", url: message.issue.url },
      { type: "Action.OpenUrl", title: "View rule", url: message.rule!.url },
    ]);
  });

  it("shows a workflow comment and leaves out the rule button when there is no rule", () => {
    const card = formatTeams(exampleAlertMessage({ reason: "comment", headline: "New comment", rule: null, actor: "ana@example.com", comment: "Looking into it" })).attachments[0]!.content;
    expect(card.body.some((element) => element.type === "TextBlock" && element.text === "Looking into it")).toBe(true);
    expect(card.body.some((element) => element.type === "TextBlock" && element.text === "ana@example.com commented on an issue assigned to you.")).toBe(true);
    expect(card.actions).toHaveLength(1);
  });

  it("escapes event Markdown so a title cannot become a link or emphasis", () => {
    const card = formatTeams(hostileAlertMessage()).attachments[0]!.content;
    const text = JSON.stringify(card.body);
    expect(text).not.toMatch(/(^|[^\\])\[click\]/);
    expect(card.body[2]).toMatchObject({ text: expect.stringContaining("\\[click\\](https://evil.example/) \\*bold\\*") });
  });

  it("clips long event text to keep the message well under Teams' 28 KB", () => {
    const long = "x".repeat(200_000);
    const example = exampleAlertMessage();
    const body = formatTeams(exampleAlertMessage({ issue: { ...example.issue, title: long, culprit: long }, comment: long, environment: long, release: long }));
    expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThan(20_000);
  });
});
