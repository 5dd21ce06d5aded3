import { CodeBlock } from "@/components/ui/code-block";
import type { DocSection } from "./doc-section";

const tokenCommand = "npx lantern token create --user you@example.com --scopes read,write --name triage-script";
const uploadTokenCommand = "npx lantern token create --user you@example.com --scopes upload --name ci-source-maps";

const curlExample = `export SENTRY_URL=https://lantern.example.com
export SENTRY_AUTH_TOKEN=sntrys_…

# Unresolved errors of the project "shop", most recently seen first
curl -H "Authorization: Bearer $SENTRY_AUTH_TOKEN" \\
  "$SENTRY_URL/api/0/projects/lantern/shop/issues/?query=is:unresolved%20level:error"

# Resolve two of them
curl -X PUT -H "Authorization: Bearer $SENTRY_AUTH_TOKEN" -H "Content-Type: application/json" \\
  -d '{"status": "resolved"}' \\
  "$SENTRY_URL/api/0/projects/lantern/shop/issues/?id=42&id=43"

# The newest event of issue 42
curl -H "Authorization: Bearer $SENTRY_AUTH_TOKEN" "$SENTRY_URL/api/0/issues/42/events/latest/"`;

const linkExample = `Link: <https://lantern.example.com/api/0/projects/lantern/shop/issues/?cursor=1767225600000:41:1>; rel="previous"; results="false"; cursor="1767225600000:41:1",
      <https://lantern.example.com/api/0/projects/lantern/shop/issues/?cursor=1767222000000:17:0>; rel="next"; results="true"; cursor="1767222000000:17:0"`;

const endpoints: [method: string, path: string, what: string][] = [
  ["GET", "/api/0/projects/", "The projects you can see (also /api/0/organizations/{org}/projects/)"],
  ["GET", "/api/0/projects/{org}/{project}/", "One project"],
  ["GET", "/api/0/projects/{org}/{project}/issues/", "Issues: query, sort (date, new, freq, user), statsPeriod (24h, 14d or empty), cursor, limit"],
  ["PUT", "/api/0/projects/{org}/{project}/issues/?id=…&id=…", "Bulk update: status, statusDetails, assignedTo, priority, isBookmarked, merge"],
  ["DELETE", "/api/0/projects/{org}/{project}/issues/?id=…", "Delete issues and their events"],
  ["GET", "/api/0/organizations/{org}/issues/", "Issues of every project you can see: also project=<id> (repeatable), environment, statsPeriod or start/end"],
  ["GET PUT DELETE", "/api/0/issues/{issue_id}/", "One issue (also /api/0/organizations/{org}/issues/{issue_id}/); the id may be a short id such as SHOP-42"],
  ["GET", "/api/0/issues/{issue_id}/events/", "The issue's events, newest first; full=true for whole events"],
  ["GET", "/api/0/issues/{issue_id}/events/latest/", "Its newest event; also oldest, recommended or an event id"],
  ["GET", "/api/0/issues/{issue_id}/hashes/", "The grouping hashes the issue owns"],
  ["GET", "/api/0/projects/{org}/{project}/events/{event_id}/", "An event by its id"],
  ["GET POST", "/api/0/projects/{org}/{project}/keys/", "Client keys with their DSNs; POST {\"name\": …} creates one (admins)"],
  ["GET", "/api/0/", "Who the token is and its scopes in Sentry's names (sentry-cli info)"],
  ["GET POST", "/api/0/organizations/{org}/chunk-upload/", "sentry-cli's chunk options, and chunk uploads (upload scope)"],
  ["POST", "/api/0/organizations/{org}/artifactbundle/assemble/", "Assemble uploaded chunks into a source map bundle (upload scope)"],
  ["GET POST", "/api/0/organizations/{org}/releases/", "Releases: list (read), create (upload; 208 when it existed); also /api/0/projects/{org}/{project}/releases/"],
  ["GET PUT DELETE", "/api/0/organizations/{org}/releases/{version}/", "One release; PUT {\"dateReleased\": …} finalizes it, refs and commits are accepted and ignored"],
  ["GET POST", "/api/0/organizations/{org}/releases/{version}/deploys/", "A release's deploys"],
  ["GET POST", "/api/0/projects/{org}/{project}/releases/{version}/files/", "Legacy release files (older sentry-cli); also under /organizations/{org}/releases/{version}/files/ and …/assemble/"],
  ["GET", "/api/0/openapi.json", "The OpenAPI 3.1 description of all of this"],
];

/** The page's sections, for its table of contents: each is an h2 with this id (the docs' index.test.ts checks). */
export const apiSections: DocSection[] = [
  { id: "tokens", title: "Tokens" },
  { id: "the-organization", title: "The organization" },
  { id: "endpoints", title: "Endpoints" },
  { id: "searching", title: "Searching" },
  { id: "changing-issues", title: "Changing issues" },
  { id: "pages", title: "Pages" },
  { id: "what-differs-from-sentry", title: "What differs from Sentry" },
];

export function Api() {
  return (
    <>
      <p>
        Lantern answers the parts of Sentry&apos;s web API that scripts use most: listing and triaging issues, reading events, and managing client keys. A script written against Sentry&apos;s{" "}
        <code>/api/0/</code> works against Lantern when you change two things: the base URL and the token.
      </p>
      <h2 id="tokens">Tokens</h2>
      <p>
        Every request carries an API token: <code>Authorization: Bearer sntrys_…</code> (tokens made before Lantern used this format, <code>lnt_…</code>, work too). A token acts as the person it belongs to and can never do more than they can: a member sees only the projects of their
        teams, an owner or admin sees every project. Its <strong>scopes</strong> narrow it further:
      </p>
      <ul>
        <li>
          <code>read</code> — list and read projects, issues, events, hashes and keys.
        </li>
        <li>
          <code>write</code> — also change issues: resolve, ignore, reopen, assign, merge, delete.
        </li>
        <li>
          <code>admin</code> — also create client keys (and only for owners and admins).
        </li>
        <li>
          <code>upload</code> — upload source maps and create, finalize and deploy releases: what <code>sentry-cli</code> and the bundler plugins need in CI. A token with only this scope cannot read
          issues, events or releases (<code>403</code>), so a leaked CI secret exposes nothing.
        </li>
      </ul>
      <p>
        Create a token under <strong>Settings → Account</strong>, or on the server with the CLI, which prints it once (Lantern keeps only its hash):
      </p>
      <CodeBlock code={tokenCommand} label="CLI command" />
      <p>For CI, a token that can only upload:</p>
      <CodeBlock code={uploadTokenCommand} label="CLI command" />
      <p>
        Without a token (or a signed-in browser session) every endpoint answers <code>401</code>; with a token whose scopes do not allow a change, <code>403</code>. A project, issue or event you may not see
        answers <code>404</code>, exactly as one that does not exist. Errors are JSON: <code>{`{"detail": "…"}`}</code>.
      </p>
      <h2 id="the-organization">The organization</h2>
      <p>
        Sentry&apos;s paths name an organization. A Lantern instance is one organization, whose slug is <code>lantern</code> unless <code>LANTERN_ORG_SLUG</code> says otherwise; any other slug is a{" "}
        <code>404</code>. Set <code>SENTRY_ORG</code> (or your script&apos;s equivalent) to it.
      </p>
      <h2 id="endpoints">Endpoints</h2>
      <p>Paths end with a slash as in Sentry; Lantern also accepts them without it.</p>
      <table>
        <thead>
          <tr>
            <th scope="col">Method</th>
            <th scope="col">Path</th>
            <th scope="col">What</th>
          </tr>
        </thead>
        <tbody>
          {endpoints.map(([method, path, what]) => (
            <tr key={`${method} ${path}`}>
              <td>{method}</td>
              <td>
                <code>{path}</code>
              </td>
              <td>{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        The full description, with every parameter and response field, is the OpenAPI document at <a href="/api/0/openapi.json">/api/0/openapi.json</a> (it needs a token or a signed-in session, like the
        rest of the API).
      </p>
      <CodeBlock code={curlExample} label="Shell" />
      <h2 id="searching">Searching</h2>
      <p>
        <code>query</code> is the issue list&apos;s search language, which reads Sentry&apos;s: <code>is:unresolved</code>, <code>is:ignored</code>, <code>level:error</code>, <code>release:…</code>,{" "}
        <code>environment:…</code>, <code>user.email:…</code>, <code>error.type:TypeError</code>, <code>is:unhandled</code>, <code>browser.name:Chrome</code>, any tag as{" "}
        <code>key:value</code>, <code>has:key</code>, <code>assigned:me</code> (you yourself; also <code>assigned:my_teams</code> for a team you are in, <code>assigned:none</code>, <code>assigned:#payments</code> by a team&apos;s slug, <code>assigned:ann@example.com</code>),{" "}
        <code>bookmarks:me</code>, <code>issue.priority:high</code>, <code>trace:4bf92f3577b34da6a3ce929d0e0e4736</code> (issues with an event of that trace), <code>first-seen:-24h</code>,{" "}
        <code>times-seen:&gt;10</code>, <code>!</code> to negate, and free text. Without <code>query</code> the lists show <code>is:unresolved</code>, as Sentry does; an empty <code>query=</code> shows
        every issue.
      </p>
      <h2 id="changing-issues">Changing issues</h2>
      <p>
        <code>PUT</code> takes Sentry&apos;s body: <code>{`{"status": "resolved"}`}</code>, with <code>{`"statusDetails": {"inRelease": "shop@2.0"}`}</code> or <code>{`{"inNextRelease": true}`}</code>;{" "}
        <code>{`{"status": "ignored"}`}</code> forever, or until <code>ignoreDuration</code> minutes pass, <code>ignoreCount</code> more events or <code>ignoreUserCount</code> more users;{" "}
        <code>{`{"status": "unresolved"}`}</code>; <code>{`{"assignedTo": "ann@example.com"}`}</code> (or <code>user:&lt;id&gt;</code>, <code>team:&lt;id&gt;</code>,{" "}
        <code>#team-slug</code>: someone or a team who can see the project; <code>&quot;&quot;</code> unassigns); <code>{`{"priority": "low"}`}</code>; <code>{`{"isBookmarked": true}`}</code> (the
        caller&apos;s own bookmark). Issues answer <code>assignedTo</code> as Sentry&apos;s actor (<code>{`{"type": "team", "id": "3", "name": "payments"}`}</code>), <code>priority</code> and{" "}
        <code>isBookmarked</code>. On the bulk form without any <code>id</code>, the change applies to every issue the query matches (at
        most 1000), as in Sentry. Every change is recorded in the issue&apos;s activity under the token&apos;s owner.
      </p>
      <h2 id="pages">Pages</h2>
      <p>
        Lists answer one page (up to <code>limit</code>, 100 by default) with Sentry&apos;s <code>Link</code> header. Follow the <code>next</code> link while it says <code>results=&quot;true&quot;</code>;
        Sentry clients that already do this work unchanged.
      </p>
      <CodeBlock code={linkExample} label="Response header" />
      <h2 id="what-differs-from-sentry">What differs from Sentry</h2>
      <ul>
        <li>
          Client keys have no secret part: <code>secret</code> is null and <code>dsn.secret</code> equals <code>dsn.public</code>. Lantern has no CSP, minidump or cron endpoints, so those DSN fields are
          null.
        </li>
        <li>
          <code>hasSeen</code> and <code>isSubscribed</code> are accepted and not stored.
        </li>
        <li>
          An issue&apos;s event list pages forward only. On the organization&apos;s issue list, <code>statsPeriod</code> keeps the issues seen in that period; without it, issues of any age match.
        </li>
      </ul>
    </>
  );
}
