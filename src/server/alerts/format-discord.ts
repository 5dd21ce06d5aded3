import type { AlertMessage } from "./alert-message";
import { alertFacts, clipText, describeAlertReason } from "./describe-alert-message";

/**
 * The body of a Discord execute-webhook POST: a short `content` line and one embed.
 * https://discord.com/developers/docs/resources/webhook#execute-webhook
 *
 * `allowed_mentions: {parse: []}` makes Discord ping no one whatever the text says (an event titled
 * "@everyone" stays words), and Markdown characters from events are backslash-escaped so a title cannot
 * turn into a masked link. Sizes stay inside Discord's limits — content 2,000; embed title 256, description
 * 4,096, field value 1,024, 6,000 characters for the whole embed — or Discord answers 400.
 */
export function formatDiscord(message: AlertMessage): DiscordBody {
  const { issue, project, rule } = message;
  const md = (value: string, max: number) => clipText(value, max, escapeDiscordMarkdown);
  const comment = message.comment ? `\n\n> ${md(message.comment, 1000).replaceAll("\n", "\n> ")}` : "";
  return {
    content: md(`${message.headline}: ${issue.title} (${project.name})`, 2000),
    embeds: [
      {
        // Embed titles show no Markdown, so the title is only clipped.
        title: clipText(issue.title, 256),
        url: issue.url,
        description: `**${md(message.headline, 200)}**\n${md(describeAlertReason(message), 600)}${comment}`,
        color: discordColorOf(issue.level),
        fields: alertFacts(message).map((fact) => ({ name: fact.name, value: md(fact.value, 500), inline: fact.name !== "Culprit" })),
        footer: { text: clipText(rule ? `Lantern · rule "${rule.name}"` : "Lantern", 200) },
        timestamp: new Date(message.createdAt).toISOString(),
      },
    ],
    allowed_mentions: { parse: [] },
  };
}

export interface DiscordBody {
  content: string;
  embeds: DiscordEmbed[];
  allowed_mentions: { parse: string[] };
}

export interface DiscordEmbed {
  title: string;
  url: string;
  description: string;
  color: number;
  fields: { name: string; value: string; inline: boolean }[];
  footer: { text: string };
  timestamp: string;
}

const colorsByLevel: Record<string, number> = {
  fatal: 0x8b1a1a,
  error: 0xe5484d,
  warning: 0xf5a524,
  info: 0x3b82f6,
  debug: 0x9ca3af,
};

export function discordColorOf(level: string): number {
  return colorsByLevel[level] ?? 0x6b7280;
}

/**
 * Backslash before each character Discord's Markdown gives meaning to anywhere (emphasis, code, spoilers,
 * masked links, mention and emoji tags), and before `#`, `-`, `>` that start a heading, list or quote.
 */
export function escapeDiscordMarkdown(text: string): string {
  return text.replace(/[\\*_~`|\[\]()<>]/g, (character) => `\\${character}`).replace(/^(\s*)([#>-])/gm, "$1\\$2");
}
