import type { DocSection } from "./doc-section";
/** The page's sections, for its table of contents: each is an h2 with this id (the docs' index.test.ts checks). */
export const groupingSections: DocSection[] = [
  { id: "how-an-event-is-grouped", title: "How an event is grouped" },
  { id: "project-rules", title: "Project rules" },
  { id: "issue-states", title: "Issue states" },
  { id: "searching-the-issue-list", title: "Searching the issue list" },
  { id: "the-issue-page", title: "The issue page" },
];

export function Grouping() {
  return (
    <>
      <p>
        Lantern groups events into issues the way Sentry does (grouping config <code>newstyle:2023-01-11</code>), so the same events land in the same issues a team is used to. Every issue page shows, in
        its &ldquo;Grouping&rdquo; tab (&ldquo;Why grouped this way&rdquo;), each variant of the event, what contributed to it, and its hash.
      </p>
      <h2 id="how-an-event-is-grouped">How an event is grouped</h2>
      <ul>
        <li>
          <strong>Errors with a stack trace</strong> group by their frames (module or file name, function, and for JavaScript, Node and Python the source line) and the exception type. The message is ignored,
          so one bug with changing ids stays one issue. Two variants are computed: <code>app</code> (in-app frames only) and <code>system</code> (all frames); an event joins the first issue that owns either hash.
        </li>
        <li>
          <strong>Errors without frames</strong> group by type and message. <strong>Messages</strong> group by their template (<code>logentry.message</code>) or by their text with numbers, ids, UUIDs, hashes,
          URLs, IPs, e-mail addresses, dates and durations replaced by placeholders.
        </li>
        <li>
          <strong>Fingerprints</strong> from the SDK: <code>{"['{{ default }}', 'x']"}</code> splits the normal grouping by <code>x</code>; a fingerprint without <code>{"{{ default }}"}</code> replaces it.
          Variables: <code>{"{{ transaction }}"}</code>, <code>{"{{ type }}"}</code>, <code>{"{{ value }}"}</code>, <code>{"{{ function }}"}</code>, <code>{"{{ module }}"}</code>, <code>{"{{ path }}"}</code>,{" "}
          <code>{"{{ level }}"}</code>, <code>{"{{ logger }}"}</code>, <code>{"{{ tags.NAME }}"}</code>.
        </li>
        <li>
          <strong>Built-in rules</strong>: frames under <code>node_modules</code>, <code>vendor</code>, <code>site-packages</code>, Node internals and JavaScript CDNs (unpkg, jsDelivr, cdnjs, esm.run) are not in-app;
          webpack and <code>app:///</code> sources are. JavaScript <code>ChunkLoadError</code>s form one issue, and React hydration errors one issue per transaction.
        </li>
      </ul>
      <h2 id="project-rules">Project rules</h2>
      <p>
        In a project&apos;s settings, <strong>fingerprint rules</strong> and <strong>stack trace rules</strong> use Sentry&apos;s syntax and apply to events digested after saving. A rule that does not parse is
        refused with its line number.
      </p>
      <pre>
        <code>{`# fingerprint rules: matchers -> fingerprint [title="…"]
error.type:DatabaseUnavailable -> system-down
message:"Timed out after *" logger:payments -> payment-timeouts title="Payment timeouts"
stack.function:fetchCart tags.region:eu-* -> cart-eu, {{ transaction }}`}</code>
      </pre>
      <pre>
        <code>{`# stack trace rules: matchers then actions (+app -app +group -group, ^ = newer frames, v = older)
path:**/vendor/** -app
module:my-company-sdk.* -app -group
function:handleError ^-group`}</code>
      </pre>
      <p>
        Matchers: <code>error.type</code>, <code>error.value</code>, <code>message</code>, <code>logger</code>, <code>level</code>, <code>tags.NAME</code>, <code>stack.function</code>,{" "}
        <code>stack.module</code>, <code>stack.abs_path</code> (<code>path</code>), <code>stack.package</code>, <code>family</code>, <code>app</code>, <code>sdk</code>, <code>release</code>. Values are globs
        (<code>*</code>, <code>**</code> across path segments); quote values with spaces; <code>!</code> negates a matcher.
      </p>
      <h2 id="issue-states">Issue states</h2>
      <p>
        An issue is <strong>unresolved</strong> (new, ongoing, regressed or escalating), <strong>resolved</strong> (now, in the next release, or in a named release) or <strong>ignored</strong> (forever, until it
        occurs N more times or affects N more users, or for a while). A new event reopens a resolved issue as regressed — unless it comes from a release older than the one the issue was resolved in. An
        ignored issue wakes up when its condition is met. Issues can be merged, and a merged hash can be unmerged back out. Every change is recorded in the issue&apos;s activity.
      </p>
      <h2 id="searching-the-issue-list">Searching the issue list</h2>
      <p>
        The search box suggests as you type: the search keys (<code>is:</code>, <code>level:</code>, <code>release:</code>, <code>user.email:</code>, <code>issue.priority:</code>…) and the tag keys your
        events carry, then, after a key and its colon, that key&apos;s values — the fixed ones (states, levels, priorities) or the ones your project has seen most, with how many events carry each. Typing
        narrows the list (values in any case); <kbd>↓</kbd> and <kbd>↑</kbd> move through it, <kbd>Enter</kbd> or <kbd>Tab</kbd> takes the highlighted suggestion, <kbd>Escape</kbd> closes it, and{" "}
        <kbd>Enter</kbd> with nothing highlighted runs the search. <strong>Save this search</strong>, beside the Unresolved, Regressed… tabs, keeps the query and its sort as a tab of your own on that list
        (on the list of all projects, with the project chosen there, which the tab chooses again, as Sentry&apos;s issue views keep their projects; a project&apos;s searches show on both its list
        and the list of all projects); owners and admins may share it, and everyone who sees the project then has the tab. You delete your own tabs from the tab (× beside its name); a shared tab, owners and admins.
      </p>
      <p>
        Besides the tags your SDK sets, Lantern derives Sentry&apos;s from every event&apos;s contexts, request and exception: <code>browser</code> and <code>browser.name</code>, <code>os</code> and{" "}
        <code>os.name</code>, <code>device</code> and <code>device.family</code>, <code>runtime</code> and <code>runtime.name</code>, <code>url</code>, <code>transaction</code>, <code>handled</code>,{" "}
        <code>mechanism</code>, <code>level</code> and <code>user</code> — so <code>browser.name:Chrome</code>, <code>os.name:Windows</code> or <code>has:browser.name</code> find what the events carry
        (browser SDKs send only a User-Agent, which Lantern reads; events stored before a key was derived keep the tags they had). <code>user.email:bob@example.com</code>, <code>user.id:</code>,{" "}
        <code>user.username:</code> and <code>user.ip:</code> match whichever identifiers the event&apos;s user has. The crashing exception: <code>error.type:TypeError</code>,{" "}
        <code>error.value:&quot;payment declined&quot;</code> (words of its message), <code>error.handled:no</code> or <code>is:unhandled</code>. <code>release:</code> is exact, as in Sentry. Ownership, as in Sentry:{" "}
        <code>assigned:me</code> is what is assigned to you yourself, <code>assigned:my_teams</code> what is assigned to a team you are in, <code>assigned:none</code> nobody&apos;s; after{" "}
        <code>assigned:</code> the search box also offers the project&apos;s teams (<code>#slug</code>) and the e-mails of the people who can see it. A key that is neither one of these nor a tag of a
        project you can see is refused with a warning naming it (the API answers 400).
      </p>
      <h2 id="the-issue-page">The issue page</h2>
      <p>
        The header shows the level, status, title and culprit, and three menus: <strong>Resolve ▾</strong> (now, in the next release, or in one of the project&apos;s releases),{" "}
        <strong>Ignore ▾</strong> (forever, for a while, until it occurs or affects users again) and <strong>⋯</strong> (copy a link to the issue, merge it with another issue, delete it after a
        confirmation). The menus work with the keyboard (Enter or ↓ opens, arrows move, → opens a submenu), and <kbd>r</kbd> and <kbd>i</kbd> resolve and ignore at once. Under the header, the event&apos;s
        environment, release, browser or runtime, OS, user, URL and whether it was handled. In the stack trace only the crashing frame (the newest in-app one) is open, two source lines either side of the failing one; runs of library and runtime
        frames fold into &ldquo;N more frames&rdquo;, &ldquo;Expand all frames&rdquo; opens every one, and &ldquo;In-app only&rdquo; is remembered by your browser. The Grouping, Hashes and JSON tabs
        sit under the event; the JSON folds object by object.
      </p>
      <p>
        <strong>What stands out</strong>, in the sidebar, is computed from the counters Lantern keeps, never guessed: the <em>suspect release</em> — the release the issue was first seen in (when the
        project had earlier ones) or came back in after being resolved — with the issue&apos;s events in earlier releases and since; <em>over-represented tags</em> — a value carried by at least half of
        the issue&apos;s events (and at least 10 of them) that is at least twice as common as in the whole project, such as &ldquo;browser: Safari 17 — 90 % of this issue, 11 % of the project&rdquo;,
        the three highest ratios first (level, release, user ids and the keys that describe the exception itself are left out); and where the issue was first and last seen in each environment. Each
        hint links to the issue search that shows it, such as <code>release:2.0</code> or <code>browser:&quot;Safari 17.5&quot;</code>. Shares count all of the issue&apos;s and the project&apos;s events.
      </p>
    </>
  );
}
