import { searchTermAtCursor, type SearchCompletion, type SearchTermAtCursor } from "@/lib/search-autocomplete";
import { authorize, authorizeProjectId, type AccessContext } from "../../access/authorize";
import { visibleProjectIds } from "../../access/viewer";
import { builtInSearchKeys } from "./built-in-search-keys";
import { readAssignablePeople, readAssignableTeams } from "./read-assignee-suggestions";
import { readProjectTagKeys, readProjectTagValues } from "./read-project-tag-suggestions";

export interface SearchSuggestion {
  completion: SearchCompletion;
  /** What the list shows: the key or the value. */
  label: string;
  /** A short description (built-in keys) or how many events carry the value. */
  detail: string | null;
}

export interface SearchSuggestions {
  /** The term the suggestions replace (searchTermAtCursor of the same text and cursor). */
  term: SearchTermAtCursor;
  suggestions: SearchSuggestion[];
}

export interface SuggestSearchTermsInput {
  /** The one project's list; undefined: the all-projects list (every project the viewer sees). */
  projectId?: number;
  text: string;
  cursor: number;
}

const limit = 10;
/** The all-projects list reads this many projects' keys and values at most (each read is a few index seeks). */
const maxProjects = 50;
/** Built-in keys that are tags too: their project keys are not listed twice. */
const builtInNames = new Set(builtInSearchKeys.map((entry) => entry.key));
/** Tags digest keeps that a person searches through a built-in key (the user key is user.id / user.email / …). */
const hiddenTagKeys = new Set(["user"]);

/**
 * What the search bar offers for the term under the cursor: keys (built-in, then the project's tag keys)
 * that start with what is typed, or, after `key:`, that key's values — fixed ones for enumerations (is:,
 * level:, issue.priority:…), tag keys for has:, for assigned: me, my_teams, none and the teams and people who
 * can see the project, and otherwise the most frequent values the project has counted (project_tag_values).
 * Every read is an index walk bounded by `limit` (read-project-tag-suggestions, read-assignee-suggestions).
 */
export async function suggestSearchTerms(context: AccessContext, input: SuggestSearchTermsInput): Promise<SearchSuggestions> {
  if (input.projectId === undefined) authorize(context, "issue.list");
  else await authorizeProjectId(context, "issue.list", input.projectId);
  const term = searchTermAtCursor(input.text, input.cursor);
  if (term.kind === "none") return { term, suggestions: [] };
  const projectIds = input.projectId === undefined ? await projectsOfViewer(context) : [input.projectId];
  if (term.kind === "key") return { term, suggestions: await suggestKeys(context, projectIds, term.prefix) };
  return { term, suggestions: await suggestValues(context, projectIds, term.key, term.prefix) };
}

async function projectsOfViewer(context: AccessContext): Promise<number[]> {
  const visible = visibleProjectIds(context.viewer);
  if (visible) return visible.sort((a, b) => a - b).slice(0, maxProjects);
  const rows = await context.db.selectFrom("projects").select("id").orderBy("id").limit(maxProjects).execute();
  return rows.map((row) => Number(row.id));
}

async function projectTagKeys(context: AccessContext, projectIds: number[], prefix: string): Promise<string[]> {
  const keys = new Set<string>();
  for (const projectId of projectIds) {
    for (const key of await readProjectTagKeys(context.db, projectId, prefix, limit + hiddenTagKeys.size + builtInNames.size)) keys.add(key);
  }
  return [...keys].filter((key) => !builtInNames.has(key) && !hiddenTagKeys.has(key)).sort();
}

async function suggestKeys(context: AccessContext, projectIds: number[], prefix: string): Promise<SearchSuggestion[]> {
  const lowered = prefix.toLowerCase();
  const builtIn = builtInSearchKeys.filter((entry) => entry.key.startsWith(lowered));
  const tagKeys = await projectTagKeys(context, projectIds, prefix);
  // Both kinds stay in view: at most four places go to the project's keys while built-ins match.
  const builtInShown = builtIn.slice(0, limit - Math.min(tagKeys.length, 4));
  return [
    ...builtInShown.map((entry) => ({ completion: { kind: "key" as const, key: entry.key }, label: `${entry.key}:`, detail: entry.description })),
    ...tagKeys.slice(0, limit - builtInShown.length).map((key) => ({ completion: { kind: "key" as const, key }, label: `${key}:`, detail: "Tag" })),
  ];
}

async function suggestValues(context: AccessContext, projectIds: number[], key: string, prefix: string): Promise<SearchSuggestion[]> {
  const lowered = key.toLowerCase();
  const builtIn = builtInSearchKeys.find((entry) => entry.key === lowered);
  if (lowered === "has") {
    const keys = [...builtInSearchKeys.filter((entry) => entry.values === undefined && entry.key.startsWith(prefix.toLowerCase())).map((entry) => entry.key), ...(await projectTagKeys(context, projectIds, prefix))];
    return keys.slice(0, limit).map((tagKey) => ({ completion: { kind: "value", key, value: tagKey }, label: tagKey, detail: null }));
  }
  if (lowered === "assigned") return suggestAssignees(context, projectIds, key, prefix);
  if (builtIn?.values) {
    return builtIn.values
      .filter((value) => value.toLowerCase().startsWith(prefix.toLowerCase()))
      .slice(0, limit)
      .map((value) => ({ completion: { kind: "value", key, value }, label: value, detail: null }));
  }
  const counts = new Map<string, number>();
  // first-release: takes the versions the release tag counted.
  const tagKey = lowered === "first-release" ? "release" : builtIn ? lowered : key;
  for (const projectId of projectIds) {
    for (const { value, count } of await readProjectTagValues(context.db, projectId, tagKey, prefix, limit)) counts.set(value, (counts.get(value) ?? 0) + count);
  }
  const latest: SearchSuggestion[] = tagKey === "release" && "latest".startsWith(prefix.toLowerCase()) ? [{ completion: { kind: "value", key, value: "latest" }, label: "latest", detail: "The project's newest release" }] : [];
  return [
    ...latest,
    ...[...counts]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .map(([value, count]): SearchSuggestion => ({ completion: { kind: "value", key, value }, label: value, detail: `${count.toLocaleString("en")} ${count === 1 ? "event" : "events"}` })),
  ].slice(0, limit);
}

const assignedWords: Record<string, string> = { me: "Assigned to you yourself", my_teams: "Assigned to a team you are in", none: "Assigned to nobody" };

/**
 * `assigned:` values, as Sentry offers them: me, my_teams and none, then `#slug` of the teams that hold one
 * of the projects (typing `#` or a slug's start), then the e-mails of the people who can see one. Only teams
 * and people of projects the viewer sees, so nobody learns of a team or person they could not assign.
 */
async function suggestAssignees(context: AccessContext, projectIds: number[], key: string, prefix: string): Promise<SearchSuggestion[]> {
  const lowered = prefix.toLowerCase();
  const value = (text: string, detail: string | null): SearchSuggestion => ({ completion: { kind: "value", key, value: text }, label: text, detail });
  const fixed = Object.entries(assignedWords)
    .filter(([word]) => word.startsWith(lowered))
    .map(([word, detail]) => value(word, detail));
  const slugPrefix = lowered.startsWith("#") ? lowered.slice(1) : lowered;
  const teams = (await readAssignableTeams(context.db, projectIds, slugPrefix, limit)).map((team) => value(`#${team.slug}`, team.name));
  const people = lowered.startsWith("#") ? [] : (await readAssignablePeople(context.db, projectIds, lowered, limit)).map((person) => value(person.email, person.name));
  return [...fixed, ...teams, ...people].slice(0, limit);
}
