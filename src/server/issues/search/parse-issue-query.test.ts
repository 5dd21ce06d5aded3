import { describe, expect, it } from "vitest";
import type { IssueFilter } from "./issue-query";
import { parseIssueQuery } from "./parse-issue-query";

function filters(text: string): IssueFilter[] {
  const parsed = parseIssueQuery(text);
  if (!parsed.ok) throw new Error(`expected ${text} to parse: ${parsed.error.message}`);
  return parsed.query.filters;
}

function error(text: string) {
  const parsed = parseIssueQuery(text);
  if (parsed.ok) throw new Error(`expected ${text} to be refused`);
  return parsed.error;
}

const day = (date: string) => Date.parse(`${date}T00:00:00Z`);

describe("parseIssueQuery", () => {
  it("reads an empty query as no filters", () => {
    expect(parseIssueQuery("   ")).toEqual({ ok: true, query: { text: "", filters: [] } });
  });

  it.each([
    ["is:unresolved", { kind: "state", value: "unresolved", negated: false }],
    ["is:Escalating", { kind: "state", value: "escalating", negated: false }],
    ["!is:archived", { kind: "state", value: "archived", negated: true }],
    ["level:warning", { kind: "level", value: "warning", negated: false }],
    ["!level:error", { kind: "level", value: "error", negated: true }],
    ["release:shop@1.2.0", { kind: "tag", key: "release", value: "shop@1.2.0", negated: false }],
    ['release:"shop 1.2"', { kind: "tag", key: "release", value: "shop 1.2", negated: false }],
    ["release:latest", { kind: "release", field: "seen", release: { kind: "latest" }, negated: false }],
    ["!release:latest", { kind: "release", field: "seen", release: { kind: "latest" }, negated: true }],
    ["first-release:shop@1.2.0", { kind: "release", field: "first", release: { kind: "version", version: "shop@1.2.0" }, negated: false }],
    ["firstRelease:latest", { kind: "release", field: "first", release: { kind: "latest" }, negated: false }],
    ["environment:production", { kind: "tag", key: "environment", value: "production", negated: false }],
    ["user.id:42", { kind: "user", field: "id", value: "42", negated: false }],
    ["id:40582AD088094EBC90834E3B11E5B953", { kind: "event", eventId: "40582ad088094ebc90834e3b11e5b953", negated: false }],
    ["event.id:40582ad0-8809-4ebc-9083-4e3b11e5b953", { kind: "event", eventId: "40582ad088094ebc90834e3b11e5b953", negated: false }],
    ["40582ad088094ebc90834e3b11e5b953", { kind: "event", eventId: "40582ad088094ebc90834e3b11e5b953", negated: false }],
    ["issue:SHOP-42", { kind: "issue", issueId: 42, negated: false }],
    ["!issue.id:7", { kind: "issue", issueId: 7, negated: true }],
    ["issue.category:Cron", { kind: "category", value: "cron", negated: false }],
    ["timesSeen:>10", { kind: "count", field: "times_seen", op: ">", value: 10, negated: false }],
    ["userCount:>=3", { kind: "count", field: "users_seen", op: ">=", value: 3, negated: false }],
    ["user.email:a@b.c", { kind: "user", field: "email", value: "a@b.c", negated: false }],
    ["user.username:ann", { kind: "user", field: "username", value: "ann", negated: false }],
    ["user.ip:2001:db8::1", { kind: "user", field: "ip", value: "2001:db8::1", negated: false }],
    ["!user.email:a@b.c", { kind: "user", field: "email", value: "a@b.c", negated: true }],
    ["error.type:TypeError", { kind: "error", field: "type", value: "TypeError", negated: false }],
    ['error.value:"Cannot read properties"', { kind: "error", field: "value", value: "Cannot read properties", negated: false }],
    ["is:unhandled", { kind: "tag", key: "handled", value: "no", negated: false }],
    ["!is:unhandled", { kind: "tag", key: "handled", value: "no", negated: true }],
    ["error.handled:no", { kind: "tag", key: "handled", value: "no", negated: false }],
    ["error.handled:Yes", { kind: "tag", key: "handled", value: "yes", negated: false }],
    ["error.handled:false", { kind: "tag", key: "handled", value: "no", negated: false }],
    ["error.unhandled:true", { kind: "tag", key: "handled", value: "no", negated: false }],
    ["error.unhandled:0", { kind: "tag", key: "handled", value: "yes", negated: false }],
    ["release:1.2", { kind: "tag", key: "release", value: "1.2", negated: false }],
    ["browser.name:Chrome", { kind: "tag", key: "browser.name", value: "Chrome", negated: false }],
    ["!browser.name:Chrome", { kind: "tag", key: "browser.name", value: "Chrome", negated: true }],
    ["url:https://shop.example/cart?a=1", { kind: "tag", key: "url", value: "https://shop.example/cart?a=1", negated: false }],
    ["assigned:me", { kind: "assigned", to: { kind: "me" }, negated: false }],
    ["assigned:none", { kind: "assigned", to: { kind: "none" }, negated: false }],
    ["assigned:my_teams", { kind: "assigned", to: { kind: "my_teams" }, negated: false }],
    ["!assigned:ann", { kind: "assigned", to: { kind: "name", name: "ann" }, negated: true }],
    ["trace:4BF92F3577B34DA6A3CE929D0E0E4736", { kind: "trace", traceId: "4bf92f3577b34da6a3ce929d0e0e4736", negated: false }],
    ["!trace:4bf92f35-77b3-4da6-a3ce-929d0e0e4736", { kind: "trace", traceId: "4bf92f3577b34da6a3ce929d0e0e4736", negated: true }],
    ["has:browser.name", { kind: "has", key: "browser.name", negated: false }],
    ["!has:user", { kind: "has", key: "user", negated: true }],
    ["first-seen:-24h", { kind: "time", field: "first_seen", op: ">=", point: { kind: "ago", ms: 86_400_000 }, negated: false }],
    ["firstSeen:-24h", { kind: "time", field: "first_seen", op: ">=", point: { kind: "ago", ms: 86_400_000 }, negated: false }],
    ["lastSeen:+7d", { kind: "time", field: "last_seen", op: "<", point: { kind: "ago", ms: 7 * 86_400_000 }, negated: false }],
    ["age:-1h", { kind: "time", field: "first_seen", op: ">=", point: { kind: "ago", ms: 3_600_000 }, negated: false }],
    ["last-seen:-30m", { kind: "time", field: "last_seen", op: ">=", point: { kind: "ago", ms: 1_800_000 }, negated: false }],
    ["last-seen:+2h", { kind: "time", field: "last_seen", op: "<", point: { kind: "ago", ms: 7_200_000 }, negated: false }],
    ["first-seen:-7d", { kind: "time", field: "first_seen", op: ">=", point: { kind: "ago", ms: 7 * 86_400_000 }, negated: false }],
    ["first-seen:>2026-11-01", { kind: "time", field: "first_seen", op: ">", point: { kind: "at", ms: day("2026-11-01") }, negated: false }],
    ["last-seen:<=2026-11-01T12:30Z", { kind: "time", field: "last_seen", op: "<=", point: { kind: "at", ms: Date.parse("2026-11-01T12:30:00Z") }, negated: false }],
    ["first-seen:>=2026-11-01T12:00+02:00", { kind: "time", field: "first_seen", op: ">=", point: { kind: "at", ms: Date.parse("2026-11-01T10:00:00Z") }, negated: false }],
    ["first-seen:2026-11-01", { kind: "time", field: "first_seen", op: "=", point: { kind: "at", ms: day("2026-11-01") }, negated: false }],
    ["times-seen:>10", { kind: "count", field: "times_seen", op: ">", value: 10, negated: false }],
    ["users:>=3", { kind: "count", field: "users_seen", op: ">=", value: 3, negated: false }],
    ["times-seen:7", { kind: "count", field: "times_seen", op: "=", value: 7, negated: false }],
    ['"exact phrase"', { kind: "text", value: "exact phrase" }],
    ['"say \\"hi\\""', { kind: "text", value: 'say "hi"' }],
    ["TypeError", { kind: "text", value: "TypeError" }],
  ])("reads %s", (text, expected) => {
    expect(filters(text)).toEqual([expected]);
  });

  it("reads several terms in order, free text between filters", () => {
    expect(filters('is:unresolved checkout  level:error "order 42" failed')).toEqual([
      { kind: "state", value: "unresolved", negated: false },
      { kind: "text", value: "checkout" },
      { kind: "level", value: "error", negated: false },
      { kind: "text", value: "order 42" },
      { kind: "text", value: "failed" },
    ]);
  });

  it("keeps text whose colon does not follow a tag key as free text", () => {
    expect(filters("a/b:c")).toEqual([{ kind: "text", value: "a/b:c" }]);
  });

  it.each([
    ["first-seen:yesterday", 11, "first-seen: expects a time"],
    ["is:unresolved first-seen:-24x", 25, "first-seen: expects a time"],
    ["last-seen:>2026-13-01", 10, "last-seen: has no such date"],
    ["first-seen:2026-02-30", 11, "first-seen: has no such date"],
    ["first-seen:2026-11-01T10:00Z", 11, "first-seen: needs >, >=, < or <="],
    ['release:"shop 1.2', 8, "This quote is never closed"],
    ['"exact phrase', 0, "This quote is never closed"],
    ['release:"a"b', 11, "Put a space after the closing quote"],
    ["level:", 0, "level: needs a value, as in level:error"],
    ["is:unresolved level: x", 14, "level: needs a value"],
    ['browser.name:""', 0, "browser.name: needs a value"],
    ["is:open", 3, "is: “open” is not a state"],
    ["error.handled:maybe", 14, "error.handled: “maybe” is not yes or no"],
    ["level:critical", 6, "level: “critical” is not a level"],
    ["times-seen:many", 11, "times-seen: expects a whole number"],
    ["users:>=-1", 6, "users: expects a whole number"],
    ["has:a/b", 4, "has: expects a tag key"],
    ["trace:4bf92f35", 6, "trace: “4bf92f35” is not a trace id"],
    ["!checkout", 0, "“!” negates a filter"],
  ])("refuses %s at position %i", (text, position, message) => {
    const refused = error(text);
    expect(refused.position).toBe(position);
    expect(refused.message).toContain(message);
    expect(refused.length).toBeGreaterThan(0);
  });
});
