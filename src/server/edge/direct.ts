import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { EDGE_MESSAGES } from "@/domain/http/messages";
import { log } from "@/server/base/log";
import { sendError } from "./security";

/*
 * A few hot API routes (POST /api/leads, GET /api/bookings/slots) are answered by the same route handler the Next
 * route exports, called straight from our Node server: Next's request pipeline (routing, tracing,
 * the web-stream body, response compression) cost more CPU than the whole lead does. The handler
 * gets a standard Request and gives a standard Response, as under Next.
 */
export type WebHandler = (req: Request) => Promise<Response>;

/** Origin of the Request handed to the handler: handlers read the tenant from the Host header, never from the URL. */
const BASE = "http://localhost";

/**
 * The body, cut after `max + 1` bytes: a longer one reaches the handler too long, and its own limit
 * answers 413 as under Next. A body declared longer than `max` is not read at all (the handler's
 * Content-Length check answers first; Node discards the rest).
 */
export function readBody(req: IncomingMessage, max: number): Promise<Buffer> {
  if (Number(req.headers["content-length"] ?? 0) > max) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      req.off("data", onData);
      req.off("end", done);
      req.off("error", reject);
      req.off("aborted", onAborted);
      resolve(Buffer.concat(chunks, Math.min(size, max + 1)));
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > max) {
        req.pause();
        done();
      }
    };
    const onAborted = () => reject(new Error("request aborted"));
    req.on("data", onData);
    req.on("end", done);
    req.on("error", reject);
    req.on("aborted", onAborted);
  });
}

/**
 * The body as a stream, read as the handler asks (a chunk queue of about 1 MB). When the handler
 * stops reading (it cancels: an upload over its limit), the rest is read and dropped, never
 * buffered and never cut off: the connection stays whole until the answer is sent (see linger.ts).
 */
export function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let dropping = false;
  const drop = () => {
    dropping = true;
    req.resume();
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.on("data", (chunk: Buffer) => {
          if (dropping) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.on("end", () => dropping || controller.close());
        req.on("aborted", () => dropping || controller.error(new Error("request aborted")));
        req.on("error", (err) => dropping || controller.error(err));
      },
      pull: () => void req.resume(),
      cancel: drop,
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 1024 * 1024 }),
  );
}

/**
 * The Node request as a standard Request (headers as given). The body is read up to `maxBody` + 1
 * bytes, or handed over as a stream (`"stream"`: uploads).
 */
export async function toRequest(req: IncomingMessage, maxBody: number | "stream"): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const method = req.method ?? "GET";
  if (method === "GET" || method === "HEAD") return new Request(BASE + (req.url ?? "/"), { method, headers });
  // a streamed body needs `duplex: "half"` (undici's; not yet in the DOM RequestInit type)
  if (maxBody === "stream")
    return new Request(BASE + (req.url ?? "/"), { method, headers, body: bodyStream(req), duplex: "half" } as RequestInit);
  const body = await readBody(req, maxBody);
  return new Request(BASE + (req.url ?? "/"), { method, headers, body: new Uint8Array(body) });
}

/** Writes a standard Response to the Node response (cookies kept apart, the body whole). */
export async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  // answered before the request's body was all read (a 413): the rest is dropped and the connection closed after it
  if (!res.req.complete) {
    res.shouldKeepAlive = false;
    res.req.resume();
  }
  for (const [name, value] of response.headers) if (name !== "set-cookie") res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("set-cookie", cookies);
  res.setHeader("content-length", body.length);
  res.writeHead(response.status);
  res.end(body);
}

/**
 * Serves one request with a web handler. A handler answers its own errors (our lead handler never
 * throws); anything that still escapes is a plain JSON 500 with nothing of the cause, and a client
 * that went away mid-body is simply dropped.
 */
export async function serveDirect(
  req: IncomingMessage,
  res: ServerResponse,
  handler: WebHandler,
  maxBody: number | "stream",
): Promise<void> {
  let request: Request;
  try {
    request = await toRequest(req, maxBody);
  } catch {
    res.destroy();
    return;
  }
  try {
    await sendResponse(res, await handler(request));
  } catch (err) {
    log.error({ err, path: request.url.slice(BASE.length).split("?")[0] }, "direct route failed");
    sendError(res, 500, EDGE_MESSAGES.failed, { json: true });
  }
}
