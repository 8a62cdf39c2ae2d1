import "server-only";
import { cache } from "react";
import { env } from "@/server/base/env";

let offset: number | undefined;

/**
 * The server's "now" for what shoppers see (open now, just sold, holiday weeks, the demo seed):
 * the real clock, or under APP_ENV=test a clock that started at TEST_NOW and runs on from there.
 */
export function serverNow(): number {
  if (offset === undefined) {
    const start = env().TEST_NOW;
    offset = start ? Date.parse(start) - Date.now() : 0;
  }
  return Date.now() + offset;
}

/** One "now" per request, so every part of a page agrees on what "sold within 3 days" means. */
export const requestNow = cache((): number => serverNow());

/**
 * The wall clock, once per request: what the database stamps rows with (`now()`), for durations
 * measured from those stamps (a lead's response timer), which must not run on a test clock.
 */
export const requestWallNow = cache((): number => Date.now());
