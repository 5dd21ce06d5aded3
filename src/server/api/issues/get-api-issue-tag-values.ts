import type { AccessContext } from "../../access/authorize";
import { AppError } from "../../errors";
import { readEventPayload } from "../../events/read-event-payload";
import { eventTagPairs } from "../../issues/event-tag-pairs";
import type { JsonObject } from "@/lib/json-values";
import { requireOrganization } from "../organization";
import { findApiIssue } from "./find-api-issue";

/** One value of an issue's tag (Sentry's TagValueSerializerResponse). */
export interface ApiIssueTagValue {
  key: string;
  name: string;
  value: string;
  count: number;
  lastSeen: string;
  firstSeen: string;
  query: string;
}

/** An issue's tag key with its most frequent values (Sentry's TagKeySerializerResponse). */
export interface ApiIssueTagKey {
  key: string;
  name: string;
  uniqueValues: number;
  totalValues: number;
  topValues: ApiIssueTagValue[];
}

const topValueCount = 9;
/** With an environment, values are counted from the issue's newest events there, at most this many. */
export const maxEnvironmentEventsCounted = 10_000;
const valueSorts = { "-id": "count", id: "count", count: "count", "-count": "count", date: "lastSeen", "-date": "lastSeen", age: "firstSeen", "-age": "firstSeen" } as const;

interface CountedValue {
  value: string;
  count: number;
  firstSeen: number;
  lastSeen: number;
}

function parseKey(key: string): string {
  const trimmed = key.trim();
  if (!/^[A-Za-z0-9_.:-]{1,64}$/.test(trimmed)) throw new AppError("bad_request", "Invalid tag key: letters, digits, _ . : - and at most 64 characters.");
  return trimmed;
}

/** Sentry's search term for a value: `key:value`, quoted when it holds spaces or quotes. */
function searchTerm(key: string, value: string): string {
  return /[\s"]/.test(value) ? `${key}:"${value.replace(/["\\]/g, (character) => `\\${character}`)}"` : `${key}:${value}`;
}

function toApiValue(key: string, counted: CountedValue): ApiIssueTagValue {
  return { key, name: counted.value, value: counted.value, count: counted.count, lastSeen: new Date(counted.lastSeen).toISOString(), firstSeen: new Date(counted.firstSeen).toISOString(), query: searchTerm(key, counted.value) };
}

type ValueOrder = "count" | "lastSeen" | "firstSeen";
const orderColumns = { count: "times_seen", lastSeen: "last_seen", firstSeen: "first_seen" } as const;

/**
 * The values of `key` on the issue, `limit` of them in `order` (most first), with the key's totals: from the
 * counters digest keeps (issue_tag_values; an index on issue, key, times seen), or — with an environment —
 * counted from the issue's newest 10,000 events in it, since the counters are not kept per environment.
 */
async function countValues(context: AccessContext, issueId: number, key: string, environment: string | null, order: ValueOrder, limit: number): Promise<{ values: CountedValue[]; uniqueValues: number; totalValues: number }> {
  if (environment === null) {
    const totals = await context.db
      .selectFrom("issue_tag_values")
      .select((eb) => [eb.fn.countAll<number>().as("unique"), eb.fn.sum<number>("times_seen").as("total")])
      .where("issue_id", "=", issueId)
      .where("key", "=", key)
      .executeTakeFirstOrThrow();
    const rows = await context.db
      .selectFrom("issue_tag_values")
      .select(["value", "times_seen", "first_seen", "last_seen"])
      .where("issue_id", "=", issueId)
      .where("key", "=", key)
      .orderBy(orderColumns[order], "desc")
      .orderBy("value")
      .limit(limit)
      .execute();
    const values = rows.map((row) => ({ value: row.value, count: Number(row.times_seen), firstSeen: Number(row.first_seen), lastSeen: Number(row.last_seen) }));
    return { values, uniqueValues: Number(totals.unique), totalValues: Number(totals.total ?? 0) };
  }
  const events = await context.db
    .selectFrom("events")
    .select(["timestamp", "level", "environment", "release", "user_key", "payload"])
    .where("issue_id", "=", issueId)
    .where("environment", "=", environment)
    .orderBy("timestamp", "desc")
    .limit(maxEnvironmentEventsCounted)
    .execute();
  const counted = new Map<string, CountedValue>();
  for (const event of events) {
    let payload: JsonObject;
    try {
      payload = readEventPayload(event.payload);
    } catch {
      continue;
    }
    const at = Number(event.timestamp);
    for (const [pairKey, value] of eventTagPairs(payload, { level: event.level, environment: event.environment, release: event.release, userKey: event.user_key })) {
      if (pairKey !== key) continue;
      const entry = counted.get(value) ?? { value, count: 0, firstSeen: at, lastSeen: at };
      entry.count += 1;
      entry.firstSeen = Math.min(entry.firstSeen, at);
      entry.lastSeen = Math.max(entry.lastSeen, at);
      counted.set(value, entry);
    }
  }
  const all = [...counted.values()].sort(order === "count" ? byCount : (a, b) => b[order] - a[order] || a.value.localeCompare(b.value));
  return { values: all.slice(0, limit), uniqueValues: all.length, totalValues: all.reduce((sum, value) => sum + value.count, 0) };
}

const byCount = (a: CountedValue, b: CountedValue) => b.count - a.count || a.value.localeCompare(b.value);

/** `GET /organizations/{org}/issues/{id}/tags/{key}/`: the key's totals and its most frequent values; 404 when the issue has no such tag. */
export async function getApiIssueTagValues(context: AccessContext, input: { organizationSlug?: string; issueRef: string; key: string; environment?: string | null }): Promise<ApiIssueTagKey> {
  if (input.organizationSlug !== undefined) requireOrganization(context.config, input.organizationSlug);
  const key = parseKey(input.key);
  const issue = await findApiIssue(context, input.issueRef, "issue.read");
  const counted = await countValues(context, issue.id, key, input.environment ?? null, "count", topValueCount);
  if (counted.uniqueValues === 0) throw new AppError("not_found", `The issue has no tag "${key}".`);
  return { key, name: key, uniqueValues: counted.uniqueValues, totalValues: counted.totalValues, topValues: counted.values.map((value) => toApiValue(key, value)) };
}

/**
 * `GET /organizations/{org}/issues/{id}/tags/{key}/values/`: the key's values, `sort` = count (Sentry's
 * default `-id` is by count here: values have no ids), `date` (last seen), `age` (first seen), a leading `-`
 * accepted; at most `limit` (100).
 */
export async function listApiIssueTagValues(context: AccessContext, input: { organizationSlug?: string; issueRef: string; key: string; environment?: string | null; sort?: string | null; limit: number }): Promise<ApiIssueTagValue[]> {
  if (input.organizationSlug !== undefined) requireOrganization(context.config, input.organizationSlug);
  const key = parseKey(input.key);
  const sortName = input.sort || "-id";
  if (!Object.hasOwn(valueSorts, sortName)) throw new AppError("bad_request", `Unsupported sort "${sortName.slice(0, 40)}": use count, date, age or id.`);
  const issue = await findApiIssue(context, input.issueRef, "issue.read");
  const counted = await countValues(context, issue.id, key, input.environment ?? null, valueSorts[sortName as keyof typeof valueSorts], input.limit);
  return counted.values.map((value) => toApiValue(key, value));
}
