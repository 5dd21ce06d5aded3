import escapeHtml from "escape-html";
import type { AlertMessage } from "./alert-message";
import { alertFacts, clipText, describeAlertReason } from "./describe-alert-message";

export interface AlertEmail {
  subject: string;
  text: string;
  html: string;
}

/**
 * An alert or workflow e-mail: the subject, a plain-text part and an HTML part saying the same. The HTML
 * comes from the template below, and every value put into it passes through escapeHtml — event text is
 * hostile (a title can be `<script>…`), so nothing from a message reaches the HTML unescaped.
 *
 * `publicUrl` (LANTERN_URL) builds the opt-out link; by default it is read off the issue link, which is
 * always `${publicUrl}/projects/<slug>/issues/<id>`.
 */
export function renderAlertEmail(message: AlertMessage, publicUrl: string = publicUrlOf(message)): AlertEmail {
  const { issue, project, rule } = message;
  const settingsUrl = `${publicUrl}/settings/account`;
  const isWorkflow = message.reason === "assigned" || message.reason === "comment" || message.reason === "assigned_regressed";
  const intro = describeAlertReason(message);
  const facts = alertFacts(message);
  const commentLead = message.comment ? `${message.actor ?? "Someone"} wrote:` : null;
  const openText = message.feedback ? "Open the feedback" : "Open the issue";
  const why = isWorkflow
    ? "You get this e-mail because the issue is assigned to you."
    : message.reason === "test"
      ? "Someone sent this test from Lantern's notification settings."
      : `You get this e-mail because you are a member of the project ${project.name}.`;
  const optOut = isWorkflow ? "To stop e-mails about issues assigned to you, go to Settings → Account:" : "To turn alert e-mail off, go to Settings → Account:";

  const text = [
    message.headline,
    "",
    intro,
    "",
    issue.title,
    ...(commentLead ? ["", commentLead, ...message.comment!.split("\n").map((line) => `> ${line}`)] : []),
    "",
    ...facts.map((fact) => `${fact.name}: ${fact.value}`),
    "",
    `${openText}: ${issue.url}`,
    ...(rule ? [`The alert rule "${rule.name}": ${rule.url}`] : []),
    "",
    "-- ",
    why,
    `${optOut} ${settingsUrl}`,
    "",
  ].join("\n");

  const e = escapeHtml;
  const html = `<!doctype html>
<html>
<head><meta charset="utf-8"><title>${e(message.headline)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:640px;margin:0 auto;background:#ffffff;border:1px solid #e4e4e7;border-radius:8px">
<tr><td style="padding:24px">
<p style="margin:0 0 4px;font-size:13px;color:#71717a">${e(project.name)}</p>
<h1 style="margin:0 0 12px;font-size:20px">${e(message.headline)}</h1>
<p style="margin:0 0 16px">${e(intro)}</p>
<p style="margin:0 0 16px;font-size:16px;font-weight:600"><a href="${e(issue.url)}" style="color:#2563eb">${e(issue.title)}</a></p>
${commentLead ? `<p style="margin:0 0 4px">${e(commentLead)}</p>\n<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #d4d4d8;white-space:pre-wrap">${e(message.comment!)}</blockquote>\n` : ""}<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 20px;font-size:14px">
${facts.map((fact) => `<tr><th align="left" style="padding:2px 16px 2px 0;color:#71717a;font-weight:normal">${e(fact.name)}</th><td style="padding:2px 0">${e(fact.value)}</td></tr>`).join("\n")}
</table>
<p style="margin:0 0 8px"><a href="${e(issue.url)}" style="display:inline-block;padding:8px 16px;background:#18181b;color:#ffffff;border-radius:6px;text-decoration:none">${openText}</a></p>
${rule ? `<p style="margin:0 0 8px;font-size:13px">Alert rule: <a href="${e(rule.url)}" style="color:#2563eb">${e(rule.name)}</a></p>\n` : ""}</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e4e4e7;font-size:12px;color:#71717a">${e(why)} ${e(optOut)} <a href="${e(settingsUrl)}" style="color:#71717a">${e(settingsUrl)}</a></td></tr>
</table>
</body>
</html>
`;

  // A header cannot hold a line break; nodemailer encodes the rest.
  const subject = clipText(`[Lantern] ${message.headline}: ${issue.title} (${project.name})`.replace(/\s+/g, " "), 200);
  return { subject, text, html };
}

function publicUrlOf(message: AlertMessage): string {
  const url = message.issue.url;
  const at = url.lastIndexOf("/projects/");
  return at > 0 ? url.slice(0, at) : new URL(url).origin;
}
