import nodemailer from "nodemailer";
import type { AlertMessage, AttemptOutcome } from "./alert-message";
import { renderAlertEmail } from "./render-alert-email";

export interface SendAlertEmailOptions {
  /** Connecting, the greeting and each quiet stretch of the SMTP conversation end after this long. */
  timeoutMs: number;
  /** LANTERN_URL, for the opt-out link; read off the issue link when absent. */
  publicUrl?: string;
}

/**
 * One delivery attempt of an alert e-mail (text and HTML parts). The Message-ID is the delivery id's, so a
 * repeat after a crash between "sent" and "recorded" is recognisable as the same mail. SMTP answers 4xx for
 * "try again later" and 5xx for "never": the outcome says retry for 4xx, connection errors and timeouts.
 */
export async function sendAlertEmail(smtp: { url: string; from: string }, to: string, message: AlertMessage, deliveryId: string, options: SendAlertEmailOptions): Promise<AttemptOutcome> {
  const { subject, text, html } = renderAlertEmail(message, options.publicUrl);
  const transport = nodemailer.createTransport({
    url: smtp.url,
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
    dnsTimeout: options.timeoutMs,
  });
  try {
    const info = await transport.sendMail({
      from: smtp.from,
      to,
      subject,
      text,
      html,
      messageId: `<${deliveryId}@lantern>`,
      headers: { "X-Lantern-Delivery": deliveryId },
    });
    return { ok: true, responseCode: smtpCodeOf(info.response) };
  } catch (error) {
    return outcomeOfSmtpError(error as SmtpError);
  } finally {
    transport.close();
  }
}

interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
}

function outcomeOfSmtpError(error: SmtpError): AttemptOutcome {
  const responseCode = typeof error.responseCode === "number" ? error.responseCode : null;
  const detail = (error.response ?? error.message).replace(/\s+/g, " ").trim().slice(0, 500);
  if (responseCode !== null) return { ok: false, responseCode, error: detail, retry: responseCode < 500 };
  // Without an SMTP answer: nodemailer refused the message or address itself (the same next time),
  // or the connection failed or timed out (worth another try).
  const isPermanent = error.code === "EENVELOPE" || error.code === "EMESSAGE";
  return { ok: false, responseCode: null, error: detail, retry: !isPermanent };
}

function smtpCodeOf(response: string | undefined): number | null {
  const code = /^\d{3}/.exec(response ?? "")?.[0];
  return code ? Number(code) : null;
}
