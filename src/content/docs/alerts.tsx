import Link from "next/link";
import type { ReactNode } from "react";
import { CodeBlock } from "@/components/ui/code-block";
import { actionIds, conditionIds, eventAttributes, filterIds, frequencyIntervals, issueCategories, levelNumbers, matchOperators, maxFrequencyMinutes, minFrequencyMinutes } from "@/lib/alert-rule-ids";
import type { DocsInstance } from "@/server/pages/load-docs-project";
import { exampleProjectSlug } from "./example-dsn";
import type { DocSection } from "./doc-section";

/** Where rules-as-code examples point: this instance's URL, its organization and a project's slug. */
export interface RulesTarget {
  url: string;
  org: string;
  project: string;
}

/** The channel the examples post to (a channel's slug is how a rule names it). */
export const exampleChannelSlug = "on-call-slack";

const intervals = Object.keys(frequencyIntervals).join(", ");
const levels = Object.entries(levelNumbers).map(([name, number]) => `${number} (${name})`).join(", ");
const operators = matchOperators.join(" ");

/** What each id means and which fields it takes; keyed like rule-schema's id tables, so every id needs a line. */
const conditionWords: Record<keyof typeof conditionIds, { meaning: string; fields: string }> = {
  firstSeen: { meaning: "A new issue is created: the event that opens the issue.", fields: "none" },
  regression: { meaning: "A resolved issue regresses: an event reopens it (one from a release older than the fix does not).", fields: "none" },
  reappeared: { meaning: "An ignored issue comes back: the event that ends its ignore (“until N more events or users”, or the first after an ignore period ran out).", fields: "none" },
  eventFrequency: { meaning: "The issue has more than value events in interval.", fields: `value (whole number), interval (${intervals}), comparisonType "count" (optional)` },
  uniqueUserFrequency: { meaning: "The issue has more than value distinct users in interval.", fields: `value, interval (${intervals}), comparisonType "count" (optional)` },
};

const filterWords: Record<keyof typeof filterIds, { meaning: string; fields: string }> = {
  level: { meaning: "The event's level compared with a level.", fields: `match (eq, gte, lte), level (${levels})` },
  tagged: { meaning: "One of the event's tags matches.", fields: `key, match (${operators}), value` },
  age: { meaning: "The issue is older or newer than a duration (since its first event).", fields: "comparison_type (older, newer), value (whole number), time (minute, hour, day, week)" },
  assignedTo: { meaning: "The issue is assigned to nobody, a person or a team.", fields: "targetType (Unassigned, Member, Team), targetIdentifier (a person's id or a team's id)" },
  eventAttribute: { meaning: "An attribute of the event matches.", fields: `attribute (${eventAttributes.join(", ")}), match (${operators}), value` },
  issueCategory: { meaning: "The issue's category is the one named: Error for error issues, Feedback for user feedback (a rule fires on feedback only when it names Feedback).", fields: `value (Sentry's category number: ${issueCategories.error} Error, ${issueCategories.feedback} Feedback)` },
};

const actionWords: Record<keyof typeof actionIds, { meaning: string; fields: string }> = {
  email: { meaning: "E-mail people (see “Who gets e-mail”).", fields: "targetType (IssueOwners, Member, Team), targetIdentifier, fallthroughType (ActiveMembers, AllMembers, NoOne)" },
  service: { meaning: "Post to a notification channel.", fields: "service (the channel's slug)" },
};

/** A rule as the API takes it, in Sentry's issue-alert JSON. */
export function exampleRuleBody(channelSlug = exampleChannelSlug) {
  return {
    name: "Checkout errors to on-call",
    actionMatch: "any",
    filterMatch: "all",
    frequency: 30,
    environment: "production",
    conditions: [{ id: conditionIds.firstSeen }, { id: conditionIds.regression }, { id: conditionIds.eventFrequency, value: 100, interval: "1h" }],
    filters: [{ id: filterIds.level, match: "gte", level: String(levelNumbers.error) }],
    actions: [
      { id: actionIds.email, targetType: "IssueOwners", fallthroughType: "ActiveMembers" },
      { id: actionIds.service, service: channelSlug },
    ],
  };
}

function rulesUrl(target: RulesTarget): string {
  return `${target.url}/api/0/projects/${target.org}/${target.project}/rules/`;
}

/** Creates the example rule with curl (a here-document, so the JSON needs no shell quoting). */
export function ruleCurlCommand(target: RulesTarget): string {
  return [
    `curl -X POST ${rulesUrl(target)} \\`,
    `  -H "Authorization: Bearer $LANTERN_TOKEN" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  --data @- <<'JSON'`,
    JSON.stringify(exampleRuleBody(), null, 2),
    "JSON",
  ].join("\n");
}

/** Lists, reads, replaces and deletes rules. */
export function ruleCurlReads(target: RulesTarget): string {
  return [
    `curl -H "Authorization: Bearer $LANTERN_TOKEN" ${rulesUrl(target)}`,
    `curl -H "Authorization: Bearer $LANTERN_TOKEN" ${rulesUrl(target)}42/`,
    `curl -X PUT ${rulesUrl(target)}42/ -H "Authorization: Bearer $LANTERN_TOKEN" -H "Content-Type: application/json" --data @rule.json`,
    `curl -X DELETE ${rulesUrl(target)}42/ -H "Authorization: Bearer $LANTERN_TOKEN"`,
  ].join("\n");
}

/** A notification channel made through the API (owners and admins); the answer holds a webhook's secret once. */
export function channelCurlCommand(target: RulesTarget): string {
  return [
    `curl -X POST ${target.url}/api/0/organizations/${target.org}/notification-channels/ \\`,
    `  -H "Authorization: Bearer $LANTERN_TOKEN" -H "Content-Type: application/json" \\`,
    `  --data '{"name": "On-call Slack", "kind": "slack", "url": "https://hooks.slack.com/services/T000/B000/XXXX"}'`,
  ].join("\n");
}

/**
 * The example rule in Terraform, with the jianyuan/sentry provider's typed blocks (0.15 and later; the provider
 * turns them into the JSON above). base_url is "<instance>/api/", the form the provider documents.
 */
export function terraformIssueAlert(target: RulesTarget): string {
  return `terraform {
  required_providers {
    sentry = {
      source  = "jianyuan/sentry"
      version = ">= 0.15.0"
    }
  }
}

provider "sentry" {
  base_url = "${target.url}/api/"
  # token: from SENTRY_AUTH_TOKEN, a Lantern token with the read and admin scopes
}

resource "sentry_issue_alert" "checkout_errors" {
  organization = "${target.org}"
  project      = "${target.project}"
  name         = "Checkout errors to on-call"
  action_match = "any"
  filter_match = "all"
  frequency    = 30
  environment  = "production"

  conditions_v2 = [
    { first_seen_event = {} },
    { regression_event = {} },
    { event_frequency = { comparison_type = "count", value = 100, interval = "1h" } },
  ]

  filters_v2 = [
    { level = { match = "GREATER_OR_EQUAL", level = "error" } },
  ]

  actions_v2 = [
    { notify_email = { target_type = "IssueOwners", fallthrough_type = "ActiveMembers" } },
    { notify_event_service = { service = "${exampleChannelSlug}" } },
  ]
}`;
}

/** Checks Lantern-Signature exactly as Lantern computes it (src/server/alerts/sign-webhook-body.ts). */
export const signatureCheckCode = `import { createHmac, timingSafeEqual } from "node:crypto";

// Hash the body's raw bytes, before any JSON parsing: re-serialized JSON differs.
function isFromLantern(rawBody, signatureHeader, secret) {
  const expected = Buffer.from(\`sha256=\${createHmac("sha256", secret).update(rawBody).digest("hex")}\`);
  const given = Buffer.from(String(signatureHeader ?? "").trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}`;

/** A whole receiver: verify, drop repeats by Lantern-Delivery, answer 2xx. */
export const webhookReceiverCode = `${signatureCheckCode.replace(`import { createHmac`, `import { createServer } from "node:http";\nimport { createHmac`)}

const secret = process.env.LANTERN_WEBHOOK_SECRET;
const handled = new Set(); // Lantern-Delivery ids already acted on: keep them in your database

createServer((request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    const body = Buffer.concat(chunks);
    if (!isFromLantern(body, request.headers["lantern-signature"], secret)) return response.writeHead(401).end();
    const delivery = request.headers["lantern-delivery"];
    if (!handled.has(delivery)) {
      handled.add(delivery);
      const alert = JSON.parse(body.toString("utf8"));
      console.log(alert.headline, alert.issue.title, alert.issue.url);
    }
    response.writeHead(200).end(); // a repeat gets 200 too, so Lantern stops retrying it
  });
}).listen(8080);`;

function IdTable({ title, rows }: { title: string; rows: { id: string; meaning: string; fields: string }[] }): ReactNode {
  return (
    <table aria-label={title}>
      <thead>
        <tr>
          <th>{title}</th>
          <th>Meaning</th>
          <th>Fields</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td>
              <code>{row.id}</code>
            </td>
            <td>{row.meaning}</td>
            <td>{row.fields}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function rowsOf<Key extends string>(ids: Record<Key, string>, words: Record<Key, { meaning: string; fields: string }>) {
  return (Object.keys(ids) as Key[]).map((key) => ({ id: ids[key], ...words[key] }));
}

/** The page's sections, for its table of contents: each is an h2 with this id (the docs' index.test.ts checks). */
export const alertsSections: DocSection[] = [
  { id: "a-rule", title: "A rule" },
  { id: "who-gets-e-mail", title: "Who gets e-mail" },
  { id: "notification-channels", title: "Notification channels" },
  { id: "delivery-and-retries", title: "Delivery and retries" },
  { id: "rules-as-code", title: "Rules as code" },
];

/** Docs → Alerts, with this instance's URL and organization (and a project the viewer sees) written into the examples. */
export function Alerts({ instance, project }: { instance: DocsInstance | null; project: { slug: string; name: string } | null }) {
  const target: RulesTarget = { url: instance?.url ?? "https://lantern.example.com", org: instance?.org ?? "lantern", project: project?.slug ?? exampleProjectSlug };
  return (
    <>
      <p>
        Alerts tell the right people about a new or returning problem within a minute of its event, by e-mail or in Slack, Discord, Microsoft Teams or any HTTP endpoint. Each project has its own{" "}
        <strong>alert rules</strong> (the project&apos;s <strong>Alerts</strong> tab). Rules are Sentry&apos;s issue alerts, in the same JSON, so a team that manages Sentry alerts with the API or
        Terraform keeps doing so against Lantern.
      </p>

      <h2 id="a-rule">A rule</h2>
      <ul>
        <li>
          <strong>When</strong> — any or all of: a new issue is created; a resolved issue regresses; an ignored issue comes back; an issue has more than N events, or more than N distinct users, in 1
          minute, 5 minutes, 15 minutes, 1 hour, 1 day or 1 week.
        </li>
        <li>
          <strong>If</strong> — all, any or none of these filters hold (none ticked: every issue): the level is at least, at most or equal to a level; the release or a tag matches a value; the
          issue is older or newer than a duration; the issue is assigned to nobody, a person or a team. A rule can also be kept to one <strong>environment</strong>: then only that environment&apos;s
          events set it off.
        </li>
        <li>
          <strong>Then</strong> — e-mail, and/or post to a notification channel.
        </li>
        <li>
          <strong>Action interval</strong> — a rule acts at most once per issue in this time, from {minFrequencyMinutes} minutes to 30 days (30 minutes unless you choose). Events in between are
          counted but send nothing.
        </li>
      </ul>
      <p>
        Owners and admins create, change, copy, delete and <strong>mute</strong> rules (for an hour, a day, a week, or until unmuted); a muted rule ignores events until the mute ends. Members read
        rules and their delivery logs. The rules list says each rule in words, when it last fired, and whether it is muted.
      </p>
      <p>
        Every new project starts with one rule, <strong>Notify on every new issue</strong>: on each new issue, e-mail its assignee, else everyone who can see the project. To start without it, untick{" "}
        <em>Alert me and the project&apos;s members by e-mail on every new issue</em> when creating the project; it can be deleted or muted later like any rule.
      </p>

      <h3 id="log-alerts">Log alert rules</h3>
      <p>
        A <strong>log alert rule</strong> (the Alerts tab&apos;s <em>New log alert</em>) fires when more than N log lines match a query in 1 minute, 5 minutes, 15 minutes, 1 hour or 1 day — the
        query in the logs search syntax, N from 0 to 1,000,000 — and posts to the notification channels you choose. Lantern counts every 15 seconds. A rule fires <strong>once per breach</strong>:
        it sends one message when the count goes above N, nothing while it stays above, and fires again only after a count of N or fewer (resolved). The message gives the rule, the query, the
        count and interval, a link to the logs with the query, and a few of the matching lines as text. Owners and admins create, change, mute and delete log alert rules; members read them.
      </p>

      <h2 id="who-gets-e-mail">Who gets e-mail</h2>
      <ul>
        <li>
          <strong>The issue&apos;s assignee, else the project&apos;s members</strong>: the person the issue is assigned to, or the members of the team it is assigned to, if they can see the
          project; otherwise (nobody assigned) everyone who can see it — owners, admins, and members of the project&apos;s teams.
        </li>
        <li>
          <strong>A person</strong>, if they can see the project, or <strong>a team</strong>: those of its people who can see the project.
        </li>
      </ul>
      <p>
        Each person receives one e-mail per alert however many of a rule&apos;s actions name them, and can turn off alert e-mail per project under <Link href="/settings/account">Settings → Account</Link>.
        The same page turns off <strong>workflow e-mail</strong>, which needs no rule: an issue was assigned to you, someone commented on an issue assigned to you (not your own comments), an issue
        assigned to you regressed.
      </p>
      <h3 id="smtp">Setting up e-mail</h3>
      <p>
        E-mail needs an SMTP server: set <code>LANTERN_SMTP_URL</code> (<code>smtp://user:password@host:587</code> or <code>smtps://…:465</code>) and <code>LANTERN_SMTP_FROM</code> (see{" "}
        <Link href="/docs/configuration">Configuration</Link>) where Lantern runs, and restart it. Without it, e-mail deliveries are recorded as failed with &ldquo;E-mail is not configured&rdquo;;
        channels work regardless. Lantern says so where you look: the new-project form (its alert box then starts unticked), the Alerts tab, and{" "}
        <Link href="/settings/notifications">Settings → Notifications</Link>, which shows the SMTP server in use (without its password) and sends a test e-mail to you; <code>lantern doctor</code>{" "}
        fails naming each rule that e-mails. A rule or channel whose deliveries fail shows &ldquo;failing&rdquo; with the count and the last error on the Alerts tab and the rule&apos;s page.
      </p>

      <h2 id="notification-channels">Notification channels</h2>
      <p>
        Owners and admins add channels under <Link href="/settings/notifications">Settings → Notifications</Link>: a name, a kind and the URL the service gives you. A rule names a channel by its slug.
        The URL is never shown again in full (only its host and a hint), because for Slack and Discord the URL is the secret.
      </p>
      <ul>
        <li>
          <strong>Slack</strong>: create a Slack app for your workspace (<code>api.slack.com/apps</code>), turn on <em>Incoming Webhooks</em>, <em>Add New Webhook to Workspace</em>, pick the channel and copy the URL (
          <code>https://hooks.slack.com/services/…</code>). Messages use Block Kit.
        </li>
        <li>
          <strong>Discord</strong>: <em>Server Settings → Integrations → Webhooks → New Webhook</em>, choose the channel, then <em>Copy Webhook URL</em> (<code>https://discord.com/api/webhooks/…</code>).
        </li>
        <li>
          <strong>Microsoft Teams</strong>: in the channel, <em>Workflows</em> → the template <em>Post to a channel when a webhook request is received</em>, and copy the URL it gives (an old
          &ldquo;Incoming Webhook&rdquo; connector URL works too, while Microsoft still accepts them). Messages are Adaptive Cards.
        </li>
        <li>
          <strong>Webhook</strong>: any URL of yours. Lantern POSTs a documented JSON body (<code>docs/alerts.md</code>, &ldquo;Generic webhook&rdquo;) signed with the channel&apos;s secret. Leave the
          secret empty and Lantern makes one; it is shown once, when the channel is created — copy it then.
        </li>
      </ul>
      <p>Each channel, and each rule, has a <strong>Send test notification</strong> button: a made-up issue goes through the same delivery path and shows up in the delivery log.</p>

      <h3>Verifying a webhook</h3>
      <p>
        Every webhook request carries <code>Lantern-Signature: sha256=&lt;hex&gt;</code>, the HMAC-SHA256 of the body&apos;s exact bytes under the channel&apos;s secret, and{" "}
        <code>Lantern-Delivery: &lt;id&gt;</code>, the same on every retry of one message. Check the first, remember the second, answer 2xx:
      </p>
      <CodeBlock code={webhookReceiverCode} label="webhook receiver" />

      <h2 id="delivery-and-retries">Delivery and retries</h2>
      <p>
        An alert is written to the database in the same transaction as the event that caused it, and sent right after, so neither a crash nor a restart loses it; with several Lantern instances on
        one PostgreSQL database each is sent once. One attempt gets <code>LANTERN_ALERT_TIMEOUT_SECONDS</code> (10). Timeouts, network errors, 5xx and 429 answers are retried — 10 s, 20 s, 40 s, …
        at most an hour apart, with jitter, or after the receiver&apos;s <code>Retry-After</code> when that is later — until 24 hours after the alert; other 4xx answers, and redirects, are not
        retried. A receiver that saw an attempt whose answer was lost gets it again with the same <code>Lantern-Delivery</code>.
      </p>
      <p>
        A rule&apos;s page (and each channel in Settings → Notifications) shows its <strong>delivery log</strong>: time, issue, channel or recipient, attempts, status, the response code and the error.
        Finished deliveries are kept for 30 days.
      </p>
      <p>
        Webhook URLs on loopback, private, shared or link-local addresses (including cloud metadata at <code>169.254.169.254</code>) are refused, when the channel is saved and at every connection.
        Set <code>LANTERN_WEBHOOK_ALLOW_PRIVATE=true</code> when your receivers live on your own network.
      </p>

      <h2 id="rules-as-code">Rules as code</h2>
      <p>
        The rules API is Sentry&apos;s: <code>GET</code>/<code>POST /api/0/projects/{target.org}/&lt;project&gt;/rules/</code> and <code>GET</code>/<code>PUT</code>/<code>DELETE …/rules/&lt;id&gt;/</code>,
        taking and returning the JSON below exactly as sent (POST answers 200 and DELETE 202, as Sentry). A bad rule is a 400 naming the field, as <code>{`{"conditions[0].interval": ["expected one of …"]}`}</code>{" "}
        and in <code>detail</code>. Reading needs a token with the <code>read</code> scope; changing also <code>admin</code>, and its owner must be an owner or admin (
        <Link href="/docs/api">API</Link>, <Link href="/docs/guides/roles">Roles and access</Link>):
      </p>
      <CodeBlock code={`npx lantern token create --user ${instance?.email ?? "you@example.com"} --scopes read,admin --name alert-rules`} label="token command" />
      <p>
        For this instance (URL <code>{target.url}</code>, organization <code>{target.org}</code>, project <code>{target.project}</code>
        {project ? null : <>, standing for your project&apos;s slug</>}), a rule that e-mails the assignee or the project&apos;s members and posts to the channel <code>{exampleChannelSlug}</code>:
      </p>
      <CodeBlock code={ruleCurlCommand(target)} label="curl command" />
      <CodeBlock code={ruleCurlReads(target)} label="list, read, replace and delete commands" />
      <p>
        <code>PUT</code> replaces the whole rule: fields left out take their defaults. Channels have an API too (<code>/api/0/organizations/{target.org}/notification-channels/</code>, owners and
        admins; the answer to a POST holds a webhook&apos;s secret, once):
      </p>
      <CodeBlock code={channelCurlCommand(target)} label="channel command" />
      <h3>Terraform</h3>
      <p>
        The <code>sentry_issue_alert</code> resource of the <code>jianyuan/sentry</code> provider works unchanged; point <code>base_url</code> at this instance&apos;s <code>/api/</code> and give it the
        token as <code>SENTRY_AUTH_TOKEN</code>:
      </p>
      <CodeBlock code={terraformIssueAlert(target)} label="Terraform" />
      <p>
        Provider versions 0.12 to 0.14 take the same rule as JSON strings in <code>conditions</code>, <code>filters</code> and <code>actions</code> (the JSON of the curl example); Lantern accepts
        both. A person&apos;s or team&apos;s id for <code>targetIdentifier</code>: make the rule once in the form and read it back with <code>GET</code>.
      </p>

      <h3>Supported ids</h3>
      <p>
        Top level: <code>name</code>, <code>actionMatch</code> (any, all), <code>filterMatch</code> (all, any, none), <code>frequency</code> (the action interval in minutes, {minFrequencyMinutes} to{" "}
        {maxFrequencyMinutes}), <code>environment</code> (null: every environment), and at least one condition and one action. Fields Lantern does not read (Sentry&apos;s <code>name</code> or{" "}
        <code>uuid</code> on an item) are kept and returned. Any other id is refused with a 400.
      </p>
      <IdTable title="Condition" rows={rowsOf(conditionIds, conditionWords)} />
      <IdTable title="Filter" rows={rowsOf(filterIds, filterWords)} />
      <IdTable title="Action" rows={rowsOf(actionIds, actionWords)} />
      <p>
        Matches ignore case; <code>is</code> and <code>ns</code> test whether the value is set, and the negative ones (<code>ne</code>, <code>nsw</code>, <code>new</code>, <code>nc</code>) also hold
        when it is absent. <code>docs/alerts.md</code> in the repository describes every field in detail.
      </p>
    </>
  );
}
