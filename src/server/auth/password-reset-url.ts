import type { LanternConfig } from "../config";

/**
 * The link that opens Lantern's own /reset-password page with `token`. better-auth's default link points
 * at its HTTP handler, which Lantern does not serve for this flow; the page calls its API on the server.
 */
export function passwordResetUrl(config: LanternConfig, token: string): string {
  return `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}
