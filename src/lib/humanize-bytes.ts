import bytes from "bytes";

/**
 * Context keys whose numbers count bytes: the device's memory and storage (memory_size, free_memory,
 * usable_memory, storage_size, free_storage, external_storage_size, external_free_storage), the app's
 * app_memory, heap sizes (heap_size, usedJSHeapSize…) and a response's body_size. Keys are compared in
 * snake case, so camelCase names from browsers match too.
 */
const byteSizedKey = /(?:^|_)(?:memory|storage|heap)(?:_|$)|(?:^|_)(?:body_size|bytes)$/;

function snakeCase(key: string): string {
  return key.replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2").replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
}

/**
 * A byte count as people read it, "23.5 GiB" (powers of 1024, so binary units), when `key` names a
 * byte-sized value and `value` is a whole number; null otherwise (flags such as low_memory, text, negatives).
 */
export function humanizeByteValue(key: string, value: string): string | null {
  if (!/^\d{1,19}$/.test(value) || !byteSizedKey.test(snakeCase(key))) return null;
  const count = Number(value);
  if (!Number.isSafeInteger(count)) return null;
  // `bytes` counts in 1024s but labels them KB/MB/GB; the binary names say what the number is.
  return bytes.format(count, { decimalPlaces: 1, unitSeparator: " " })?.replace(/([KMGTP])B$/, "$1iB") ?? null;
}
