import { describe, expect, it } from "vitest";
import { exampleAlertMessage, hostileAlertMessage, hostileTitle } from "../../../tests/support/alert-message-example";
import { formatSlack } from "./format-slack";

/** Every text object of the body, with the kind of text it is. */
function texts(body: ReturnType<typeof formatSlack>): { type: string; text: string }[] {
  return body.blocks.flatMap((block) => {
    if (block.type === "header") return [block.text];
    if (block.type === "section") return "fields" in block ? block.fields : [block.text];
    if (block.type === "context") return block.elements;
    return block.elements.map((element) => element.text);
  });
}

describe("formatSlack", () => {
  it("builds an incoming-webhook body: fallback text and header, section, fields, context and button blocks", () => {
    const message = exampleAlertMessage();
    const body = formatSlack(message);
    expect(body.text).toBe("New issue: TypeError: Cannot read properties of undefined (reading 'total') (Shop)");
    expect(body.blocks.map((block) => block.type)).toEqual(["header", "section", "section", "context", "actions"]);
    expect(body.blocks[0]).toEqual({ type: "header", text: { type: "plain_text", text: "New issue", emoji: false } });
    const all = texts(body).map((text) => text.text).join("\n");
    for (const words of ["app/checkout/page.tsx in submitOrder", "*Level*\nerror", "*Project*\nShop", "*Environment*\nproduction", "*Release*\nshop@2.4.1", "*Events*\n1,234", "*Users affected*\n56"]) {
      expect(all).toContain(words);
    }
    expect(all).toContain(`<${message.issue.url}|TypeError: Cannot read properties of undefined (reading 'total')>`);
    expect(all).toContain(`<${message.rule!.url}|Notify on every new issue>`);
    const actions = body.blocks[4]!;
    expect(actions).toEqual({
      type: "actions",
      elements: [
        { type: "button", text: { type: "plain_text", text: "Open issue" }, url: message.issue.url, action_id: "open_issue" },
        { type: "button", text: { type: "plain_text", text: "View rule" }, url: message.rule!.url, action_id: "view_rule" },
      ],
    });
  });

  it("escapes &, < and > in event text, so <!channel> and links from an event arrive inert", () => {
    const body = formatSlack(hostileAlertMessage());
    const mrkdwn = [body.text, ...texts(body).filter((text) => text.type === "mrkdwn").map((text) => text.text)].join("\n");
    expect(mrkdwn).not.toContain("<!channel>");
    expect(mrkdwn).not.toContain("<!here>");
    expect(mrkdwn).not.toContain("<@U123>");
    expect(mrkdwn).not.toContain("<script>");
    expect(mrkdwn).toContain("&lt;!channel&gt;");
    expect(mrkdwn).toContain("&lt;script&gt;alert(\"x\")&lt;/script&gt;");
    expect(mrkdwn).toContain("Shop &lt;b&gt;&amp;&lt;/b&gt;");
    // The only Slack control sequences left are Lantern's own links and the date.
    const controls = [...mrkdwn.matchAll(/<([^>]*)>/g)].map((match) => match[1]!.split("|")[0]!);
    expect(controls.every((target) => target.startsWith("https://errors.example.com/") || target.startsWith("!date^"))).toBe(true);
    expect(body.text).toContain(hostileTitle.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;"));
  });

  it("keeps within Block Kit's limits however long the event text is", () => {
    const long = "é<&".repeat(50_000);
    const example = exampleAlertMessage();
    const body = formatSlack(exampleAlertMessage({ headline: long, issue: { ...example.issue, title: long, culprit: long }, comment: long, release: long, environment: long }));
    for (const block of body.blocks) {
      if (block.type === "header") expect(block.text.text.length).toBeLessThanOrEqual(150);
      if (block.type === "section" && "text" in block) expect(block.text.text.length).toBeLessThanOrEqual(3000);
      if (block.type === "section" && "fields" in block) {
        expect(block.fields.length).toBeLessThanOrEqual(10);
        for (const field of block.fields) expect(field.text.length).toBeLessThanOrEqual(2000);
      }
      if (block.type === "context") expect(block.elements.length).toBeLessThanOrEqual(10);
      if (block.type === "actions") for (const button of block.elements) expect(button.text.text.length).toBeLessThanOrEqual(75);
    }
    expect(body.text.length).toBeLessThanOrEqual(3000);
    // Clipping never cuts an entity in half.
    expect(texts(body).every((text) => !/&(a|am|l|g|lt|gt)?…/.test(text.text))).toBe(true);
  });
});
