import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { OutboxMailer, sendMail, SmtpMailer } from "./mailer";

const FROM = "Parkside Motor Group <no-reply@parksidemotorgroup.com.au>";
const message = {
  to: "mary@example.com",
  subject: "Your sign-in link",
  text: "Open https://www.parksidemotorgroup.com.au/sign-in?token=abc to sign in.",
  html: '<p>Open <a href="https://www.parksidemotorgroup.com.au/sign-in?token=abc">this link</a> to sign in.</p>',
};

describe("outbox mailer (no SMTP_URL)", () => {
  test("writes each message as an .eml file a mail program opens: headers, text and HTML parts, attachments", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "outbox-"));
    const mailer = new OutboxMailer(dir, FROM);
    const sent = await mailer.send({
      ...message,
      attachments: [{ filename: "lead.xml", content: "<adf/>", contentType: "application/xml" }],
    });
    expect(readdirSync(dir)).toEqual([path.basename(sent.file!)]);
    const eml = readFileSync(sent.file!, "utf8");
    expect(eml).toMatch(/^From: Parkside Motor Group <no-reply@parksidemotorgroup\.com\.au>$/m);
    expect(eml).toMatch(/^To: mary@example\.com$/m);
    expect(eml).toMatch(/^Subject: Your sign-in link$/m);
    expect(eml).toMatch(/^Message-ID:\s+<[^>]+>$/m); // a long id is folded onto the next line
    expect(eml).toContain("Content-Type: text/plain");
    expect(eml).toContain("Content-Type: text/html");
    expect(eml).toContain("filename=lead.xml");
    await mailer.send(message);
    expect(readdirSync(dir)).toHaveLength(2);
    // the folder removed meanwhile (someone cleared the outbox): made again, nothing lost
    rmSync(dir, { recursive: true });
    const again = await mailer.send(message);
    expect(readdirSync(dir)).toEqual([path.basename(again.file!)]);
  });

  test("a sender named by the message (a site's alert) keeps the platform's address; extra headers are written", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "outbox-"));
    const sent = await new OutboxMailer(dir, FROM).send({
      ...message,
      from: { name: 'Tasman "Campers" Ltd' },
      headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });
    const eml = readFileSync(sent.file!, "utf8");
    expect(eml).toMatch(/^From: "Tasman \\"Campers\\" Ltd" <no-reply@parksidemotorgroup\.com\.au>$/m);
    expect(eml).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    rmSync(dir, { recursive: true });
  });

  test.each([
    ['Tasman "Campers", Ltd', 'Tasman "Campers", Ltd'],
    ["O'Brien Motors <sales@evil.example>", "O'Brien Motors <sales@evil.example>"],
    ["Parkside\r\nBcc: thief@example.com", "Parkside Bcc: thief@example.com"],
    ["Kōwhai Motors\tNZ", "Kōwhai Motors NZ"],
  ])("a site named %j sends as that name, at the platform's one address", async (name, shown) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "outbox-"));
    const sent = await new OutboxMailer(dir, FROM).send({ ...message, from: { name } });
    const eml = readFileSync(sent.file!, "utf8");
    expect(eml).not.toMatch(/^Bcc:/m);
    const m = await simpleParser(eml);
    expect(m.from?.value).toEqual([{ name: shown, address: "no-reply@parksidemotorgroup.com.au" }]);
    rmSync(dir, { recursive: true });
  });

  test("a line break in a header cannot add headers (no header injection)", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "outbox-"));
    const sent = await new OutboxMailer(dir, FROM).send({ ...message, subject: "Hello\r\nBcc: thief@example.com" });
    const eml = readFileSync(sent.file!, "utf8");
    expect(eml).not.toMatch(/^Bcc:/m);
  });
});

describe("SMTP mailer (SMTP_URL)", () => {
  const received: Array<{ from: string; to: string[]; data: string }> = [];
  let server: SMTPServer;
  let port = 0;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, done) {
        let data = "";
        stream.on("data", (c: Buffer) => (data += c.toString("utf8")));
        stream.on("end", () => {
          received.push({
            from: String(session.envelope.mailFrom && session.envelope.mailFrom.address),
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test("delivers to a real SMTP server", async () => {
    const smtp = new SmtpMailer(`smtp://127.0.0.1:${port}`, FROM);
    const sent = await smtp.send(message).finally(() => smtp.close());
    expect(sent.messageId).toMatch(/^<.+>$/);
    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe("no-reply@parksidemotorgroup.com.au");
    expect(received[0]!.to).toEqual(["mary@example.com"]);
    expect(received[0]!.data).toMatch(/^Subject: Your sign-in link$/m);
  });

  test("a server that cannot be reached is a clear failure (null), not a crash", async () => {
    const closed = new SmtpMailer("smtp://127.0.0.1:1", FROM);
    await expect(closed.send(message)).rejects.toThrow();
    expect(await sendMail(message, closed)).toBeNull();
    closed.close();
  });
});
