"use client";

import { usePathname } from "next/navigation";
import { useEffect } from "react";
import {
  activeParams,
  addVisitedPage,
  firstPageParams,
  firstReferrer,
  type StoredParams,
  type StoredReferrer,
} from "@/domain/leads/attribution";
import { readJson, writeJson } from "./storage";

const PAGES_KEY = "visited_pages";
const PARAMS_KEY = "first_page_params";
const REFERRER_KEY = "first_referrer";

const read = <T>(key: string, fallback: T): T => readJson(key, fallback);
const write = (key: string, value: unknown) => writeJson(key, value);

/** Records each page the shopper opens and the first page's tracked query parameters (docs/features/forms-and-leads.md). */
export function VisitTracker() {
  const pathname = usePathname();
  useEffect(() => {
    const pages = read<string[]>(PAGES_KEY, []);
    write(PAGES_KEY, addVisitedPage(Array.isArray(pages) ? pages.filter((p) => typeof p === "string") : [], pathname));
    const stored = read<StoredParams | null>(PARAMS_KEY, null);
    const next = firstPageParams(stored && typeof stored === "object" ? stored : null, window.location.search, Date.now());
    if (next !== stored) write(PARAMS_KEY, next);
    const had = read<StoredReferrer | null>(REFERRER_KEY, null);
    const referrer = firstReferrer(had && typeof had === "object" ? had : null, document.referrer, window.location.hostname, Date.now());
    if (referrer !== had) write(REFERRER_KEY, referrer);
  }, [pathname]);
  return null;
}

/** What every lead carries about the visit. */
export function attribution(): { visited_pages: string[]; linked_query_params: Record<string, string>; first_referrer?: string } {
  const pages = read<unknown>(PAGES_KEY, []);
  const referrer = read<StoredReferrer | null>(REFERRER_KEY, null);
  return {
    ...(referrer && typeof referrer.host === "string" && referrer.expires > Date.now() ? { first_referrer: referrer.host } : {}),
    visited_pages: Array.isArray(pages) ? pages.filter((p): p is string => typeof p === "string").slice(0, 50) : [],
    linked_query_params: activeParams(read<StoredParams | null>(PARAMS_KEY, null), Date.now()),
  };
}
