import { isIP } from "node:net";
import type { ErrorCollector } from "./collect-errors";
import { isRecord, lenientString, type JsonObject } from "@/lib/json-values";
import { charLimits, trimString, type CharLimit } from "./trim-string";

/** Platforms whose SDKs run on the user's device, so the sender's address is the user's (§4.3 item 6). */
const deviceSdkPlatforms = new Set(["javascript", "cocoa", "objc"]);
const autoIp = "{{auto}}";

const stringFields: [string, CharLimit][] = [
  ["id", charLimits.hash],
  ["email", charLimits.email],
  ["username", charLimits.enumLike],
  ["name", charLimits.enumLike],
  ["segment", charLimits.enumLike],
];

/** Returns the normalized user, or null when nothing about the user is known. */
export function normalizeUser(raw: unknown, platform: string, clientIp: string | null | undefined, errors: ErrorCollector): JsonObject | null {
  const senderIp = typeof clientIp === "string" && isIP(clientIp) !== 0 ? clientIp : null;
  let user: JsonObject = {};
  if (isRecord(raw)) user = { ...raw };
  else if (raw !== undefined && raw !== null) errors.add("invalid_data", "user", raw);

  for (const [field, limit] of stringFields) {
    if (user[field] === undefined) continue;
    const text = lenientString(user[field]);
    if (text === null || text === "") {
      if (text === null && user[field] !== null) errors.add("invalid_data", `user.${field}`, user[field]);
      delete user[field];
    } else user[field] = trimString(text, limit);
  }

  const ip = user.ip_address;
  if (ip === autoIp) {
    if (senderIp) user.ip_address = senderIp;
    else delete user.ip_address;
  } else if (ip !== undefined && ip !== null) {
    if (typeof ip !== "string" || isIP(ip) === 0) {
      errors.add("invalid_data", "user.ip_address", ip);
      delete user.ip_address;
    }
  } else {
    delete user.ip_address;
    if (senderIp && deviceSdkPlatforms.has(platform)) user.ip_address = senderIp;
  }

  if (user.geo !== undefined && !isRecord(user.geo)) {
    if (user.geo !== null) errors.add("invalid_data", "user.geo", user.geo);
    delete user.geo;
  }
  return Object.keys(user).length > 0 ? user : null;
}

/** The first identifier present, for counting distinct users: id, then email, username, IP address. */
export function userKeyOf(user: JsonObject | null): string | null {
  if (!user) return null;
  for (const [field, prefix] of [
    ["id", "id"],
    ["email", "email"],
    ["username", "username"],
    ["ip_address", "ip"],
  ] as const) {
    const value = user[field];
    if (typeof value === "string" && value !== "") return `${prefix}:${value}`;
  }
  return null;
}
