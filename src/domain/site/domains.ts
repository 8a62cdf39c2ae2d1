import { parse } from "tldts";
import { siteAnswersOn } from "./tenant";

/*
 * Which names can be a dealer's own, by the Public Suffix List (through the maintained tldts): a
 * public suffix (com.au, co.nz, github.io) is shared by every owner of a name under it, and a name
 * under a suffix the list does not know (.test, .lan) is registered nowhere. Neither can be a site's
 * domain, and the TLS front door is never told to get a certificate for one.
 */

export type SuffixProblem = "public suffix" | "unknown suffix";

/** Null when `name` (lower case, no trailing dot) is a registrable domain or a name under one. */
export function suffixProblem(name: string): SuffixProblem | null {
  const p = parse(name, { allowPrivateDomains: true });
  if (!p.isIcann && !p.isPrivate) return "unknown suffix";
  return p.domain ? null : "public suffix";
}

/** What the site record's domain field says about such a name. */
export function suffixMessage(name: string, problem: SuffixProblem): string {
  return problem === "public suffix"
    ? `${name} is a public suffix, shared by every name under it: enter the dealer's own domain, such as smithmotors.${name}`
    : "Enter a domain under a top-level domain that exists, such as smithmotors.com.au";
}

/**
 * Whether a TLS front door may get a certificate for `name` (a well-formed host name) on this site:
 * only a published site's domains and their www. names, and never a public suffix, whatever an
 * operator typed into a record before that was checked.
 */
export function certificateAllowed(site: { published: boolean; domainName: string; domains?: readonly string[] }, name: string): boolean {
  return site.published && siteAnswersOn(site, name) && suffixProblem(name.replace(/^www\./, "")) === null;
}
