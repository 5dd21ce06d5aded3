import { describe, expect, it } from "vitest";
import { absoluteMessage } from "./build-alert-message";
import { buildFeedbackMessage } from "./evaluate-feedback-alerts";
import { formatDiscord } from "./format-discord";
import { formatSlack } from "./format-slack";
import { formatTeams } from "./format-teams";
import { formatWebhook } from "./format-webhook";
import { renderAlertEmail } from "./render-alert-email";

/** What a visitor can type into the feedback widget: HTML, a Slack broadcast, a Discord ping, Markdown. */
const hostileComment = `<script>alert("x")</script> <img src=x onerror=alert(1)> <!channel> <@U123> @everyone [click](https://evil.example/) *bold* & _it_\n# heading`;

function hostileFeedbackMessage() {
  const message = buildFeedbackMessage(
    { id: 9, project_id: 7, linked_event_id: "0123456789abcdef0123456789abcdef", name: "<b>Mallory</b> @here", email: "mallory@example.com", message: hostileComment, url: "https://shop.example.com/<x>", environment: "production", received_at: Date.parse("2026-11-25T10:05:01Z") },
    { id: 7, slug: "shop", name: "Shop" },
    { id: 42, title: "TypeError: <i>total</i> [x](https://evil.example/)" },
    { id: 3, name: "New user feedback" },
  );
  return absoluteMessage(message, "https://errors.example.com");
}

describe("feedback alert messages in every format", () => {
  it("names what happened, links the feedback and its linked issue, and carries the comment", () => {
    const message = hostileFeedbackMessage();
    expect(message).toMatchObject({ reason: "feedback", headline: "New user feedback", comment: hostileComment, actor: "<b>Mallory</b> @here" });
    expect(message.issue.url).toBe("https://errors.example.com/projects/shop/feedback#feedback-9");
    expect(message.feedback!.linkedIssue!.url).toBe("https://errors.example.com/projects/shop/issues/42");
    const webhook = formatWebhook(message, "delivery-1");
    expect(webhook.feedback).toEqual({ id: 9, message: hostileComment, name: "<b>Mallory</b> @here", email: "mallory@example.com", pageUrl: "https://shop.example.com/<x>", url: message.issue.url, linkedIssue: { id: 42, title: "TypeError: <i>total</i> [x](https://evil.example/)", url: "https://errors.example.com/projects/shop/issues/42" } });
  });

  it("e-mail escapes the comment, the name and the linked issue in HTML, and says Open the feedback", () => {
    const { html, text, subject } = renderAlertEmail(hostileFeedbackMessage());
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<b>Mallory");
    expect(html).not.toContain("<i>total");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("Open the feedback");
    expect(text).toContain("<b>Mallory</b> @here wrote:");
    expect(text).toContain("> <script>alert(\"x\")</script>");
    expect(subject).toBe("[Lantern] New user feedback: Feedback from <b>Mallory</b> @here (Shop)");
  });

  it("Slack receives &, < and > escaped, so <!channel> and <@U123> from the comment stay words", () => {
    const body = formatSlack(hostileFeedbackMessage());
    const all = JSON.stringify(body);
    expect(all).not.toContain("<!channel>");
    expect(all).not.toContain("<@U123>");
    expect(all).not.toContain("<script>");
    expect(all).toContain("&lt;!channel&gt;");
    expect(all).toContain("Open feedback");
  });

  it("Discord pings no one and backslash-escapes Markdown from the comment", () => {
    const body = formatDiscord(hostileFeedbackMessage());
    expect(body.allowed_mentions).toEqual({ parse: [] });
    const description = body.embeds[0]!.description;
    expect(description).toContain("\\[click\\]\\(https://evil.example/\\)");
    expect(description).toContain("\\<!channel\\>");
    expect(description).not.toMatch(/(^|[^\\])\[click\]/);
  });

  it("Teams backslash-escapes Markdown from the comment", () => {
    const all = JSON.stringify(formatTeams(hostileFeedbackMessage()));
    expect(all).not.toMatch(/[^\\]\[click\]\(https/);
    expect(all).toContain("Open feedback");
  });
});
