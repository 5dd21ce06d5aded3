import { AppError } from "../../errors";
import type { AssigneeRef } from "./issue-assignee";
import type { ProjectOwners } from "./list-project-owners";

/**
 * Who an assignment names, in the forms Sentry's `assignedTo` takes: "user:<id>", "team:<id>", a person's
 * e-mail address or name (any case), "#team-slug", or a user id as it is. Only people and teams that can see
 * the project may be named; anything else is a bad_request naming what was given.
 */
export function resolveAssignee(owners: ProjectOwners, text: string): AssigneeRef {
  const given = text.trim();
  const lowered = given.toLowerCase();
  if (lowered.startsWith("team:") || given.startsWith("#")) {
    const team = lowered.startsWith("team:") ? owners.teams.find((candidate) => candidate.id === given.slice(5)) : owners.teams.find((candidate) => candidate.slug.toLowerCase() === lowered.slice(1));
    if (!team) throw new AppError("bad_request", `No team of this project is “${given}”.`);
    return { kind: "team", id: Number(team.id) };
  }
  const wanted = lowered.startsWith("user:") ? given.slice(5) : given;
  const person =
    owners.people.find((candidate) => candidate.id === wanted) ??
    owners.people.find((candidate) => candidate.email.toLowerCase() === wanted.toLowerCase()) ??
    onlyOne(owners.people.filter((candidate) => candidate.name.trim().toLowerCase() === wanted.toLowerCase()));
  if (!person) throw new AppError("bad_request", `Nobody who can see this project is “${given}”.`);
  return { kind: "user", id: person.id };
}

function onlyOne<T>(matches: T[]): T | undefined {
  return matches.length === 1 ? matches[0] : undefined;
}
