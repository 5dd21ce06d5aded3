import type { AlertMessage } from "./alert-message";
import { alertFacts, clipText, describeAlertReason, openLabel } from "./describe-alert-message";

/**
 * The body of a Microsoft Teams incoming webhook (or a Workflows "when a webhook request is received"
 * flow): a message with one Adaptive Card 1.4 — the headline, why it was sent, the title, the facts, and
 * buttons to the issue and the rule.
 * https://learn.microsoft.com/en-us/microsoftteams/platform/webhooks-and-connectors/how-to/connectors-using
 *
 * TextBlock and FactSet text is Markdown in Teams, so characters that start emphasis or a link are
 * backslash-escaped in event text. Teams refuses messages over about 28 KB; every value is clipped.
 */
export function formatTeams(message: AlertMessage): TeamsBody {
  const { issue, rule } = message;
  const md = (value: string, max: number) => clipText(value, max, escapeTeamsMarkdown);
  const body: TeamsElement[] = [
    { type: "TextBlock", text: md(message.headline, 200), size: "Medium", weight: "Bolder", wrap: true, color: issue.level === "error" || issue.level === "fatal" ? "Attention" : "Default" },
    { type: "TextBlock", text: md(describeAlertReason(message), 600), isSubtle: true, wrap: true },
    { type: "TextBlock", text: md(issue.title, 1000), weight: "Bolder", wrap: true },
  ];
  if (message.comment) body.push({ type: "TextBlock", text: md(message.comment, 2000), wrap: true });
  body.push({ type: "FactSet", facts: alertFacts(message).map((fact) => ({ title: fact.name, value: md(fact.value, 1000) })) });
  const actions: TeamsAction[] = [{ type: "Action.OpenUrl", title: openLabel(message), url: issue.url }];
  if (rule) actions.push({ type: "Action.OpenUrl", title: "View rule", url: rule.url });
  return {
    type: "message",
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        contentUrl: null,
        content: { $schema: "http://adaptivecards.io/schemas/adaptive-card.json", type: "AdaptiveCard", version: "1.4", body, actions, msteams: { width: "Full" } },
      },
    ],
  };
}

export interface TeamsBody {
  type: "message";
  attachments: {
    contentType: "application/vnd.microsoft.card.adaptive";
    contentUrl: null;
    content: { $schema: string; type: "AdaptiveCard"; version: "1.4"; body: TeamsElement[]; actions: TeamsAction[]; msteams: { width: "Full" } };
  }[];
}

export type TeamsElement =
  | { type: "TextBlock"; text: string; wrap: true; size?: "Medium"; weight?: "Bolder"; isSubtle?: boolean; color?: "Attention" | "Default" }
  | { type: "FactSet"; facts: { title: string; value: string }[] };

export interface TeamsAction {
  type: "Action.OpenUrl";
  title: string;
  url: string;
}

/** Backslash before emphasis and link characters, and before `#`, `-`, `>`, `+` that start a heading, list or quote. */
export function escapeTeamsMarkdown(text: string): string {
  return text.replace(/[\\*_~`\[\]]/g, (character) => `\\${character}`).replace(/^(\s*)([#>+-])/gm, "$1\\$2");
}
