import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from "kysely";
import type { Database } from "../../db/schema";
import type { IssueFilter, IssueQuery } from "./issue-query";
import { cronIssueType, uptimeIssueType } from "@/lib/issue-types";

export interface MatchingIssuesInput {
  projectId?: number;
  query: IssueQuery;
  /** What relative times (-24h) count from; epoch ms. */
  now?: number;
  /** Who `assigned:me` is (the viewer's actor). */
  me: string;
  /** The projects the viewer may see (null: all); issues of other projects never match. */
  visibleProjectIds: number[] | null;
}

type IssuesExpressions = ExpressionBuilder<Database, "issues">;
const dayMs = 86_400_000;

/**
 * The issues a parsed query matches, as a query on `issues` that callers sort and select from. Every
 * condition reads the issue row or probes an index: tags through the primary key of issue_tag_values
 * (issue_id, key, value), never event payloads. Merged issues never match.
 */
export function selectMatchingIssues(db: Kysely<Database>, { projectId, query, now = Date.now(), me, visibleProjectIds }: MatchingIssuesInput) {
  let select = db.selectFrom("issues").where("issues.status", "!=", "merged");
  if (projectId !== undefined) select = select.where("issues.project_id", "=", projectId);
  if (visibleProjectIds) select = select.where("issues.project_id", "in", visibleProjectIds.length > 0 ? visibleProjectIds : [-1]);
  for (const filter of query.filters) select = select.where((eb) => condition(eb, filter, now, me));
  return select;
}

function condition(eb: IssuesExpressions, filter: IssueFilter, now: number, me: string): Expression<SqlBool> {
  if (filter.kind === "text") return containsText(eb, filter.value);
  const positive = matches(eb, filter, now, me);
  return filter.negated ? eb.not(positive) : positive;
}

/** The positive form of a filter; it is never NULL, so that `!` (NOT) keeps exactly the other issues. */
function matches(eb: IssuesExpressions, filter: Exclude<IssueFilter, { kind: "text" }>, now: number, me: string): Expression<SqlBool> {
  switch (filter.kind) {
    case "state":
      return stateCondition(eb, filter.value);
    case "level":
      return eb("issues.level", "=", filter.value);
    case "tag":
      return eb.exists(tagValues(eb).where("issue_tag_values.key", "=", filter.key).where("issue_tag_values.value", "=", filter.value));
    case "has":
      return eb.exists(tagValues(eb).where("issue_tag_values.key", "=", filter.key));
    case "release":
      return releaseCondition(eb, filter);
    case "user":
      // The `user.<field>` tag digest derives now, or the one user key (id, else email, username, IP) it
      // kept alone before, so issues seen before the change still match.
      return eb.or([
        eb.exists(tagValues(eb).where("issue_tag_values.key", "=", `user.${filter.field}`).where("issue_tag_values.value", "=", filter.value)),
        eb.exists(tagValues(eb).where("issue_tag_values.key", "=", "user").where("issue_tag_values.value", "=", `${filter.field}:${filter.value}`)),
      ]);
    case "error":
      if (filter.field === "value") return titleContains(eb, filter.value);
      // The `error.type` tag, or for issues from before it the title digest made of the crashing exception ("Type: message").
      return eb.or([
        eb.exists(tagValues(eb).where("issue_tag_values.key", "=", "error.type").where("issue_tag_values.value", "=", filter.value)),
        eb(eb.fn("substr", ["issues.title", sql.lit(1), sql.lit(filter.value.length + 1)]), "=", `${filter.value}:`),
        eb("issues.title", "=", filter.value),
      ]);
    case "assigned":
      return assignedCondition(eb, filter.to, me);
    case "bookmarked":
      return eb.exists(
        eb
          .selectFrom("issue_bookmarks")
          .select(sql.lit(1).as("one"))
          .whereRef("issue_bookmarks.issue_id", "=", "issues.id")
          .where("issue_bookmarks.user_id", "in", usersNamedBy(eb, me)),
      );
    case "priority":
      return eb("issues.priority", "=", filter.value);
    case "trace":
      // Through the partial index events_trace (trace_id, timestamp): a trace holds a handful of events.
      return eb("issues.id", "in", eb.selectFrom("events").select("events.issue_id").where("events.trace_id", "=", filter.traceId).where("events.issue_id", "is not", null).$narrowType<{ issue_id: number }>());
    case "time": {
      const at = filter.point.kind === "ago" ? now - filter.point.ms : filter.point.ms;
      const column = `issues.${filter.field}` as const;
      if (filter.op === "=") return eb.and([eb(column, ">=", at), eb(column, "<", at + dayMs)]);
      return eb(column, filter.op, at);
    }
    case "count":
      return eb(`issues.${filter.field}`, filter.op, filter.value);
    case "event":
      // Through the unique (project_id, event_id): one probe per project.
      return eb("issues.id", "in", eb.selectFrom("events").select("events.issue_id").where("events.project_id", "in", eb.selectFrom("projects").select("projects.id")).where("events.event_id", "=", filter.eventId).where("events.issue_id", "is not", null).$narrowType<{ issue_id: number }>());
    case "issue":
      return eb("issues.id", "=", filter.issueId);
    case "category":
      return categoryCondition(eb, filter.value);
  }
}

/** `issue.category:` by the issue's type, as lib/issue-types.ts's issueCategoryOf reads it. Never NULL. */
function categoryCondition(eb: IssuesExpressions, category: Extract<IssueFilter, { kind: "category" }>["value"]): Expression<SqlBool> {
  const ownTypes = [cronIssueType, uptimeIssueType, "performance"];
  switch (category) {
    case "error":
      return eb("issues.type", "not in", ownTypes);
    case "performance":
      return eb("issues.type", "=", "performance");
    case "cron":
      return eb("issues.type", "=", cronIssueType);
    case "uptime":
      return eb("issues.type", "=", uptimeIssueType);
    case "feedback":
      return sql<SqlBool>`1 = 0`;
  }
}

/**
 * `release:latest`, `first-release:`. The project's newest release is the one it first saw last (an event, or
 * `sentry-cli releases new`), ties broken by version: Sentry's "latest" by date added.
 */
function releaseCondition(eb: IssuesExpressions, filter: Extract<IssueFilter, { kind: "release" }>): Expression<SqlBool> {
  const versions =
    filter.release.kind === "latest"
      ? eb.selectFrom("releases").select("releases.version").whereRef("releases.project_id", "=", "issues.project_id").orderBy("releases.first_seen", "desc").orderBy("releases.version", "desc").limit(1)
      : null;
  if (filter.field === "first") {
    const first = versions ? eb("issues.first_release", "in", versions) : eb("issues.first_release", "=", filter.release.kind === "version" ? filter.release.version : "");
    // Never NULL, so that `!first-release:` keeps the issues without a first release.
    return eb.and([eb("issues.first_release", "is not", null), first]);
  }
  return eb.exists(tagValues(eb).where("issue_tag_values.key", "=", "release").where("issue_tag_values.value", "in", versions!));
}

function stateCondition(eb: IssuesExpressions, state: Extract<IssueFilter, { kind: "state" }>["value"]): Expression<SqlBool> {
  switch (state) {
    case "unresolved":
    case "resolved":
      return eb("issues.status", "=", state);
    case "ignored":
    case "archived":
      return eb("issues.status", "=", "ignored");
    default:
      return eb.and([eb("issues.status", "=", "unresolved"), eb(eb.fn.coalesce("issues.substatus", sql.lit("")), "=", state)]);
  }
}

/**
 * Assignee filters over the columns of migration 0017, never NULL (so `!assigned:` keeps the rest): `me` is the
 * viewer, found by the e-mail of their actor ("user:<e-mail>"), and only issues assigned to them directly;
 * `my_teams` the teams they are a member of; a person by e-mail or name, any case.
 */
function assignedCondition(eb: IssuesExpressions, to: Extract<IssueFilter, { kind: "assigned" }>["to"], me: string): Expression<SqlBool> {
  switch (to.kind) {
    case "none":
      return eb.and([eb("issues.assignee_user_id", "is", null), eb("issues.assignee_team_id", "is", null)]);
    case "me":
      return eb.and([eb("issues.assignee_user_id", "is not", null), eb("issues.assignee_user_id", "in", usersNamedBy(eb, me))]);
    case "my_teams":
      return eb.and([
        eb("issues.assignee_team_id", "is not", null),
        eb("issues.assignee_team_id", "in", eb.selectFrom("team_members").select("team_members.team_id").where("team_members.user_id", "in", usersNamedBy(eb, me))),
      ]);
    case "team":
      return eb.and([
        eb("issues.assignee_team_id", "is not", null),
        eb("issues.assignee_team_id", "in", eb.selectFrom("teams").select("teams.id").where("teams.slug", "=", to.slug.toLowerCase())),
      ]);
    case "name": {
      const name = to.name.toLowerCase();
      const people = eb
        .selectFrom("users")
        .select("users.id")
        .where((users) => users.or([users(sql<string>`lower(${users.ref("users.email")})`, "=", name), users(sql<string>`lower(${users.ref("users.name")})`, "=", name)]));
      return eb.and([eb("issues.assignee_user_id", "is not", null), eb("issues.assignee_user_id", "in", people)]);
    }
  }
}

/** The account an actor string ("user:<e-mail>") names; nobody for the CLI's system actor. */
function usersNamedBy(eb: IssuesExpressions, actor: string) {
  const email = actor.startsWith("user:") ? actor.slice("user:".length) : "";
  return eb.selectFrom("users").select("users.id").where("users.email", "=", email);
}

function tagValues(eb: IssuesExpressions) {
  return eb.selectFrom("issue_tag_values").select(sql.lit(1).as("one")).whereRef("issue_tag_values.issue_id", "=", "issues.id");
}

/** error.value: the crashing exception's message, which the title ("Type: message") holds; any case. */
function titleContains(eb: IssuesExpressions, text: string): Expression<SqlBool> {
  return likeAnyCase(eb, "issues.title", text);
}

/** Case-insensitive substring of the title or culprit. */
function containsText(eb: IssuesExpressions, text: string): Expression<SqlBool> {
  return eb.or([likeAnyCase(eb, "issues.title", text), likeAnyCase(eb, "issues.culprit", text)]);
}

/** lower() on both sides because PostgreSQL's LIKE is case-sensitive. */
function likeAnyCase(eb: IssuesExpressions, column: "issues.title" | "issues.culprit", text: string): Expression<SqlBool> {
  const pattern = `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return sql<SqlBool>`lower(${eb.ref(column)}) like lower(${pattern}) escape '\\'`;
}
