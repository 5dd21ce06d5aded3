import type { LanternConfig } from "../config";

export interface EmailSetup {
  isConfigured: boolean;
  /** `smtp://host:port` (or smtps://) without user name or password; null without SMTP. */
  server: string | null;
  /** LANTERN_SMTP_FROM; null without SMTP. */
  from: string | null;
}

/** The environment variable that turns e-mail on, named wherever Lantern says e-mail cannot be sent. */
export const smtpVariable = "LANTERN_SMTP_URL";

/**
 * Whether this instance can send e-mail (LANTERN_SMTP_URL, read once with the rest of the config) and to
 * which server, said without the credentials the URL carries: for the dashboard and `lantern doctor`.
 */
export function describeEmailSetup(config: LanternConfig): EmailSetup {
  const smtp = config.auth.smtp;
  if (!smtp) return { isConfigured: false, server: null, from: null };
  const url = new URL(smtp.url);
  const port = url.port || (url.protocol === "smtps:" ? "465" : "587");
  return { isConfigured: true, server: `${url.protocol}//${url.hostname}:${port}`, from: smtp.from };
}
