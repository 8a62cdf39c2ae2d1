import { cache } from "react";

/** One "now" per request, so every part of a page agrees on what "sold within 3 days" means. */
export const requestNow = cache((): number => Date.now());
