import { describe, expect, it } from "vitest";
import { exampleAlertMessage, hostileAlertMessage } from "../../../tests/support/alert-message-example";
import { discordColorOf, formatDiscord } from "./format-discord";

describe("formatDiscord", () => {
  it("builds an execute-webhook body: content, one embed with title, link, colour, fields and timestamp, no mentions", () => {
    const message = exampleAlertMessage();
    const body = formatDiscord(message);
    expect(Object.keys(body).sort()).toEqual(["allowed_mentions", "content", "embeds"]);
    expect(body.allowed_mentions).toEqual({ parse: [] });
    expect(body.content).toBe("New issue: TypeError: Cannot read properties of undefined \\(reading 'total'\\) \\(Shop\\)");
    expect(body.embeds).toHaveLength(1);
    const embed = body.embeds[0]!;
    expect(embed.title).toBe(message.issue.title);
    expect(embed.url).toBe(message.issue.url);
    expect(embed.color).toBe(discordColorOf("error"));
    expect(embed.timestamp).toBe("2026-11-25T10:05:01.000Z");
    expect(embed.description).toContain("**New issue**");
    expect(embed.description).toContain('The alert rule "Notify on every new issue" fired');
    expect(embed.fields).toEqual([
      { name: "Culprit", value: "app/checkout/page.tsx in submitOrder", inline: false },
      { name: "Level", value: "error", inline: true },
      { name: "Project", value: "Shop", inline: true },
      { name: "Environment", value: "production", inline: true },
      { name: "Release", value: "shop@2.4.1", inline: true },
      { name: "Events", value: "1,234", inline: true },
      { name: "Users affected", value: "56", inline: true },
    ]);
    expect(embed.footer.text).toBe('Lantern · rule "Notify on every new issue"');
  });

  it("colours the embed by level", () => {
    const colors = ["fatal", "error", "warning", "info", "debug"].map(discordColorOf);
    expect(new Set(colors).size).toBe(5);
    for (const color of colors) expect(Number.isInteger(color) && color >= 0 && color <= 0xffffff).toBe(true);
  });

  it("pings no one and turns event Markdown into plain characters", () => {
    const body = formatDiscord(hostileAlertMessage());
    expect(body.allowed_mentions.parse).toEqual([]);
    const markdown = [body.content, body.embeds[0]!.description, ...body.embeds[0]!.fields.map((field) => field.value)].join("\n");
    // No unescaped link, tag or emphasis survives: each such character has a backslash before it.
    expect(markdown).not.toMatch(/(^|[^\\])\[click\]/);
    expect(markdown).not.toMatch(/(^|[^\\])<(@|!|script)/);
    expect(markdown).toContain("\\[click\\]\\(https://evil.example/\\)");
    expect(markdown).toContain("\\<script\\>");
    expect(markdown).toContain("\\*bold\\*");
  });

  it("stays within Discord's limits however long the event text is", () => {
    const long = "a*".repeat(40_000);
    const example = exampleAlertMessage();
    const body = formatDiscord(exampleAlertMessage({ headline: long, issue: { ...example.issue, title: long, culprit: long }, comment: long, release: long, environment: long, project: { ...example.project, name: long }, rule: { ...example.rule!, name: long } }));
    const embed = body.embeds[0]!;
    expect(body.content.length).toBeLessThanOrEqual(2000);
    expect(embed.title.length).toBeLessThanOrEqual(256);
    expect(embed.description.length).toBeLessThanOrEqual(4096);
    expect(embed.fields.length).toBeLessThanOrEqual(25);
    for (const field of embed.fields) {
      expect(field.name.length).toBeLessThanOrEqual(256);
      expect(field.value.length).toBeLessThanOrEqual(1024);
    }
    expect(embed.footer.text.length).toBeLessThanOrEqual(2048);
    const total = embed.title.length + embed.description.length + embed.footer.text.length + embed.fields.reduce((sum, field) => sum + field.name.length + field.value.length, 0);
    expect(total).toBeLessThanOrEqual(6000);
  });
});
