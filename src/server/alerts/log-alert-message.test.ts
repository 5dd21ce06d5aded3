import { describe, expect, it } from "vitest";
import { absoluteMessage } from "./build-alert-message";
import { logAlertMessage } from "./evaluate-log-alerts";
import { formatDiscord } from "./format-discord";
import { formatSlack } from "./format-slack";
import { formatTeams } from "./format-teams";
import { formatWebhook } from "./format-webhook";

const rule = { id: 9, name: "Payments failing", query: '"payment failed" user.id:<b>', threshold: 10, interval: "1m" as const, channels: ["hook"], mutedUntil: null, firingSince: null, lastCount: null, evaluatedAt: null };
const project = { id: 3, slug: "shop", name: "Shop" };
const hostileLine = "2026-11-29T10:00:00.000Z error payment failed <!channel> <script>alert(1)</script> **bold** @everyone";
const message = absoluteMessage(logAlertMessage(rule, project, { count: 11, isCapped: false, samples: [hostileLine] }, Date.UTC(2026, 10, 29, 10, 0, 1)), "https://errors.example.com");

describe("a log alert's message", () => {
  it("names the rule, the query, the count and interval, and links the logs explorer with the query", () => {
    expect(message.headline).toBe("11 log lines in 1 minute");
    expect(message.rule).toEqual({ id: 9, name: "Payments failing", url: "https://errors.example.com/projects/shop/alerts/logs/9" });
    expect(message.logs).toEqual({ query: rule.query, count: 11, isCapped: false, threshold: 10, interval: "1 minute", url: `https://errors.example.com/projects/shop/logs?query=${encodeURIComponent(rule.query)}`, samples: [hostileLine] });
    expect(message.issue.url).toBe(message.logs!.url);
    expect(formatWebhook(message, "d-1")).toMatchObject({ action: "log_threshold", logs: { count: 11, samples: [hostileLine] } });
  });

  it("says 'at least' when the count stopped at its cap", () => {
    expect(logAlertMessage(rule, project, { count: 1000, isCapped: true, samples: [] }, 0).headline).toBe("At least 1,000 log lines in 1 minute");
  });

  it("carries sample lines as text in every chat format: Slack's control characters and Discord's markdown escaped, no mentions", () => {
    const slack = JSON.stringify(formatSlack(message));
    expect(slack).toContain("&lt;!channel&gt; &lt;script&gt;");
    expect(slack).not.toContain("<!channel>");
    expect(slack).toContain("Open the logs");
    const discord = formatDiscord(message);
    const samples = discord.embeds[0]!.fields.find((field) => field.name === "Sample lines")!.value;
    expect(samples).not.toContain("**bold**");
    // Mentions stay words: Discord is told to ping no one.
    expect(discord.allowed_mentions).toEqual({ parse: [] });
    expect(JSON.stringify(formatTeams(message))).toContain("Open the logs");
  });
});
