// The one outbox reader for tests (unit and browser alike): the mailer without SMTP_URL writes each
// message to a folder as an .eml file named by time (src/server/mail/mailer.ts); this parses them
// with mailparser, newest first, so a test asks for "the mail to X with subject Y" and never
// decodes quoted-printable or headers by hand.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";

export type OutboxMail = {
  file: string;
  /** the sender's display name ("Parkside Motor Group") */
  fromName: string;
  /** the sender's address (the configured MAIL_FROM's) */
  fromAddress: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: string[];
};

const parsed = new Map<string, OutboxMail>(); // a file never changes once written

/** Every message in the outbox folder, newest first (an absent folder is an empty outbox). */
export async function readOutbox(dir: string): Promise<OutboxMail[]> {
  const files = (await readdir(dir).catch(() => [] as string[]))
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .reverse();
  return Promise.all(
    files.map(async (f) => {
      const file = path.join(dir, f);
      const known = parsed.get(file);
      if (known) return known;
      const m = await simpleParser(await readFile(file));
      const to = (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => v.address ?? ""));
      const mail: OutboxMail = {
        file,
        fromName: m.from?.value[0]?.name ?? "",
        fromAddress: m.from?.value[0]?.address ?? "",
        to,
        subject: m.subject ?? "",
        text: m.text ?? "",
        html: typeof m.html === "string" ? m.html : "",
        attachments: m.attachments.map((a) => a.filename ?? ""),
      };
      parsed.set(file, mail);
      return mail;
    }),
  );
}

/** The first link in a message's text (else its HTML) that matches `pattern`, or "". */
export function linkIn(mail: OutboxMail, pattern: RegExp): string {
  const found = pattern.exec(mail.text) ?? pattern.exec(mail.html.replace(/&amp;/g, "&"));
  return found?.[1] ?? found?.[0] ?? "";
}

/** The messages that `match`, newest first, once there are at least `count` of them (or `timeoutMs` has passed). */
export async function waitForMail(
  dir: string,
  match: (m: OutboxMail) => boolean,
  { count = 1, timeoutMs = 5_000 }: { count?: number; timeoutMs?: number } = {},
): Promise<OutboxMail[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readOutbox(dir)).filter(match);
    if (found.length >= count || Date.now() > until) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
}
