import dns from "node:dns";
import type { LookupAddress, LookupOptions } from "node:dns";
import ipaddr from "ipaddr.js";
import { AppError } from "../errors";

/**
 * The SSRF guard for notification channels and uptime monitors (one policy, one setting).  A webhook URL someone typed must not make Lantern talk to
 * itself, the machine's neighbours or a cloud metadata service (169.254.169.254), so only public unicast
 * addresses are allowed unless LANTERN_WEBHOOK_ALLOW_PRIVATE is set. The URL is checked when a channel is
 * saved (`assertPublicWebhookUrl`) and again at every connection (`lookupPublicAddress`), because a name can
 * resolve to a public address at the check and to 127.0.0.1 a second later (DNS rebinding).
 *
 * Reasons name the host, not the whole URL: the path of a Slack or Discord webhook URL is its secret.
 */
export async function assertPublicWebhookUrl(url: string, allowPrivate: boolean, noun: TargetNoun = "webhook"): Promise<void> {
  const parsed = parseWebhookUrl(url, noun);
  if (typeof parsed === "string") throw new AppError("bad_request", parsed);
  if (allowPrivate) return;
  const refusal = refusalOfHost(parsed.hostname, noun);
  if (refusal) throw new AppError("bad_request", refusal);
  if (ipaddr.isValid(bareHost(parsed.hostname))) return;
  let addresses: LookupAddress[];
  try {
    addresses = await dns.promises.lookup(parsed.hostname, { all: true });
  } catch (error) {
    throw new AppError("bad_request", `The ${noun} host "${parsed.hostname}" does not resolve (${(error as NodeJS.ErrnoException).code ?? "lookup failed"}).`);
  }
  const refused = addresses.map((entry) => refusalOfAddress(entry.address, parsed.hostname, noun)).find((reason) => reason !== null);
  if (refused) throw new AppError("bad_request", refused);
}

/**
 * The URL as a URL, or why it cannot be a webhook target: not http(s), or credentials in it (they would be
 * sent in the clear to whoever the URL names, and shown wherever the URL is).
 */
export function parseWebhookUrl(url: string, noun: TargetNoun = "webhook"): URL | string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `The ${noun} URL is not a valid URL.`;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return `The ${noun} URL must start with http:// or https:// (got ${parsed.protocol}).`;
  if (parsed.username || parsed.password) return `The ${noun} URL for "${parsed.hostname}" must not contain a user name or password.`;
  return parsed;
}

/** Why a host (a name or an IP literal, as URL.hostname spells it) is refused without a lookup, or null. */
export function refusalOfHost(hostname: string, noun: TargetNoun = "webhook"): string | null {
  const host = bareHost(hostname);
  if (ipaddr.isValid(host)) return refusalOfAddress(host, hostname, noun);
  // "localhost" and its subdomains are loopback by definition (RFC 6761), whatever a resolver answers.
  if (/(^|\.)localhost\.?$/i.test(host)) return refusalText(hostname, "127.0.0.1", "loopback", noun);
  return null;
}

/** Why connecting to this IP address is refused (it is not public unicast), or null. */
export function refusalOfAddress(address: string, hostname: string = address, noun: TargetNoun = "webhook"): string | null {
  const bare = bareHost(address);
  if (!ipaddr.isValid(bare)) return refusalText(hostname, address, "unparsable", noun);
  const range = rangeOf(ipaddr.parse(bare));
  return range === "unicast" ? null : refusalText(hostname, address, range, noun);
}

/**
 * A `lookup` for `http.request` that resolves like `dns.lookup` and fails with ERR_LANTERN_REFUSED_TARGET
 * when any address of the name is refused — at connect time, after any earlier check. (Node does not call
 * `lookup` for an IP literal; `refusalOfHost` covers those.)
 */
export function lookupPublicAddress(
  hostname: string,
  options: LookupOptions,
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "");
    const refused = addresses.map((entry) => refusalOfAddress(entry.address, hostname)).find((reason) => reason !== null);
    if (refused) return callback(refusedTargetError(refused), "");
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "");
    callback(null, first.address, first.family);
  });
}

/** What the URL is for, in refusals: "The webhook host …", "The uptime monitor host …". */
export type TargetNoun = "webhook" | "uptime monitor";

export const refusedTargetCode = "ERR_LANTERN_REFUSED_TARGET";

function refusedTargetError(reason: string): NodeJS.ErrnoException {
  return Object.assign(new Error(reason), { code: refusedTargetCode });
}

type Range = ReturnType<ipaddr.IPv4["range"]> | ReturnType<ipaddr.IPv6["range"]> | "ipv4Compatible";

/** The range of an address, looking through IPv6 forms that carry an IPv4 address to the IPv4 one. */
function rangeOf(address: ipaddr.IPv4 | ipaddr.IPv6): Range {
  if (address.kind() === "ipv4") return address.range();
  const v6 = address as ipaddr.IPv6;
  const range = v6.range();
  const parts = v6.parts;
  const embedded = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  switch (range) {
    case "ipv4Mapped": // ::ffff:a.b.c.d
    case "rfc6145": // ::ffff:0:a.b.c.d
    case "rfc6052": // 64:ff9b::a.b.c.d, NAT64: public IPv4 hosts seen from an IPv6-only network
      return embedded(parts[6]!, parts[7]!).range();
    case "6to4": // 2002:AABB:CCDD::, the IPv4 address in the second and third groups
      return embedded(parts[1]!, parts[2]!).range();
    case "unicast":
      // ::a.b.c.d, the deprecated IPv4-compatible form, which ipaddr.js 1.x calls unicast.
      return parts.slice(0, 6).every((part) => part === 0) ? "ipv4Compatible" : "unicast";
    default:
      return range;
  }
}

const rangeWords: Record<string, string> = {
  loopback: "a loopback address",
  private: "a private address",
  uniqueLocal: "a private (unique local) address",
  carrierGradeNat: "a carrier-grade NAT (shared) address",
  linkLocal: "a link-local address (169.254.169.254 is the cloud metadata service)",
  unspecified: "the unspecified address",
  multicast: "a multicast address",
  broadcast: "the broadcast address",
  reserved: "a reserved address",
  teredo: "a Teredo tunnel address",
  ipv4Compatible: "an IPv4-compatible IPv6 address",
  unparsable: "not an IP address Lantern can check",
};

function refusalText(hostname: string, address: string, range: string, noun: TargetNoun): string {
  const what = rangeWords[range] ?? `a non-public address (${range})`;
  const via = bareHost(hostname) === bareHost(address) ? "" : ` resolves to ${address}, which`;
  return `The ${noun} host "${hostname}"${via} is ${what}; such targets are refused unless LANTERN_WEBHOOK_ALLOW_PRIVATE=true.`;
}

/** URL.hostname keeps an IPv6 literal's brackets. */
function bareHost(hostname: string): string {
  return hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
}
