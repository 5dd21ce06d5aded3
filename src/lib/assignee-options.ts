/** The picker's choices: shapes of the people and teams it is given (structural, so src/lib stays pure). */
export interface AssigneeChoices {
  people: { id: string; name: string; email: string }[];
  teams: { id: string; slug: string; name: string }[];
}

export interface AssigneeOption {
  key: string;
  /** What the assign action is told: a person or team by value, the viewer, or nobody. */
  intent: "name" | "me" | "nobody";
  /** "user:<id>" or "team:<id>" for intent "name". */
  value: string;
  label: string;
  detail: string;
  kind: "me" | "user" | "team" | "nobody";
}

/**
 * "Assign to me" first, then people (by name, else e-mail), then teams (#slug), then "Unassign" when someone
 * is assigned; the typed text keeps those whose name, e-mail, slug or team name contains it (any case).
 */
export function assigneeOptions(choices: AssigneeChoices | null, isAssigned: boolean, filter: string): AssigneeOption[] {
  const wanted = filter.trim().toLowerCase();
  const all: (AssigneeOption & { haystack: string })[] = [{ key: "me", intent: "me", value: "", label: "Assign to me", detail: "", kind: "me", haystack: "assign to me" }];
  for (const person of choices?.people ?? []) {
    all.push({ key: `user-${person.id}`, intent: "name", value: `user:${person.id}`, label: person.name.trim() || person.email, detail: person.email, kind: "user", haystack: `${person.name} ${person.email}`.toLowerCase() });
  }
  for (const team of choices?.teams ?? []) {
    all.push({ key: `team-${team.id}`, intent: "name", value: `team:${team.id}`, label: `#${team.slug}`, detail: team.name, kind: "team", haystack: `#${team.slug} ${team.name}`.toLowerCase() });
  }
  if (isAssigned) all.push({ key: "nobody", intent: "nobody", value: "", label: "Unassign", detail: "", kind: "nobody", haystack: "unassign nobody" });
  return all.filter((option) => !wanted || option.haystack.includes(wanted)).map(({ key, intent, value, label, detail, kind }) => ({ key, intent, value, label, detail, kind }));
}
