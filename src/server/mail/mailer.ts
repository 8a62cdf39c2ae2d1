import "server-only";
import { randomUUID } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { env, mailTransportOf } from "@/server/base/env";
import { log } from "@/server/base/log";

/*
 * The one mail interface (sign-in links and password resets, lead delivery): SMTP
 * through nodemailer when SMTP_URL is set; otherwise each message is written to OUTBOX_DIR as an .eml
 * file (RFC 5322, as nodemailer would send it) that any mail program opens and tests read back.
 */

export type MailAttachment = { filename: string; content: string | Buffer; contentType?: string };
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** the sender; a name alone keeps the platform's address (MAIL_FROM) under that name (a site's own) */
  from?: string | { name: string };
  replyTo?: string;
  attachments?: MailAttachment[];
  /** a calendar event as the message's text/calendar part (a booking's confirmation) */
  icalEvent?: { method: "REQUEST" | "CANCEL"; filename: string; content: string };
  /** extra headers (an alert's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058) */
  headers?: Record<string, string>;
};
export type SentMail = { messageId: string; file?: string };

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
}

/** The sender of a message: its own, or the platform's address under the name it gives. */
function sender(platform: string, from: MailMessage["from"]): string | { name: string; address: string } {
  if (typeof from === "string") return from;
  // a site's name is typed by people: line breaks and tabs become spaces so the display name stays one line
  const name = from?.name.replace(/[\p{Cc}\s]+/gu, " ").trim();
  if (!name) return platform;
  // nodemailer quotes and escapes the name (commas, quotes, angle brackets) or encodes it (non-ASCII)
  return { name, address: /<([^<>]+)>\s*$/.exec(platform)?.[1] ?? platform.trim() };
}

/** Messages by SMTP (a real server, or a test sink). */
export class SmtpMailer implements Mailer {
  private readonly transport;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    // pooled: lead delivery sends many messages in a row, each over a kept-open connection
    this.transport = nodemailer.createTransport({ url, pool: true, maxConnections: 8, maxMessages: 1000 } as Parameters<
      typeof nodemailer.createTransport
    >[0]);
  }
  /** Closes the pooled connections (a server stopping, a test ending). */
  close(): void {
    this.transport.close();
  }
  async send(m: MailMessage): Promise<SentMail> {
    const info = await this.transport.sendMail({ ...m, from: sender(this.from, m.from) });
    // the message id only: recipients and contents are personal data (never logged in clear)
    log.info({ messageId: info.messageId, via: "smtp" }, "mail sent");
    return { messageId: info.messageId };
  }
}

/** Messages written as .eml files, one per message, named by time and a random id. */
export class OutboxMailer implements Mailer {
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  private folder: Promise<unknown> | null = null;
  constructor(
    private readonly dir: string,
    private readonly from: string,
  ) {}
  async send(m: MailMessage): Promise<SentMail> {
    const info = await this.transport.sendMail({ ...m, from: sender(this.from, m.from) });
    const file = path.join(this.dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}.eml`);
    // the folder is made once, and again only when it went away (a mkdir per message showed in the lead profile)
    await (this.folder ??= mkdir(this.dir, { recursive: true }));
    // written under a name no reader lists, then renamed: a reader never parses half a message
    const part = `${file}.part`;
    await writeFile(part, info.message as Buffer, { mode: 0o600 }).catch(async (e: NodeJS.ErrnoException) => {
      if (e.code !== "ENOENT") throw e;
      await (this.folder = mkdir(this.dir, { recursive: true }));
      await writeFile(part, info.message as Buffer, { mode: 0o600 });
    });
    await rename(part, file);
    log.info({ messageId: info.messageId, via: "outbox" }, "mail written to the outbox");
    return { messageId: info.messageId, file };
  }
}

let mailer: Mailer | undefined;

/** The platform's mailer, from the environment (SMTP_URL, else the outbox). */
export function getMailer(): Mailer {
  const e = env();
  const via = mailTransportOf(e);
  return (mailer ??= via.via === "outbox" ? new OutboxMailer(via.dir, e.MAIL_FROM) : new SmtpMailer(e.SMTP_URL!, e.MAIL_FROM));
}

/** Sends, and logs a failure without the message's contents; the caller decides whether to retry. */
export async function sendMail(message: MailMessage, via: Mailer = getMailer()): Promise<SentMail | null> {
  try {
    return await via.send(message);
  } catch (err) {
    // an SMTP server's answer names the recipient: only the kind of failure is logged
    const e = err as { name?: string; code?: string; responseCode?: number };
    log.error({ err: { type: e.name, code: e.code, responseCode: e.responseCode } }, "mail not sent");
    return null;
  }
}
