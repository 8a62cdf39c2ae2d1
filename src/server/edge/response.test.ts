import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { EdgeResponse } from "./response";

let server: http.Server<typeof http.IncomingMessage, typeof EdgeResponse> | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

/** A server whose every response is an EdgeResponse, set up by `prepare` and answered by `next`. */
async function serve(prepare: (res: EdgeResponse) => void, next: (res: EdgeResponse) => void) {
  server = http.createServer({ ServerResponse: EdgeResponse }, (_req, res) => {
    prepare(res);
    next(res);
  });
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  const r = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  return { status: r.status, headers: r.headers, body: await r.text() };
}

describe("the edge's response", () => {
  test.each([
    ["setHeader", (res: EdgeResponse) => res.setHeader("x-powered-by", "Next.js").writeHead(200).end("ok")],
    ["appendHeader", (res: EdgeResponse) => res.appendHeader("x-middleware-rewrite", "/sites/a").writeHead(200).end("ok")],
    ["writeHead's object", (res: EdgeResponse) => res.writeHead(200, { "x-nextjs-matched-path": "/sites/[site]" }).end("ok")],
    ["writeHead's flat list", (res: EdgeResponse) => res.writeHead(200, ["x-powered-by", "Next.js", "x-kept", "1"]).end("ok")],
  ])("an internal header set by %s never leaves", async (_how, next) => {
    const r = await serve(() => {}, next);
    expect([...r.headers.keys()].filter((k) => /powered|middleware|nextjs/.test(k))).toEqual([]);
    expect(r.body).toBe("ok");
  });

  test("security headers go on every answer unless its route set its own; the page CSP on HTML only", async () => {
    const secure = (res: EdgeResponse) =>
      res.secureHeaders({ "x-frame-options": "SAMEORIGIN", "referrer-policy": "no-referrer" }, { "content-security-policy": "page" });
    const page = await serve(secure, (res) =>
      res.writeHead(200, { "content-type": "text/html", "referrer-policy": "same-origin" }).end("<p>"),
    );
    expect([page.headers.get("x-frame-options"), page.headers.get("referrer-policy"), page.headers.get("content-security-policy")]).toEqual(
      ["SAMEORIGIN", "same-origin", "page"],
    );
    server!.close();
    const json = await serve(secure, (res) => res.writeHead(200, { "content-type": "application/json" }).end("{}"));
    expect([json.headers.get("x-frame-options"), json.headers.get("content-security-policy")]).toEqual(["SAMEORIGIN", null]);
  });

  test.each([
    [true, 500, "Something went wrong"],
    [false, 503, "taking a short break"],
  ])("a page's 500 becomes our own page (database up: %s → %i), and its body never reaches the client", async (up, status, words) => {
    const ended: number[] = [];
    const r = await serve(
      (res) => {
        res.guardErrors(false, async () => up);
        res.tapBody({ chunk: () => {}, end: () => ended.push(res.statusCode) });
      },
      (res) => {
        res.writeHead(500, { "content-type": "text/html" });
        res.write("<pre>stack trace: SELECT secret");
        res.end("</pre>");
      },
    );
    expect(r.status).toBe(status);
    expect(r.body).toContain(words);
    expect(r.body).not.toContain("stack trace");
    expect(r.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(ended).toEqual([status]); // what reads the body sees the replacement end, never a 200
  });

  test("an API's answer without JSON becomes our JSON error with its Allow; a JSON one passes", async () => {
    const bare = await serve(
      (res) => res.guardErrors(true, async () => true),
      (res) => res.writeHead(405, { allow: "POST" }).end(),
    );
    expect([bare.status, bare.headers.get("allow"), JSON.parse(bare.body)]).toEqual([
      405,
      "POST",
      { error: "This method is not allowed." },
    ]);
    server!.close();
    const own = await serve(
      (res) => res.guardErrors(true, async () => true),
      (res) => res.writeHead(503, { "content-type": "application/json" }).end('{"error":"ours"}'),
    );
    expect([own.status, own.body]).toEqual([503, '{"error":"ours"}']);
  });

  test("the body tap reads what the client is sent, as it streams", async () => {
    const seen: string[] = [];
    const r = await serve(
      (res) => res.tapBody({ chunk: (b) => seen.push(b.toString()), end: () => seen.push("|end") }),
      (res) => {
        res.writeHead(200, { "content-type": "text/html" });
        res.write("<p>one");
        res.end(Buffer.from("two</p>"));
      },
    );
    expect(r.body).toBe("<p>onetwo</p>");
    expect(seen).toEqual(["<p>one", "two</p>", "|end"]);
  });
  test("a failure is replaced even when something wrapped the response after us (Next's compression ends its part first)", async () => {
    const r = await serve(
      (res) => res.guardErrors(true, async () => true),
      (res) => {
        // as compression does: its own write/end on the instance, ending once
        const end = res.end.bind(res);
        let ended = false;
        res.end = ((...a: unknown[]) => (ended ? res : ((ended = true), end(...(a as []))))) as typeof res.end;
        res.writeHead(404, { "content-type": "text/html" }).end("<p>Next's 404</p>");
      },
    );
    expect([r.status, JSON.parse(r.body)]).toEqual([404, { error: "Not found." }]);
  });
});
