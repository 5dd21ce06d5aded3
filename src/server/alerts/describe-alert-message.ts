import type { AlertMessage } from "./alert-message";

/**
 * The words every format shares, so Slack, Discord, Teams, the webhook and e-mail say the same thing: one
 * sentence on why this message was sent, and the facts about the issue. Plain text; each format escapes it.
 */
export interface AlertFact {
  name: string;
  value: string;
}

export function describeAlertReason(message: AlertMessage): string {
  const actor = message.actor ?? "Someone";
  switch (message.reason) {
    case "test":
      return message.rule
        ? `This is a test notification for the alert rule "${message.rule.name}". The issue below is made up; nothing happened in ${message.project.name}.`
        : `This is a test notification. The issue below is made up; nothing happened in ${message.project.name}.`;
    case "assigned":
      return `${actor} assigned this issue to you.`;
    case "comment":
      return `${actor} commented on an issue assigned to you.`;
    case "assigned_regressed":
      return "An issue assigned to you regressed: it happened again after it was resolved.";
    case "feedback":
      return message.rule ? `The alert rule "${message.rule.name}" fired: someone sent feedback in ${message.project.name}.` : `Someone sent feedback in ${message.project.name}.`;
    default:
      return message.rule ? `The alert rule "${message.rule.name}" fired: ${message.headline}.` : `${message.headline}.`;
  }
}

export function alertFacts(message: AlertMessage): AlertFact[] {
  const { logs, feedback } = message;
  if (feedback) {
    return [
      { name: "Name", value: feedback.name ?? "—" },
      { name: "E-mail", value: feedback.email ?? "—" },
      { name: "Page", value: feedback.pageUrl ?? "—" },
      { name: "Project", value: message.project.name },
      { name: "Environment", value: message.environment ?? "—" },
      { name: "Linked issue", value: feedback.linkedIssue ? `${feedback.linkedIssue.title} — ${feedback.linkedIssue.url}` : "—" },
    ];
  }
  if (logs) {
    return [
      { name: "Query", value: logs.query },
      { name: "Lines", value: `${logs.isCapped ? "at least " : ""}${logs.count.toLocaleString("en-US")} in ${logs.interval}` },
      { name: "Threshold", value: `more than ${logs.threshold.toLocaleString("en-US")}` },
      { name: "Project", value: message.project.name },
      ...(logs.samples.length > 0 ? [{ name: "Sample lines", value: logs.samples.join("\n") }] : []),
    ];
  }
  return [
    { name: "Culprit", value: message.issue.culprit || "—" },
    { name: "Level", value: message.issue.level },
    { name: "Project", value: message.project.name },
    { name: "Environment", value: message.environment ?? "—" },
    { name: "Release", value: message.release ?? "—" },
    { name: "Events", value: message.issue.count.toLocaleString("en-US") },
    { name: "Users affected", value: message.issue.userCount.toLocaleString("en-US") },
  ];
}

/** The label of the link to what the message is about: the issue, or the logs a log alert counted. */
export function openLabel(message: AlertMessage): string {
  return message.logs ? "Open the logs" : message.feedback ? "Open feedback" : "Open issue";
}

/**
 * `text` cut to at most `maxLength` UTF-16 units once `escape` has run on it, ending in "…" when cut. Cutting
 * before escaping keeps an entity or escape sequence whole, and a surrogate pair is never split.
 */
export function clipText(text: string, maxLength: number, escape: (text: string) => string = (same) => same): string {
  const escaped = escape(text);
  if (escaped.length <= maxLength) return escaped;
  let clipped = "";
  for (const character of text) {
    const piece = escape(character);
    if (clipped.length + piece.length > maxLength - 1) break;
    clipped += piece;
  }
  return `${clipped}…`;
}
