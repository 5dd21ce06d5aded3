import net from "node:net";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { exampleAlertMessage, hostileAlertMessage } from "../../../tests/support/alert-message-example";
import { startSmtpInbox, type SmtpInbox } from "../../../tests/support/smtp-inbox";
import { sendAlertEmail } from "./send-alert-email";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function inbox(): Promise<SmtpInbox> {
  const started = await startSmtpInbox();
  closers.push(() => started.close());
  return started;
}

/** A real SMTP server that refuses every recipient with `code`. */
async function refusingServer(code: number): Promise<string> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(Object.assign(new Error(code >= 500 ? "No such mailbox" : "Mailbox busy, try later"), { responseCode: code }));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
}

const timeouts = { timeoutMs: 5000 };

describe("sendAlertEmail", () => {
  it("sends text and HTML parts with the delivery id as header and Message-ID", async () => {
    const mailbox = await inbox();
    const message = exampleAlertMessage();
    const outcome = await sendAlertEmail({ url: mailbox.url, from: "Lantern <lantern@example.com>" }, "dev@example.com", message, "d-0042", timeouts);
    expect(outcome).toEqual({ ok: true, responseCode: 250 });
    const mail = await mailbox.waitForMail("dev@example.com");
    expect(mail.from).toBe("lantern@example.com");
    expect(mail.subject).toBe("[Lantern] New issue: TypeError: Cannot read properties of undefined (reading 'total') (Shop)");
    expect(mail.headers["x-lantern-delivery"]).toBe("d-0042");
    expect(mail.headers["message-id"]).toBe("<d-0042@lantern>");
    for (const words of ["app/checkout/page.tsx in submitOrder", "Level: error", "Environment: production", "Release: shop@2.4.1", "Events: 1,234", "Users affected: 56", message.issue.url, "https://errors.example.com/settings/account"]) {
      expect(mail.text).toContain(words);
    }
    expect(mail.html).toContain(`<a href="${message.issue.url}"`);
    expect(mail.html).toContain("shop@2.4.1");
  });

  it("delivers hostile event text as text: the HTML part holds no tag from the event", async () => {
    const mailbox = await inbox();
    await sendAlertEmail({ url: mailbox.url, from: "lantern@example.com" }, "dev@example.com", hostileAlertMessage(), "d-1", timeouts);
    const mail = await mailbox.waitForMail("dev@example.com");
    expect(mail.html).not.toContain("<script");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.text).toContain('<script>alert("x")</script>');
  });

  it("does not retry a permanent refusal (5xx)", async () => {
    const url = await refusingServer(550);
    const outcome = await sendAlertEmail({ url, from: "lantern@example.com" }, "gone@example.com", exampleAlertMessage(), "d-1", timeouts);
    expect(outcome).toMatchObject({ ok: false, responseCode: 550, retry: false });
    expect(!outcome.ok && outcome.error).toContain("No such mailbox");
  });

  it("retries a temporary refusal (4xx)", async () => {
    const url = await refusingServer(451);
    expect(await sendAlertEmail({ url, from: "lantern@example.com" }, "busy@example.com", exampleAlertMessage(), "d-1", timeouts)).toMatchObject({ ok: false, responseCode: 451, retry: true });
  });

  it("retries when the SMTP server cannot be reached", async () => {
    const mailbox = await inbox();
    const { url } = mailbox;
    await mailbox.close();
    closers.length = 0;
    const outcome = await sendAlertEmail({ url, from: "lantern@example.com" }, "dev@example.com", exampleAlertMessage(), "d-1", timeouts);
    expect(outcome).toMatchObject({ ok: false, responseCode: null, retry: true });
  });

  it("gives up after the timeout on a server that never greets, and retries later", async () => {
    const sockets: net.Socket[] = [];
    // Accepts and says nothing.
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    closers.push(() => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => silent.close(() => resolve()));
    });
    const url = `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const outcome = await sendAlertEmail({ url, from: "lantern@example.com" }, "dev@example.com", exampleAlertMessage(), "d-1", { timeoutMs: 300 });
    expect(outcome).toMatchObject({ ok: false, responseCode: null, retry: true });
    // The greeting and the socket timers are both at the limit: whichever nodemailer notices first names it.
    expect(!outcome.ok && outcome.error).toMatch(/greeting|timeout/i);
  });
});
