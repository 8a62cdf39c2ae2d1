import "server-only";
import { hostName } from "@/domain/site/tenant";
import { HttpError } from "./api";

const bare = (host: string) => hostName(host).replace(/^www\./, "");

/**
 * Another website must not post (a lead, a sign-in) through its visitors' browsers: a browser request says where
 * it comes from (Sec-Fetch-Site, Origin), and only this site itself may send one. Server-to-server
 * callers send neither header.
 */
export function checkOrigin(req: Request, message: string) {
  const fetchSite = req.headers.get("sec-fetch-site");
  if (fetchSite === "cross-site") throw new HttpError(403, message);
  const origin = req.headers.get("origin");
  if (origin === null) return;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw new HttpError(403, message);
  }
  if (bare(originHost) !== bare(req.headers.get("host") ?? "")) throw new HttpError(403, message);
}

/**
 * The back-office takes a write from its own pages only: its exact origin, scheme, host and port
 * (another port on the same name is another program, and a dealer's site on a sibling name is
 * same-site but not the back-office). The scheme is the one the request came in on (a TLS front
 * door says so in X-Forwarded-Proto, which a browser's page cannot set). API clients without a
 * browser send neither header.
 */
export function checkExactOrigin(req: Request, message: string) {
  const fetchSite = req.headers.get("sec-fetch-site");
  if (fetchSite !== null && fetchSite !== "same-origin" && fetchSite !== "none") throw new HttpError(403, message);
  const origin = req.headers.get("origin");
  if (origin === null) return;
  // a form posted from a page that sends no referrer (the invitation's, with its token in the address)
  // says Origin: null; the browser's own Sec-Fetch-Site still says it came from this very origin
  if (origin === "null" && fetchSite === "same-origin") return;
  const forwarded = req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  const scheme = forwarded === "https" || new URL(req.url).protocol === "https:" ? "https" : "http";
  const own = `${scheme}://${req.headers.get("host") ?? ""}`;
  // URL's origin drops a default port (https://name:443 is https://name); "null" or garbage is no origin of ours
  if (!URL.canParse(origin) || !URL.canParse(own) || new URL(origin).origin !== new URL(own).origin) throw new HttpError(403, message);
}

/** Reads a JSON body of at most `max` bytes: 413 beyond (declared or streamed), 400 when it is not JSON. */
export async function readJson(req: Request, max: number): Promise<unknown> {
  const text = await readText(req, max);
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, "The request body is not valid JSON.");
  }
}

/** At most the first `max` bytes of a text body (the rest is not read), and whether it was cut there. */
export async function readTextUpTo(req: Request, max: number): Promise<{ text: string; cut: boolean }> {
  const reader = req.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < max) {
    const r = await reader?.read();
    if (!r || r.done) return { text: Buffer.concat(chunks).toString("utf8"), cut: false };
    chunks.push(r.value);
    size += r.value.length;
  }
  const rest = await reader!.read();
  if (!rest.done) await reader!.cancel();
  const whole = Buffer.concat(chunks);
  return { text: whole.subarray(0, max).toString("utf8"), cut: !rest.done || whole.length > max };
}

/** Reads a text body of at most `max` bytes: 413 beyond, declared or streamed. */
export async function readText(req: Request, max: number): Promise<string> {
  if (Number(req.headers.get("content-length") ?? 0) > max)
    throw new HttpError(413, `The request is too large (at most ${max / 1024} KB).`);
  const reader = req.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const r = await reader?.read();
    if (!r || r.done) break;
    size += r.value.length;
    if (size > max) {
      await reader!.cancel();
      throw new HttpError(413, `The request is too large (at most ${max / 1024} KB).`);
    }
    chunks.push(r.value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
