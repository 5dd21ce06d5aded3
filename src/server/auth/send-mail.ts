import nodemailer from "nodemailer";
import type { LanternConfig } from "../config";
import { AppError } from "../errors";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends one plain-text e-mail through the configured SMTP server. Callers check `config.auth.smtp` first. */
export async function sendMail(config: LanternConfig, mail: Mail): Promise<void> {
  const { smtp } = config.auth;
  if (!smtp) throw new AppError("conflict", "E-mail is not configured (LANTERN_SMTP_URL).");
  const transport = nodemailer.createTransport(smtp.url);
  try {
    await transport.sendMail({ from: smtp.from, ...mail });
  } finally {
    transport.close();
  }
}
