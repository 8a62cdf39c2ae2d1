// A real SMTP server on loopback for the repo's scripts (delivery drills, bench): every message's
// recipients and raw text go to `onMessage`; `delayMs` slows each answer (deliveries stay in flight);
// `port` 0 takes a free one.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export async function startSmtpSink(onMessage: (rcptTo: string[], raw: string) => void, delayMs = 0, port = 0) {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, cb) {
      let raw = "";
      stream.on("data", (c: Buffer) => (raw += c.toString("latin1")));
      stream.on("end", () => {
        onMessage(
          session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
        );
        setTimeout(cb, delayMs);
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(port, "127.0.0.1", r));
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => smtp.close(r)),
  };
}

/** The lead id a delivered message carries (its ADF attachment's name). */
export const leadIdOf = (raw: string) => /lead-([0-9a-f-]{36})\.adf\.xml/.exec(raw)?.[1] ?? null;
