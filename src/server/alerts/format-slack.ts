import type { AlertMessage } from "./alert-message";
import { alertFacts, clipText, describeAlertReason, openLabel } from "./describe-alert-message";

/**
 * The body of a Slack incoming-webhook POST: `text` (the notification and fallback line) and Block Kit
 * `blocks` — header, what happened with the linked title, the facts as fields, context, and buttons.
 * https://docs.slack.dev/messaging/sending-messages-using-incoming-webhooks
 *
 * Slack reads `&`, `<` and `>` as control characters (`<!channel>` pings everyone, `<url|text>` is a link), so
 * every value from an event is escaped as Slack asks: &amp; &lt; &gt;. Lengths stay within Block Kit's limits
 * (header 150, section text 3,000, field 2,000, button label 75), or Slack refuses the whole message.
 */
export function formatSlack(message: AlertMessage): SlackBody {
  const { issue, project, rule } = message;
  const text = (value: string, max: number) => clipText(value, max, escapeSlack);
  const intro = text(describeAlertReason(message), 1000);
  const title = `*<${escapeSlackUrl(issue.url)}|${text(issue.title, 1000)}>*`;
  const comment = message.comment ? `\n>${text(message.comment, 900).replaceAll("\n", "\n>")}` : "";
  const context = [`Lantern · ${text(project.name, 200)}`, rule ? `rule <${escapeSlackUrl(rule.url)}|${text(rule.name, 200)}>` : null, `<!date^${Math.floor(message.createdAt / 1000)}^{date_short_pretty} {time}|${new Date(message.createdAt).toISOString()}>`];
  const buttons: SlackButton[] = [button(openLabel(message), issue.url, "open_issue")];
  if (rule) buttons.push(button("View rule", rule.url, "view_rule"));
  return {
    text: text(`${message.headline}: ${issue.title} (${project.name})`, 3000),
    blocks: [
      { type: "header", text: { type: "plain_text", text: clipText(message.headline, 150), emoji: false } },
      { type: "section", text: { type: "mrkdwn", text: `${intro}\n${title}${comment}` } },
      { type: "section", fields: alertFacts(message).map((fact) => ({ type: "mrkdwn", text: `*${fact.name}*\n${text(fact.value, 1900)}` })) },
      { type: "context", elements: context.filter((element) => element !== null).map((element) => ({ type: "mrkdwn", text: element })) },
      { type: "actions", elements: buttons },
    ],
  };
}

export interface SlackBody {
  text: string;
  blocks: SlackBlock[];
}

type SlackText = { type: "plain_text"; text: string; emoji?: boolean } | { type: "mrkdwn"; text: string };
interface SlackButton {
  type: "button";
  text: { type: "plain_text"; text: string };
  url: string;
  action_id: string;
}
export type SlackBlock =
  | { type: "header"; text: SlackText }
  | { type: "section"; text: SlackText }
  | { type: "section"; fields: SlackText[] }
  | { type: "context"; elements: SlackText[] }
  | { type: "actions"; elements: SlackButton[] };

export function escapeSlack(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

/** Inside `<url|label>` a `|` would end the URL early. */
function escapeSlackUrl(url: string): string {
  return escapeSlack(url).replaceAll("|", "%7C");
}

function button(label: string, url: string, actionId: string): SlackButton {
  return { type: "button", text: { type: "plain_text", text: label }, url: url.slice(0, 3000), action_id: actionId };
}
