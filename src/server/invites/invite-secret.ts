import { createHash, randomBytes } from "node:crypto";
import type { LanternConfig } from "../config";

/** 32 random bytes: the link's secret. Only its sha256 is stored, so the database cannot reveal a working link. */
export function createInviteSecret(): string {
  return randomBytes(32).toString("base64url");
}

export function hashInviteSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export function inviteUrl(config: LanternConfig, secret: string): string {
  return `${config.publicUrl}/invite/${secret}`;
}
