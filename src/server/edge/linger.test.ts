import { execFile } from "node:child_process";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { serveDirect } from "./direct";
import { lingerOnClose } from "./linger";

/*
 * A 413 answered after the first bytes of a large upload, while the client is still sending. Without
 * a lingering close the server's socket is closed with unread input, the kernel resets the
 * connection and the client often sees EPIPE/ECONNRESET instead of the answer.
 */
let server: Server | null = null;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

function tooLargeServer(linger: boolean): Promise<number> {
  // as POST /api/leads/with-files is served: the body streams to the handler, which stops after 1 MB
  server = createServer((req, res) =>
    serveDirect(
      req,
      res,
      async (request) => {
        const reader = request.body!.getReader();
        for (let seen = 0; seen <= 1024 * 1024;) seen += (await reader.read()).value?.length ?? Infinity;
        await reader.cancel();
        await new Promise((r) => setTimeout(r, 5)); // as the real handler: its temporary files removed first
        return Response.json({ error: "The attachments are too large." }, { status: 413 });
      },
      "stream",
    ),
  );
  if (linger) lingerOnClose(server, 3_000);
  return new Promise((resolve) => server!.listen(0, "127.0.0.1", () => resolve((server!.address() as AddressInfo).port)));
}

/**
 * The client, in a process of its own (as a browser is): `count` uploads one after another, each
 * streaming up to 80 MB in 256 KB chunks. Prints each answer's status and body, or the error the
 * client saw first.
 */
const CLIENT = `
import { request } from "node:http";
const [port, count] = process.argv.slice(1).map(Number);
const upload = () => new Promise((resolve) => {
  let sent = 0;
  const req = request({ host: "127.0.0.1", port, method: "POST", path: "/", agent: false, headers: { "transfer-encoding": "chunked" } }, (res) => {
    const chunks = [];
    res.on("data", (c) => chunks.push(c));
    res.on("end", () => resolve(res.statusCode + " " + Buffer.concat(chunks)));
  });
  req.on("error", (e) => resolve("error " + e.code));
  const chunk = Buffer.alloc(256 * 1024, 0x41);
  const pump = () => {
    while (sent < 80 * 1024 * 1024) {
      sent += chunk.length;
      if (!req.write(chunk)) return void req.once("drain", pump);
    }
    req.end();
  };
  pump();
});
const answers = [];
for (let i = 0; i < count; i++) answers.push(await upload());
console.log(JSON.stringify(answers));
`;
function uploads(port: number, count: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ["--input-type=module", "-e", CLIENT, String(port), String(count)], (err, stdout) =>
      err ? reject(err) : resolve(JSON.parse(stdout) as string[]),
    );
  });
}

describe("lingerOnClose", () => {
  test("a client still sending its body reads the early 413 every time", async () => {
    const port = await tooLargeServer(true);
    const answers = await uploads(port, 25);
    expect(new Set(answers)).toEqual(new Set(['413 {"error":"The attachments are too large."}']));
  }, 60_000);

  test("an ordinary answer still closes the connection when the client is done", async () => {
    const port = await tooLargeServer(true);
    const started = Date.now();
    const answer = await new Promise<string>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, method: "POST", path: "/", agent: false }, (res) => {
        res.resume();
        res.on("end", () => resolve(String(res.statusCode)));
      });
      req.on("error", reject);
      req.end(Buffer.alloc(2 * 1024 * 1024, 0x42));
    });
    expect(answer).toBe("413");
    // the server does not hold a closed connection for the linger time
    await new Promise<void>((r) => server!.close(() => r()));
    server = null;
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
