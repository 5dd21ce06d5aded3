import { simpleParser } from "mailparser";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One e-mail as the SMTP server received it, decoded by mailparser. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part, as sent (still escaped); "" when the mail has none. */
  html: string;
  /** Each header's value as sent (folded lines joined), by lower-case name; the first of repeated headers. */
  headers: Record<string, string>;
  raw: string;
}

/**
 * A real SMTP server on 127.0.0.1 (smtp-server) that keeps every mail it receives, for tests of the flows
 * that send e-mail: point LANTERN_SMTP_URL at `url`. Plain SMTP without authentication or STARTTLS, as a
 * local relay would be.
 */
export interface SmtpInbox {
  url: string;
  mails: ReceivedMail[];
  /** The first mail to `address` (after `since` mails), waiting for it up to `timeoutMs`. */
  waitForMail(address: string, options?: { timeoutMs?: number; since?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        const to = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
        // The mail is in `mails` before the client hears 250, so a test can look right after sendMail.
        parseMail(raw).then(
          (parsed) => {
            mails.push({ from, to, ...parsed, raw: raw.toString("utf8") });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitForMail(address, { timeoutMs = 10_000, since = 0 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mails.slice(since).find((candidate) => candidate.to.includes(address.toLowerCase()));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms (received: ${mails.map((m) => m.to.join(",")).join("; ") || "none"})`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function parseMail(raw: Buffer): Promise<Pick<ReceivedMail, "subject" | "text" | "html" | "headers">> {
  const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
  const headers: Record<string, string> = {};
  for (const { key, line } of parsed.headerLines) {
    if (!(key in headers)) headers[key] = line.slice(line.indexOf(":") + 1).replace(/\r?\n[ \t]+/g, " ").trim();
  }
  return { subject: parsed.subject ?? "", text: (parsed.text ?? "").replace(/\r\n/g, "\n"), html: parsed.html || "", headers };
}
