/**
 * The title of a context people read: the context's own `title` when it sends one (as Sentry's UI does),
 * else its key in words with each word capitalised — `order` → "Order", `shipping_address` and
 * `shippingAddress` → "Shipping Address". The key is the sender's: it is only ever rendered as text.
 */
export function humanizeContextTitle(key: string, context?: Record<string, unknown>): string {
  const own = context && Object.hasOwn(context, "title") ? context.title : undefined;
  if (typeof own === "string" && own.trim() !== "") return own.trim();
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[\s_\-.]+/)
    .filter((word) => word !== "");
  if (words.length === 0) return key;
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(" ");
}
