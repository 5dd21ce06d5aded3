/**
 * `record[key]` for the record's own keys only. Keys that come from outside (an SDK's event, a request, a
 * rule someone typed) may be "constructor" or "__proto__", which a plain lookup answers with Object's own
 * members.
 */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
