#!/usr/bin/env node
// A triage script written the way one writes against Sentry's web API (https://docs.sentry.io/api/): plain
// fetch, the usual SENTRY_* variables, nothing Lantern-specific. It lists a project's unresolved issues
// matching a query, resolves the first one, fetches that issue's latest event and prints a summary.
// Pointed at Lantern, only SENTRY_URL and SENTRY_AUTH_TOKEN change (the e2e test e2e/sentry-api.spec.ts
// runs it that way).
//
//   SENTRY_URL=https://sentry.io SENTRY_AUTH_TOKEN=… SENTRY_ORG=my-org SENTRY_PROJECT=my-project \
//     node scripts/sentry-api-example.mjs ["is:unresolved level:error"]

const baseUrl = (process.env.SENTRY_URL ?? "https://sentry.io").replace(/\/+$/, "");
const token = required("SENTRY_AUTH_TOKEN");
const org = required("SENTRY_ORG");
const project = required("SENTRY_PROJECT");
const query = process.argv[2] ?? process.env.SENTRY_QUERY ?? "is:unresolved";

function required(name) {
  const value = process.env[name];
  if (!value) {
    console.error(`Set ${name}.`);
    process.exit(2);
  }
  return value;
}

async function api(method, path, body) {
  const response = await fetch(`${baseUrl}/api/0/${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} /api/0/${path} answered ${response.status}: ${await response.text()}`);
  return { data: await response.json(), link: response.headers.get("link") };
}

/** Sentry's Link header: whether a next page exists, and its cursor. */
function nextPage(link) {
  const next = link?.split(",").find((part) => part.includes('rel="next"'));
  return next && next.includes('results="true"') ? /cursor="([^"]+)"/.exec(next)?.[1] : undefined;
}

const issuesPath = `projects/${encodeURIComponent(org)}/${encodeURIComponent(project)}/issues/`;
const { data: issues, link } = await api("GET", `${issuesPath}?query=${encodeURIComponent(query)}&statsPeriod=24h&limit=25`);
console.log(`${issues.length} issue(s) match "${query}"${nextPage(link) ? " (more on the next page)" : ""}.`);
if (issues.length === 0) process.exit(0);

const [first] = issues;
console.log(`Resolving ${first.shortId}: ${first.title} (${first.count} events, ${first.userCount} users, last seen ${first.lastSeen})`);
const { data: update } = await api("PUT", `${issuesPath}?id=${encodeURIComponent(first.id)}`, { status: "resolved" });
if (update.status !== "resolved") throw new Error(`expected the issue to be resolved, got ${JSON.stringify(update)}`);

const { data: event } = await api("GET", `issues/${encodeURIComponent(first.id)}/events/latest/`);
const exception = event.entries.find((entry) => entry.type === "exception")?.data.values.at(-1);
const frame = exception?.stacktrace?.frames.at(-1);
console.log(`Latest event ${event.eventID} at ${event.dateCreated}: ${event.title}`);
if (frame) console.log(`  crashed in ${frame.function ?? "?"} (${frame.filename ?? "?"}:${frame.lineNo ?? "?"})`);
for (const { key, value } of event.tags.filter((tag) => ["environment", "release", "level"].includes(tag.key))) console.log(`  ${key}: ${value}`);
console.log(`Resolved ${first.shortId}: ${first.permalink}`);
